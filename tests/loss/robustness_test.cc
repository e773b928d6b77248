// No NaN or inf, whatever the path: q = 0 or denormal, exact and near
// hyperdiagonals (A0 = +/-B0), huge and tiny q h, huge latent vectors, decay.
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

using testing::DyadicState;
using testing::log_uniform;

DyadicState extreme_state(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> pick(0, 5);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  DyadicState s = testing::random_state(rng);
  const double scale = log_uniform(rng, 1e-8, 1e3);
  for (size_t i = 0; i < s.A.size(); ++i) {
    s.A[i] *= scale;
    s.B[i] *= scale;
  }
  switch (pick(rng)) {
    case 0:
      s.q = 0.0;
      break;
    case 1:
      s.q = 1e-300;
      break;
    case 2:
      s.q = log_uniform(rng, 1e-12, 1e-6);
      break;
    case 3:
      s.q = log_uniform(rng, 1e3, 1e12);
      break;
    default:
      break;
  }
  if (u(rng) < 0.2) {  // exactly on a hyperdiagonal: P or M is 0
    const double sign = u(rng) < 0.5 ? 1.0 : -1.0;
    s.rho_b = s.rho_a;
    for (size_t i = 0; i < s.A.size(); ++i) s.B[i] = sign * s.A[i];
  }
  if (u(rng) < 0.2) s.rho_a = s.rho_b = log_uniform(rng, 1.0, 1e3);  // kappa large
  if (u(rng) < 0.2) s.mu = log_uniform(rng, 1e-3, 10.0);
  s.lin = (u(rng) - 0.5) * log_uniform(rng, 1e-3, 1e3);
  return s;
}

double extreme_importance(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const double v = u(rng);
  if (v < 0.05) return 0.0;
  if (v < 0.1) return 1e-300;
  return log_uniform(rng, 1e-12, 1e12);
}

class RobustnessTest : public ::testing::TestWithParam<LossSpec> {};

TEST_P(RobustnessTest, UpdatesStayFiniteAndCapped) {
  const LossSpec spec = GetParam();
  const auto loss = make_loss(spec);
  std::mt19937_64 rng(99 + std::hash<std::string>()(spec.name));
  const int cases = std::max(200, testing::property_cases() / 40);
  for (int i = 0; i < cases; ++i) {
    const DyadicState s = extreme_state(rng);
    double y = testing::random_label(spec.name, rng);
    if (i % 7 == 0 && spec.name != "poisson") y *= 1e4;
    const double h = extreme_importance(rng);
    const PredictionPath path = s.path();
    const double p0 = path.at(0.0);
    ASSERT_TRUE(std::isfinite(p0)) << i;
    const UpdateStep st = loss->step(path, y, h);
    ASSERT_TRUE(std::isfinite(st.t)) << spec.name << " case " << i << " h=" << h;
    ASSERT_LE(std::fabs(st.t), testing::step_cap(path));
    ASSERT_TRUE(st.h_used >= 0.0 && st.h_used <= h) << spec.name << " case " << i;
    ASSERT_TRUE(std::isfinite(path.at(st.t, st.h_used)));
    ASSERT_TRUE(std::isfinite(loss->loss(p0, y)));
    ASSERT_TRUE(std::isfinite(loss->first_derivative(p0, y)));
    ASSERT_TRUE(std::isfinite(loss->second_derivative(p0, y)));
    const double b = testing::barrier(spec.name, y);
    if (std::isfinite(b) && b != p0 && path.mu == 0.0 &&
        !(spec.name == "classic" && path.is_affine()) &&
        !(spec.name == "logistic" && path.is_affine())) {
      const double d = b > p0 ? 1.0 : -1.0;
      ASSERT_LE(d * (path.at(st.t) - b), 0.0) << spec.name << " case " << i;
    }
  }
}

TEST_P(RobustnessTest, AffinePathExtremes) {
  const LossSpec spec = GetParam();
  const auto loss = make_loss(spec);
  for (double p0 : {-1e6, -30.0, 0.0, 1e-300, 30.0, 700.0}) {
    for (double q : {0.0, 1e-300, 1e-12, 1.0, 1e12, 1e300}) {
      for (double h : {0.0, 1e-300, 1e-12, 1.0, 1e12, 1e300}) {
        for (double y : {-1.0, 0.0, 1.0, 3.0}) {
          if (spec.name == "poisson" && y < 0.0) continue;
          const PredictionPath path = PredictionPath::linear(p0, q);
          const double t = loss->update(path, y, h);
          ASSERT_TRUE(std::isfinite(t))
              << spec.name << " p0=" << p0 << " q=" << q << " h=" << h << " y=" << y;
          ASSERT_LE(std::fabs(t), testing::step_cap(path));
        }
      }
    }
  }
}

std::string robustness_spec_name(const ::testing::TestParamInfo<LossSpec>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(AllLosses, RobustnessTest, ::testing::ValuesIn(testing::all_loss_specs()),
                         robustness_spec_name);

}  // namespace
}  // namespace learner
