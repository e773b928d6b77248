// BatchLearner driven directly: every global sum goes through the group, so
// N ranks holding shards of the data take the step one process takes on all
// of it.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <random>
#include <vector>

#include "src/learners/batch/batch_learner.h"
#include "learner/learners/gd/config.h"
#include "learner/loss/loss.h"
#include "learners/gd/fixed_config.h"

namespace learner {
namespace {

struct Data {
  std::vector<Example> examples;
  std::vector<std::vector<Feature>> features;
};

Data logistic_data(int n) {
  std::mt19937 rng(3);
  std::normal_distribution<double> normal(0.0, 1.0);
  Data d;
  for (int i = 0; i < n; ++i) {
    const float a = static_cast<float>(normal(rng)), b = static_cast<float>(normal(rng));
    Example ex;
    ex.has_label = true;
    ex.label = (a - 0.5f * b + 0.4f * static_cast<float>(normal(rng))) > 0 ? 1.0f : -1.0f;
    d.examples.push_back(ex);
    d.features.push_back({{a, 1}, {b, 2}, {1.0f, 3}});
  }
  return d;
}

// A stand-in for N ranks that all hold the same shard: sums multiply by N.
class Copies final : public AllReduce {
 public:
  explicit Copies(int n) : n_(n) {}
  int rank() const override { return 0; }
  int size() const override { return n_; }
  void sum(std::span<double> v) override {
    ++calls;
    for (double& x : v) x *= n_;
  }
  void sum(std::span<float> v) override {
    ++calls;
    for (float& x : v) x *= static_cast<float>(n_);
  }
  void sum(std::span<uint64_t> v) override {
    ++calls;
    for (uint64_t& x : v) x *= static_cast<uint64_t>(n_);
  }
  bool agree_failed(bool failed) override { return failed; }
  std::vector<std::string> gather(const std::string& mine) override {
    return std::vector<std::string>(static_cast<std::size_t>(n_), mine);
  }
  int calls = 0;

 private:
  int n_;
};

// Runs `passes` passes over `data` (the last one closed by end_training()).
std::vector<BatchPass> train(const Data& data, AllReduce* group, double l2, unsigned passes, std::vector<double>* out) {
  const std::unique_ptr<Loss> loss = make_loss(LossSpec{"logistic"});
  CoreConfig core = fixed_config();
  core.bits = 4;
  BatchConfig config;
  config.l2 = l2;
  config.quiet = true;
  config.termination = 0;
  BatchLearner learner(config, core, *loss, group);
  for (unsigned p = 0; p < passes && !learner.converged(); ++p) {
    for (std::size_t i = 0; i < data.examples.size(); ++i) {
      const double p_hat = learner.predict(data.examples[i], data.features[i], kSinglePart);
      learner.learn(data.examples[i], data.features[i], kSinglePart, p_hat, data.examples[i].label, 1.0);
    }
    if (p + 1 < passes) learner.end_pass(); else learner.end_training();
  }
  for (std::size_t i = 0; i < data.examples.size(); ++i)
    out->push_back(learner.predict(data.examples[i], data.features[i], kSinglePart));
  return learner.passes();
}

// Two ranks holding the same shard are one process holding it twice; with
// l2 > 0 a gradient, curvature or loss left unsummed would change the steps.
TEST(BatchLearner, TwoRanksWithTheSameShardTakeTheStepsOfOneProcessWithBothShards) {
  const Data shard = logistic_data(200);
  Data both = shard;
  both.examples.insert(both.examples.end(), shard.examples.begin(), shard.examples.end());
  both.features.insert(both.features.end(), shard.features.begin(), shard.features.end());
  for (const double l2 : {0.0, 5.0}) {
    std::vector<double> alone, two;
    const std::vector<BatchPass> a = train(both, nullptr, l2, 12, &alone);
    Copies copies(2);
    const std::vector<BatchPass> b = train(shard, &copies, l2, 12, &two);
    EXPECT_GE(copies.calls, 12 * 2);  // at least the scalars and the gradient, every pass
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_NEAR(b[i].objective, a[i].objective, 1e-6 * a[i].objective) << l2 << " " << i;
      EXPECT_DOUBLE_EQ(b[i].weight, a[i].weight);
    }
    for (std::size_t i = 0; i < two.size(); ++i) EXPECT_NEAR(alone[i], two[i], 1e-5) << l2 << " " << i;
  }
}

TEST(BatchLearner, AcceptedObjectivesNeverRiseAndTheLastAcceptedWeightsAreKept) {
  const Data data = logistic_data(300);
  std::vector<double> predictions;
  const std::vector<BatchPass> passes = train(data, nullptr, 0.1, 15, &predictions);
  ASSERT_GE(passes.size(), 10u);
  EXPECT_NEAR(passes.front().objective, 300 * std::log(2.0), 1e-9);
  double last = passes.front().objective;
  for (const BatchPass& p : passes)
    if (p.accepted) {
      EXPECT_LE(p.objective, last);
      last = p.objective;
    }
  EXPECT_LT(last, 0.6 * passes.front().objective);
}

// Armijo's sufficient decrease (VW's wolfe1 bound, c1 = 0.01): a trial point
// is accepted only when F <= F_prev + 0.01 alpha g.d. One weight, squared
// loss (p - y)^2, label 1 at x = 1: F_prev = 1, g = -2, D = 1/2, d = 1, and
// the curvature pass's step is alpha = 1. The trial pass then sees a label
// that puts F just below F_prev (0.99: a decrease of 0.5% of alpha |g.d| = 2,
// not accepted) or well below it (0.97, accepted).
TEST(BatchLearner, ATrialThatBarelyLowersTheObjectiveIsNotAccepted) {
  const std::unique_ptr<Loss> loss = make_loss(LossSpec{"squared"});
  CoreConfig core = fixed_config();
  core.bits = 4;
  BatchConfig config;
  config.quiet = true;
  config.termination = 0;
  const std::vector<Feature> x = {{1.0f, 1}};
  for (const double trial_f : {0.99, 0.97}) {
    BatchLearner learner(config, core, *loss, nullptr);
    Example ex;
    ex.has_label = true;
    auto pass = [&](double label) {
      learner.learn(ex, x, kSinglePart, learner.predict(ex, x, kSinglePart), label, 1.0);
      learner.end_pass();
    };
    pass(1.0);  // the gradient at w = 0
    pass(1.0);  // the curvature along d
    EXPECT_DOUBLE_EQ(learner.predict(ex, x, kSinglePart), 1.0);  // w = alpha d = 1
    pass(1.0 - std::sqrt(trial_f));  // F(w = 1) = trial_f
    const std::vector<BatchPass>& passes = learner.passes();
    ASSERT_EQ(passes.size(), 2u);
    EXPECT_DOUBLE_EQ(passes[0].objective, 1.0);
    EXPECT_NEAR(passes[1].objective, trial_f, 1e-12);
    EXPECT_EQ(passes[1].accepted, trial_f < 0.98) << trial_f;
  }
}

}  // namespace
}  // namespace learner
