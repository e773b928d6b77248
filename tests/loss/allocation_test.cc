// update() runs once per example: it must not touch the heap. This binary
// replaces the global operator new to count allocations inside a scope.
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>
#include <random>

#include "dyadic_helper.h"
#include "learner/loss/loss.h"
#include "loss_cases.h"

#include "support/count_allocations.h"

namespace learner {
namespace {

TEST(AllocationTest, UpdatesAndMinImportanceDoNotAllocate) {
  std::mt19937_64 rng(61);
  for (const LossSpec& spec : testing::all_loss_specs()) {
    const auto loss = make_loss(spec);
    for (int i = 0; i < 200; ++i) {
      testing::DyadicState s = testing::random_state(rng);
      if (i % 4 == 0) s.mu = 0.5;
      const PredictionPath path = s.path();
      const double y = testing::random_label(spec.name, rng);
      const double p0 = path.at(0.0);
      g_allocations = 0;
      g_counting = true;
      const UpdateStep st = loss->step(path, y, 1.5);
      const double t = loss->update(PredictionPath::linear(p0, 0.7), y, 2.0);
      const double h = loss->min_importance(path, y, p0 + 0.1);
      g_counting = false;
      EXPECT_EQ(g_allocations, 0) << spec.name;
      EXPECT_TRUE(std::isfinite(st.t + t) && h >= 0.0);
    }
  }
}

}  // namespace
}  // namespace learner
