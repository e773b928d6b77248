// --cb_dro (reduction/cb_dro.h) and its chi-squared bound
// (reduction/chi_squared_bound.h): the quantile fit, the bound's range and
// convergence, and the weights --cb_dro hands the layer below.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "fixtures.h"
#include "learner/loss/loss.h"
#include "src/reduction/cb_dro.h"

namespace learner::test {
namespace {

TEST(ChiSquaredBound, QuantileFitsTheChiSquaredOneDofQuantile) {
  // Chi-squared(1) quantiles at 1 - alpha (tables).
  EXPECT_NEAR(ChiSquaredBound::quantile(0.05), 3.841459, 2e-3);
  EXPECT_NEAR(ChiSquaredBound::quantile(0.01), 6.634897, 2e-3);
  EXPECT_NEAR(ChiSquaredBound::quantile(0.1), 2.705543, 2e-3);
  EXPECT_NEAR(ChiSquaredBound::quantile(0.5), 0.454936, 2e-3);
}

TEST(ChiSquaredBound, StartsUnboundedAndChecksItsSettings) {
  ChiSquaredBound b(0.05, 0.999);
  EXPECT_TRUE(b.valid());
  EXPECT_EQ(b.qlb(2.0, 0.5, 1.0), 1.0);  // no samples: every weight 1
  EXPECT_FALSE(ChiSquaredBound(0.0, 0.9).valid());
  EXPECT_FALSE(ChiSquaredBound(0.05, 0.0).valid());
  EXPECT_FALSE(ChiSquaredBound(0.05, 0.9, 0.0, 1.0).valid());
  b.update(-1.0, 0.5);  // a negative weight is ignored
  EXPECT_EQ(b.effective_n(), 0.0);
}

// Pins the bound's arithmetic to the bit: the lower bound and two optimal
// weights after each of 9,000 updates (three settings, the infinite and finite
// fake-weight formulas, weights 0 to 10, rewards -1 to 1), hashed (FNV-1a over
// the doubles' bits). The hash is the one of the two candidate formulas before
// they shared their tail (chi_squared_candidate), under g++ -O3 and clang -O1.
TEST(ChiSquaredBound, ValuesArePinnedToTheBit) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&h](double x) { h = (h ^ std::bit_cast<uint64_t>(x)) * 1099511628211ull; };
  const float alphas[] = {0.05f, 0.1f, 0.3f}, taus[] = {0.999f, 0.99f, 1.0f}, wmaxs[] = {1e30f, 50.0f, 8.0f};
  const double ws[] = {0.0, 1.0 / 0.333f, 2.0, 4.0, 10.0, 1.0 / 0.9f};
  const double rs[] = {0.0, 1.0, 0.5, -1.0, 0.25};
  for (int k = 0; k < 3; ++k) {
    ChiSquaredBound b(alphas[k], taus[k], 0.0, k == 0 ? std::numeric_limits<double>::infinity() : double(wmaxs[k]));
    uint32_t s = 12345u + static_cast<uint32_t>(k);
    for (int i = 0; i < 3000; ++i) {
      s = s * 1664525u + 1013904223u;
      const double w = ws[(s >> 8) % 6], r = rs[(s >> 16) % 5];
      b.update(w, r);
      mix(b.lower_bound());
      mix(b.qlb(w, r, 1.0));
      mix(b.qlb(2.0, 1.0, 1.0));
    }
  }
  EXPECT_EQ(h, 0x6a1de5dbb8982625ull);
}

// Samples of an off-policy log: w = 1 / p with probability p (else 0) for
// the policy's action, r in [0, 1] with mean 0.6 when it is taken.
TEST(ChiSquaredBound, LowerBoundStaysInRangeBelowTheTruthAndTightens) {
  Rng rng(11);
  ChiSquaredBound b(0.05, 1.0);
  double sum_wr = 0.0;
  std::vector<double> bounds;
  for (int n = 1; n <= 4000; ++n) {
    const double p = 0.25;
    const bool taken = rng.uniform() < p;
    const double w = taken ? 1.0 / p : 0.0;
    const double r = rng.uniform() < 0.6 ? 1.0 : 0.0;
    b.update(w, r);
    sum_wr += w * r;
    const double lb = b.lower_bound();
    EXPECT_GE(lb, 0.0);
    EXPECT_LE(lb, 1.0);
    if (n % 1000 == 0) bounds.push_back(lb);
  }
  // Below the ips estimate, rising towards the true value 0.6 as samples accrue.
  EXPECT_LE(bounds.back(), sum_wr / 4000.0 + 1e-9);
  EXPECT_LT(bounds.front(), bounds.back());
  EXPECT_GT(bounds.back(), 0.5);
  EXPECT_LT(bounds.back(), 0.6);
  // The weights the duals give the samples are finite and non-negative.
  for (double w : {0.0, 2.0, 4.0})
    for (double r : {0.0, 1.0}) {
      const double q = b.qlb(w, r, 1.0);
      EXPECT_TRUE(std::isfinite(q));
      EXPECT_GE(q, -1e-12);
    }
}

// Scores every line 0; records every update.
class DroRecorder final : public Learner {
 public:
  DroRecorder() : loss_(make_loss(LossSpec{"squared"})) {}
  std::string_view name() const override { return "recording"; }
  const Loss& loss() const override { return *loss_; }
  double predict(const Example&, const std::vector<Feature>&, Parts) override { return 0.0; }
  void learn(const Example&, const std::vector<Feature>&, Parts, double, double, double importance) override {
    importances.push_back(importance);
  }
  void save(ModelWriter&, bool) const override {}
  void load(ModelReader&) override {}
  void write_text(std::FILE*, const NameMap*) const override {}
  std::vector<double> importances;

 private:
  std::unique_ptr<Loss> loss_;
};

TEST(CbDro, LearnsWithTheBoundsWeightAndReportsTheUnscaledOutcome) {
  Rng rng(3);
  DroRecorder learner;
  LabelRange range;
  CbAdfSettings adf;
  adf.type = CbAdfType::kIps;  // every line learned with its importance
  CbDro dro(CbDroSettings{}, std::make_unique<CbAdf>(adf, learner, range));
  ChiSquaredBound reference(CbDroSettings{}.alpha, CbDroSettings{}.tau, 0.0, CbDroSettings{}.wmax);
  ExampleGroup g;
  for (int n = 0; n < 300; ++n) {
    const uint32_t k = 2 + rng.below(4), logged = rng.below(k);
    const float p = 0.1f + 0.8f * static_cast<float>(rng.uniform()), cost = -static_cast<float>(rng.below(2));
    g.clear();
    for (uint32_t a = 0; a < k; ++a) {
      GroupLine& line = g.add();
      line = GroupLine{};
      line.features.push_back({1.0f, a});
      if (a == logged) {
        line.ex.has_label = true;
        line.ex.costs.push_back({a, cost, p});
      }
    }
    learner.importances.clear();
    const Outcome& o = dro.process(g, true);
    // Every score is 0: --cb_adf predicts action 0.
    const float w = 1.0f / p;
    reference.update(logged == 0 ? w : 0.0f, -cost);
    const float q = std::max(static_cast<float>(reference.effective_n() * reference.qlb(w, -cost, 1.0) / w), 0.01f);
    EXPECT_FLOAT_EQ(dro.last_multiplier(), q) << n;
    ASSERT_EQ(learner.importances.size(), k);
    for (double imp : learner.importances) EXPECT_FLOAT_EQ(static_cast<float>(imp), q) << n;
    EXPECT_EQ(o.weight, 1.0);  // the statistics see the example's own weight
    EXPECT_TRUE(o.labeled);
  }
  // Predict-only examples teach nothing and leave the bound alone.
  learner.importances.clear();
  const float before = dro.last_multiplier();
  dro.process(g, false);
  EXPECT_TRUE(learner.importances.empty());
  EXPECT_EQ(dro.last_multiplier(), before);
}

}  // namespace
}  // namespace learner::test
