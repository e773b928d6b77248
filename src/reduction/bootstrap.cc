#include "bootstrap.h"
#include "learner/reduction/plugins.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/model/weight_init.h"
#include "layer.h"

namespace learner {

uint32_t poisson_one(uint64_t& state) {
  const double u = merand48(state);
  double term = std::exp(-1.0), cdf = term;
  for (uint32_t k = 0; k < 20; ++k) {
    if (u <= cdf) return k;
    term /= k + 1;
    cdf += term;
  }
  return 20;
}

namespace {

// VW's vote (bs.cc's bs_predict_vote), rule for rule: the rounds' predictions
// rounded to integers; Boyer-Moore's candidate; with more than two distinct
// votes and no strict majority, the most frequent vote of the sorted list,
// ties to the smallest, where (as VW) the last run of equal votes is never
// counted.
double vote(const std::vector<double>& predictions, std::vector<long>& votes) {
  const std::size_t n = predictions.size();
  votes.resize(n);
  long current = 1, first = 1;
  std::size_t counter = 0;
  bool many = false;  // more than two distinct votes
  for (std::size_t i = 0; i < n; ++i) {
    votes[i] = static_cast<long>(std::floor(predictions[i] + 0.5));
    if (!many) {
      if (i == 0) first = current = votes[0];
      else if (first != current && votes[i] != current && votes[i] != first) many = true;
    }
    if (counter == 0) {
      counter = 1;
      current = votes[i];
    } else if (votes[i] == current) {
      ++counter;
    } else {
      --counter;
    }
  }
  if (!many) return static_cast<double>(current);
  if (counter > 0 && 2 * static_cast<std::size_t>(std::count(votes.begin(), votes.end(), current)) > n)
    return static_cast<double>(current);
  std::sort(votes.begin(), votes.end());
  long run_value = votes[0];
  std::size_t best = 1, run = 1;
  for (std::size_t i = 1; i < n; ++i) {
    if (votes[i] == run_value) {
      ++run;
      continue;
    }
    if (run > best) {
      current = run_value;
      best = run;
    }
    run_value = votes[i];
    run = 1;
  }
  return static_cast<double>(current);
}

class Bootstrap final : public detail::Layer {
 public:
  Bootstrap(Learner& below, uint32_t rounds, bool by_vote, uint32_t sub_models_above, uint32_t seed)
      : Layer(below, rounds),
        by_vote_(by_vote),
        state_(seed),
        factors_(std::size_t{sub_models_above} * rounds),
        rounds_(std::size_t{sub_models_above} * rounds),
        last_(rounds) {}

  bool own_outcome(double label, double& prediction, double& loss) const override {
    if (!by_vote_) return false;
    prediction = vote_;
    loss = vote_ == label ? 0.0 : 1.0;  // VW's vote: 0/1 loss
    return true;
  }

  // Each call draws the rounds' factors (VW draws them whether or not it learns).
  double predict(const Example& ex, const std::vector<Feature>& x, Parts parts) override {
    const std::size_t at = std::size_t{parts[0].index} * width_;
    double sum = 0.0;
    for (uint32_t j = 0; j < width_; ++j) {
      factors_[at + j] = poisson_one(state_);
      last_[j] = rounds_[at + j] = clip(below_.predict(ex, x, round(parts, j)));
      sum += last_[j];
    }
    if (by_vote_) return vote_ = vote(last_, votes_);
    return sum / width_;
  }

  // Each round learns at its own prediction, with the factor its predict()
  // drew, or, when the caller's learn() is a pass of its own (--oaa), with a
  // fresh draw (VW's bootstrap is called again and draws again).
  void learn(const Example& ex, const std::vector<Feature>& x, Parts parts, double, double label,
             double importance) override {
    const std::size_t at = std::size_t{parts[0].index} * width_;
    for (uint32_t j = 0; j < width_; ++j) {
      if (learn_is_own_pass_) factors_[at + j] = poisson_one(state_);
      if (factors_[at + j] > 0)
        below_.learn(ex, x, round(parts, j), rounds_[at + j], label, importance * factors_[at + j]);
    }
  }

  bool prediction_line(double shown, const std::string& tag, std::string& out) const override {
    const auto [low, high] = std::minmax_element(last_.begin(), last_.end());
    char text[96];
    std::snprintf(text, sizeof text, "%f", shown);
    out = text;
    if (!tag.empty()) out.append(" ").append(tag);
    std::snprintf(text, sizeof text, " %f %f", *low, *high);
    out += text;
    return true;
  }

 private:
  const bool by_vote_;
  uint64_t state_;                 // VW's random state, from --random_seed
  std::vector<uint32_t> factors_;  // per sub-model above and round: the last draw
  std::vector<double> rounds_;     // ... and that round's clipped prediction
  std::vector<double> last_;       // the last predict()'s rounds (-p's lower and upper)
  std::vector<long> votes_;
  double vote_ = 0.0;  // the last predict()'s vote
};

}  // namespace

const LayerPlugin& bootstrap_plugin() {
  static const LayerPlugin plugin = [] {
    LayerPlugin p;
    p.name = "bootstrap";
    p.title = "bootstrap";
    p.options = {number_option("bootstrap", OptionKind::kCount, "", 1, 1024,
                               "online bootstrap with N rounds (VW's): each round learns each example with a "
                               "Poisson(1) importance factor; the prediction is their mean (-p adds the rounds' "
                               "lowest and highest) or their vote",
                               true),
                 text_option("bs_type", "with --bootstrap: mean (default) or vote (the majority of the rounds' "
                                        "predictions rounded to integers; loss 0/1)",
                             0, "mean", true)};
    p.validate = [](const OptionValues& v) {
      const std::string type = v.text("bs_type");
      if (type != "mean" && type != "vote")
        throw UsageError("--bs_type must be mean or vote, got '" + type + "'");
    };
    p.width = [](const OptionValues& v) { return static_cast<uint32_t>(v.number("bootstrap")); };
    p.make = [](const LayerContext& c, Learner& below) -> std::unique_ptr<Learner> {
      return std::make_unique<Bootstrap>(below, static_cast<uint32_t>(c.values.number("bootstrap")),
                                         c.values.text("bs_type") == "vote", c.sub_models_above, c.seed);
    };
    p.describe = [](const OptionValues& v) {
      return "bootstrap " + std::to_string(static_cast<uint32_t>(v.number("bootstrap"))) + " (" + v.text("bs_type") +
             ")";
    };
    return p;
  }();
  return plugin;
}

}  // namespace learner
