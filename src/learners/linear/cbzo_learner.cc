#include "cbzo_learner.h"
#include "learner/learners/plugins.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include "learner/error.h"
#include "learner/model/model_file.h"
#include "learner/model/text_model.h"
#include "learner/parse/hash.h"

namespace learner {
namespace {

constexpr float kMinDenominator = 1e-6f;  // VW 9.11.2's guard on a - centroid

class CbzoLearner final : public Learner {
 public:
  CbzoLearner(const CbzoLearnerConfig& c, const Loss& loss)
      : config_(c), loss_(loss), mask_((uint64_t{1} << c.bits) - 1), w_(mask_ + 1, 0.0f) {}

  std::string_view name() const override { return "cbzo"; }
  const Loss& loss() const override { return loss_; }

  double predict(const Example&, const std::vector<Feature>& x, Parts) override { return centroid(x); }

  void learn(const Example& ex, const std::vector<Feature>& x, Parts, double p_hat, double label,
             double importance) override {
    if (!(importance > 0.0) || ex.costs.empty() || ex.costs.front().cost == kUnknownCost) return;
    float d = static_cast<float>(label) - static_cast<float>(p_hat);
    if (d == 0.0f) return;
    if (d > 0.0f && d < kMinDenominator) d = kMinDenominator;
    if (d < 0.0f && d > -kMinDenominator) d = -kMinDenominator;
    const float g = ex.costs.front().cost / d;
    const float mult = -config_.rate;
    if (!config_.linear) {
      float& w = w_[kConstantIndex & mask_];
      const float next = w + mult * (g + regulariser(kConstantIndex, w));
      if (std::isfinite(next)) w = next; else ++dropped_;
      return;
    }
    for (const Feature& f : x) {  // one feature at a time, as VW's foreach_feature
      float& w = w_[f.index & mask_];
      const float next = w + mult * (g * f.value + regulariser(f.index, w));
      if (std::isfinite(next)) w = next; else ++dropped_;
    }
  }

  uint64_t dropped_updates() const override { return dropped_; }

  void save(ModelWriter& out, bool) const override {
    out.begin_section("cbzo.config", 1);
    out.put<uint32_t>(config_.bits);
    out.put<uint8_t>(config_.linear ? 1 : 0);
    out.begin_section("cbzo.weights", 1);
    uint64_t m = 0;
    for (float v : w_) m += v != 0.0f;
    out.put<uint64_t>(m);
    for (uint64_t s = 0; s < w_.size(); ++s) {
      if (w_[s] == 0.0f) continue;
      out.put<uint32_t>(static_cast<uint32_t>(s));
      out.put<float>(w_[s]);
    }
  }

  void load(ModelReader& in) override {
    in.section("cbzo.config", 1);
    const auto bits = in.get<uint32_t>();
    const auto linear = in.get<uint8_t>();
    if (bits != config_.bits)
      throw Error(in.path() + ": the model has -b " + std::to_string(bits) + ", this run -b " +
                  std::to_string(config_.bits));
    if (linear > 1 || (linear == 1) != config_.linear) throw Error(in.path() + ": corrupt cbzo.config (policy)");
    in.section("cbzo.weights", 1);
    std::fill(w_.begin(), w_.end(), 0.0f);
    const uint64_t m = in.get_count(w_.size(), "cbzo weights");
    int64_t last = -1;
    for (uint64_t i = 0; i < m; ++i) {
      const auto s = in.get<uint32_t>();
      const auto v = in.get<float>();
      if (static_cast<int64_t>(s) <= last || s >= w_.size() || v == 0.0f || !std::isfinite(v))
        throw Error(in.path() + ": corrupt cbzo.weights (entry " + std::to_string(i + 1) + ")");
      w_[s] = v;
      last = s;
    }
  }

  void write_text(std::FILE* out, const NameMap* names) const override {
    const uint64_t mask = mask_;
    const SlotNames by_slot = names_by_slot(names, 1, [mask](uint32_t h, uint32_t) { return h & mask; });
    char value[32];
    for (uint64_t s = 0; s < w_.size(); ++s) {
      if (w_[s] == 0.0f) continue;
      std::snprintf(value, sizeof value, "%g", static_cast<double>(w_[s]));
      print_slot(out, by_slot, s, "", value);
    }
  }

  bool audit_weight(uint32_t index, uint32_t, AuditWeight& out) const override {
    out.slot = index & mask_;
    out.weight = w_[out.slot];
    return true;
  }
  uint64_t nonzero_weights() const override {
    uint64_t n = 0;
    for (float v : w_) n += v != 0.0f;
    return n;
  }
  uint64_t weight_slots() const override { return w_.size(); }

 private:
  float centroid(const std::vector<Feature>& x) const {
    if (!config_.linear) return w_[kConstantIndex & mask_];
    float dot = 0.0f;
    for (const Feature& f : x) dot += f.value * w_[f.index & mask_];
    return dot;
  }
  // VW's l1 and l2 terms of one weight (none for Constant with --no_bias_regularization).
  float regulariser(uint32_t index, float w) const {
    if (config_.no_bias && index == kConstantIndex) return 0.0f;
    return (w >= 0.0f ? config_.l1 : -config_.l1) + config_.l2 * w;
  }

  CbzoLearnerConfig config_;
  const Loss& loss_;
  uint64_t mask_;
  std::vector<float> w_;
  uint64_t dropped_ = 0;
};

}  // namespace

std::unique_ptr<Learner> make_cbzo_learner(const CbzoLearnerConfig& config, const Loss& loss) {
  if (config.bits < 1 || config.bits > 32) throw Error("cbzo: -b must be in 1..32");
  for (float v : {config.rate, config.l1, config.l2})
    if (!(std::isfinite(v) && v >= 0.0f)) throw Error("cbzo: -l, --l1 and --l2 must be finite and >= 0");
  return std::make_unique<CbzoLearner>(config, loss);
}

const LearnerPlugin& cbzo_learner_plugin() {
  static const LearnerPlugin plugin = [] {
    LearnerPlugin p;
    p.name = "cbzo";
    p.title = "the zeroth-order learner of --cbzo";
    // --l1 and --l2 are declared by the gradient learner's table too; listed
    // here so that --cbzo's learner takes them (VW's cbzo reads them).
    const double inf = std::numeric_limits<double>::infinity();
    OptionSpec l1 = number_option("l1", OptionKind::kNumber, "0", 0, inf, "--cbzo: l1 sign(w) added to each gradient", true);
    OptionSpec l2 = number_option("l2", OptionKind::kNumber, "0", 0, inf, "--cbzo: l2 w added to each gradient", true);
    l1.resumable = l2.resumable = true;
    p.options = {l1, l2};
    p.make = [](const LearnerContext& c) -> std::unique_ptr<Learner> {
      CbzoLearnerConfig config;
      config.bits = c.bits;
      config.linear = c.values.text("policy") != "constant";
      if (c.values.given("learning_rate")) config.rate = static_cast<float>(c.values.number("learning_rate"));
      config.l1 = static_cast<float>(c.values.number("l1"));
      config.l2 = static_cast<float>(c.values.number("l2"));
      config.no_bias = c.values.flag("no_bias_regularization");
      return make_cbzo_learner(config, c.loss);
    };
    return p;
  }();
  return plugin;
}

}  // namespace learner
