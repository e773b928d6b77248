#include "boosting.h"
#include "learner/reduction/plugins.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/loss/loss.h"
#include "learner/model/model_file.h"
#include "learner/model/weight_init.h"
#include "layer.h"

namespace learner {
namespace {

enum class Algorithm { kBbm, kLogistic, kAdaptive };

// C(n, k) in integers, as VW's choose (0 outside 0 <= k <= n).
int64_t choose(int64_t n, int64_t k) {
  if (k > n || k < 0) return 0;
  int64_t r = 1;
  for (int64_t d = 1; d <= k; ++d) {
    r *= n--;
    r /= d;
  }
  return r;
}

class Boosting final : public detail::Layer {
 public:
  Boosting(Learner& below, uint32_t learners, Algorithm algorithm, double gamma, uint32_t seed)
      : Layer(below, learners),
        algorithm_(algorithm),
        gamma_(static_cast<float>(gamma)),
        state_(seed),
        alpha_(learners, 0.0f),
        v_(learners, 1.0f) {}

  double predict(const Example& ex, const std::vector<Feature>& x, Parts parts) override {
    const float stop = algorithm_ == Algorithm::kAdaptive ? merand48(state_) : 0.0f;
    float total = 0.0f, v_sum = 0.0f;
    for (uint32_t i = 0; i < width_; ++i) {
      const float y = static_cast<float>(clip(below_.predict(ex, x, round(parts, i))));
      last_prediction_ = y;  // the last learner called, at weight 1 (own_outcome)
      if (algorithm_ == Algorithm::kBbm) {
        total += y;
      } else if (algorithm_ == Algorithm::kLogistic) {
        total += y * alpha_[i];
      } else {
        if (v_sum > stop) break;  // the adaptive prediction stops here
        total += y * alpha_[i];
        v_sum += v_[i];
      }
    }
    prediction_ = total;
    loss_weight_ = 1.0;
    return total;
  }

  // VW's learn is a pass of its own after its predict (boosting's learn does
  // not return the prediction): every weak learner predicts again before it
  // learns, and the combined prediction is the learn pass's.
  void learn(const Example& ex, const std::vector<Feature>& x, Parts parts, double, double label,
             double importance) override {
    ++t_;
    const float u = static_cast<float>(importance), y_label = static_cast<float>(label);
    const float eta = 4.0f / std::sqrt(static_cast<float>(t_));
    const float stop = algorithm_ == Algorithm::kAdaptive ? merand48(state_) : 0.0f;
    float s = 0.0f, total = 0.0f, partial = 0.0f, v_sum = 0.0f, v_norm = 0.0f;
    const int n = static_cast<int>(width_);
    for (int i = 0; i < n; ++i) {
      float w;
      if (algorithm_ == Algorithm::kBbm) {
        const float k = std::floor((n - i - s) / 2);
        const int64_t c = (k > n - (i + 1) || k < 0) ? 0 : choose(n - (i + 1), static_cast<int64_t>(k));
        w = static_cast<float>(c) * static_cast<float>(std::pow(0.5 + gamma_, static_cast<double>(k))) *
            static_cast<float>(std::pow(0.5 - gamma_, static_cast<double>(n - (i + 1) - k)));
      } else {
        w = 1.0f / (1.0f + std::exp(s));
      }
      const float weight = u * w;
      const Parts round_i = round(parts, static_cast<uint32_t>(i));
      const float y = static_cast<float>(clip(below_.predict(ex, x, round_i)));
      if (weight > 0) {  // VW's scorer: the loss of a learner called with positive weight
        last_prediction_ = y;
        loss_weight_ = w;
      }
      if (algorithm_ == Algorithm::kBbm) {
        s += y_label * y;
        total += y;
      } else {
        const float z = y_label * y;
        s += z * alpha_[i];
        if (algorithm_ == Algorithm::kLogistic) {
          total += y * alpha_[i];
        } else {
          if (v_sum <= stop) total += y * alpha_[i];
          partial += y * alpha_[i];
          v_sum += v_[i];
          if (y_label * partial < 0) v_[i] *= 0.36788f;  // e^-1
          v_norm += v_[i];
        }
        alpha_[i] = std::clamp(alpha_[i] + eta * z / (1.0f + std::exp(s)), -2.0f, 2.0f);
      }
      below_.learn(ex, x, round_i, y, label, weight);
    }
    if (algorithm_ == Algorithm::kAdaptive && v_norm != 0)
      for (float& v : v_) v /= v_norm;
    prediction_ = total;
  }

  // The combined prediction, unclipped, and VW's loss: the last weak learner
  // called (with positive weight), at its prediction, times its weight factor.
  bool own_outcome(double label, double& prediction, double& loss) const override {
    prediction = prediction_;
    loss = below_.loss().loss(last_prediction_, label) * loss_weight_;
    return true;
  }

  void save(ModelWriter& out, bool with_state) const override {
    below_.save(out, with_state);
    out.begin_section("boosting", 1);
    out.put<uint32_t>(width_);
    out.put_floats(alpha_.data(), alpha_.size());
    out.put_floats(v_.data(), v_.size());
  }
  void load(ModelReader& in) override {
    below_.load(in);
    in.section("boosting", 1);
    if (in.get<uint32_t>() != width_) throw Error(in.path() + ": the boosting section has another number of learners");
    in.get_floats(alpha_.data(), alpha_.size(), "boosting alphas");
    in.get_floats(v_.data(), v_.size(), "boosting learner weights");
    for (float a : alpha_)
      if (!std::isfinite(a)) throw Error(in.path() + ": a boosting alpha is not finite");
  }

 private:
  const Algorithm algorithm_;
  const float gamma_;
  uint64_t state_;            // VW's random state (--alg adaptive), from --random_seed
  std::vector<float> alpha_;  // logistic, adaptive
  std::vector<float> v_;      // adaptive
  uint64_t t_ = 0;            // examples learned
  double prediction_ = 0.0;
  double last_prediction_ = 0.0;  // the last weak learner called (own_outcome)
  double loss_weight_ = 1.0;      // ... and its weight factor
};

Algorithm algorithm_of(const OptionValues& v) {
  const std::string alg = v.text("alg");
  if (alg == "BBM") return Algorithm::kBbm;
  if (alg == "logistic") return Algorithm::kLogistic;
  if (alg == "adaptive") return Algorithm::kAdaptive;
  throw UsageError("--alg must be BBM, logistic or adaptive, got '" + alg + "'");
}

// --gamma is also the kernel perceptron's option (declared there with its
// own default): the weak learners' edge is kDefaultEdge unless given.
constexpr double kDefaultEdge = 0.1;
double gamma_of(const OptionValues& v) { return v.given("gamma") ? v.number("gamma") : kDefaultEdge; }

}  // namespace

const LayerPlugin& boosting_plugin() {
  static const LayerPlugin plugin = [] {
    LayerPlugin p;
    p.name = "boosting";
    p.title = "online boosting";
    p.options = {number_option("boosting", OptionKind::kCount, "", 1, 1024,
                               "online boosting with N weak learners (VW's; --gamma G: the weak learners' edge "
                               "for BBM, default " + default_text(kDefaultEdge) + ")",
                               true),
                 text_option("alg", "with --boosting: BBM (online boost-by-majority, the default), logistic "
                                    "(AdaBoost.OL.W) or adaptive (AdaBoost.OL)",
                             0, "BBM", true),
                 number_option("gamma", OptionKind::kNumber, default_text(kDefaultEdge), 0, 0.5, "")};
    p.validate = [](const OptionValues& v) {
      algorithm_of(v);
      if (v.given("kernel")) throw UsageError("--boosting and --kernel both read --gamma; use one of them");
      const double g = gamma_of(v);
      if (g > 0.5) throw UsageError("--gamma with --boosting is the weak learners' edge, in (0, 0.5]");
    };
    p.width = [](const OptionValues& v) { return static_cast<uint32_t>(v.number("boosting")); };
    p.make = [](const LayerContext& c, Learner& below) -> std::unique_ptr<Learner> {
      return std::make_unique<Boosting>(below, static_cast<uint32_t>(c.values.number("boosting")),
                                        algorithm_of(c.values), gamma_of(c.values), c.seed);
    };
    p.describe = [](const OptionValues& v) {
      char gamma[32];
      std::snprintf(gamma, sizeof gamma, "%g", gamma_of(v));
      return "boosting " + std::to_string(static_cast<uint32_t>(v.number("boosting"))) + " (" + v.text("alg") +
             (v.text("alg") == "BBM" ? std::string(", gamma ") + gamma : std::string()) + ")";
    };
    return p;
  }();
  return plugin;
}

}  // namespace learner
