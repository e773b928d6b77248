// Paths with several dyadic terms (PredictionPath::add_term: several
// --dotproduct pairs): evaluation, inverse, and the updates' invariance and
// safety, plus the decaying first-arrival search.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "dyadic_helper.h"
#include "learner/loss/loss.h"
#include "loss_cases.h"
#include "property_cases.h"

namespace learner {
namespace {

using testing::multi_term_path;

TEST(MultiTermTest, EvaluationSlopeAndInverse) {
  std::mt19937_64 rng(71);
  std::uniform_real_distribution<double> ut(-1.5, 1.5);
  for (int i = 0; i < 2000; ++i) {
    const PredictionPath path = multi_term_path(rng, 2 + i % 3);
    ASSERT_TRUE(path.has_extra());
    ASSERT_FALSE(path.is_affine());
    double p0 = path.p_lin0 + 0.5 * (path.P - path.M);
    for (int j = 0; j < path.n_extra; ++j) p0 += 0.5 * (path.extra[j].P - path.extra[j].M);
    EXPECT_NEAR(path.at(0.0), p0, 1e-13 * path.magnitude(0.0));
    const double t = ut(rng);
    const double e = 1e-5 * (1.0 + std::fabs(t));
    EXPECT_NEAR(path.slope(t), (path.at(t + e) - path.at(t - e)) / (2.0 * e),
                1e-6 * (path.slope(t) + path.magnitude(t)));
    EXPECT_NEAR(path.change(t, 1e-12), path.slope(t) * 1e-12, 1e-8 * path.slope(t) * 1e-12);
    const double target = path.at(t);
    EXPECT_NEAR(path.at(path.inverse(target)), target, 1e-12 * path.magnitude(t));
  }
}

class MultiTermLossTest : public ::testing::TestWithParam<LossSpec> {};

TEST_P(MultiTermLossTest, InvarianceAndSafety) {
  const LossSpec spec = GetParam();
  const auto loss = make_loss(spec);
  const double rtol = testing::is_piecewise(spec.name) ? 1e-9 : 1e-7;
  std::mt19937_64 rng(72 + std::hash<std::string>()(spec.name));
  const int cases = std::max(300, testing::property_cases() / 50);
  int checked = 0;
  for (int i = 0; i < cases; ++i) {
    const PredictionPath path = multi_term_path(rng, 2 + i % 3);
    const double y = testing::random_label(spec.name, rng);
    const double h1 = testing::log_uniform(rng, 1e-3, 10.0),
                 h2 = testing::log_uniform(rng, 1e-3, 10.0);
    const double t1 = loss->update(path, y, h1), t12 = loss->update(path, y, h1 + h2);
    ASSERT_TRUE(std::isfinite(t1) && std::isfinite(t12));
    const double p0 = path.at(0.0), b = testing::barrier(spec.name, y);
    if (std::isfinite(b) && b != p0) {
      const double d = b > p0 ? 1.0 : -1.0;
      ASSERT_LE(d * (path.at(t12) - b), 0.0) << spec.name << " " << i;
    }
    if (std::fabs(t12) > 1e5 || 6.0 * std::fabs(t12) > 200.0) continue;  // kappa <= 3
    const double t2 = loss->update(testing::advanced_path(path, t1), y, h2);
    const double tol = rtol * std::fabs(t12) + 1e-13 * path.magnitude(t12) / path.slope(t12);
    ASSERT_NEAR(t1 + t2, t12, tol) << spec.name << " " << i;
    ++checked;
  }
  EXPECT_GT(checked, cases / 2);
}

TEST_P(MultiTermLossTest, DecayingUpdatesStayFiniteAndSafe) {
  const LossSpec spec = GetParam();
  const auto loss = make_loss(spec);
  std::mt19937_64 rng(73 + std::hash<std::string>()(spec.name));
  for (int i = 0; i < 200; ++i) {
    PredictionPath path = multi_term_path(rng, 2);
    path.mu = testing::log_uniform(rng, 1e-2, 3.0);
    const double y = testing::random_label(spec.name, rng);
    const double h = testing::log_uniform(rng, 1e-2, 20.0);
    const UpdateStep st = loss->step(path, y, h);
    ASSERT_TRUE(std::isfinite(st.t) && st.h_used >= 0.0 && st.h_used <= h);
    const double p0 = path.at(0.0), b = testing::barrier(spec.name, y);
    if (std::isfinite(b) && b != p0 && spec.name != "classic") {
      const double d = b > p0 ? 1.0 : -1.0;
      ASSERT_LE(d * (path.at(st.t, st.h_used) - b), 0.0) << spec.name << " " << i;
    }
    if (testing::is_piecewise(spec.name) && st.h_used < h && st.h_used > 0.0) {
      // Stopped at the kink: p is there (to rounding).
      EXPECT_NEAR(path.at(st.t, st.h_used), b, 1e-9 * path.magnitude(st.t, st.h_used));
    }
  }
}

std::string multi_term_spec_name(const ::testing::TestParamInfo<LossSpec>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(AllLosses, MultiTermLossTest,
                         ::testing::ValuesIn(testing::all_loss_specs()), multi_term_spec_name);

}  // namespace
}  // namespace learner
