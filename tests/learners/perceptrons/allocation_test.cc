// The steady state allocates nothing per example: after warm-up passes, a
// pass of predict/learn over the same data touches no heap. This binary
// replaces the global operator new to count allocations inside a scope.
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>

#include "src/learners/kernel/kernel_perceptron.h"
#include "src/learners/linear/passive_aggressive.h"
#include "src/learners/linear/perceptron.h"
#include "learners/perceptrons/fixtures.h"

#include "support/count_allocations.h"

namespace learner {
namespace {

const Example kEx;

// One-against-all and MIRA-style calls over 3 sub-models, as a reduction would.
void pass(Learner& l, const test::Data& d) {
  const Part all[3] = {{0, 1.0}, {1, 1.0}, {2, 1.0}};
  double s[3];
  for (std::size_t e = 0; e < d.x.size(); ++e) {
    const auto truth = static_cast<uint32_t>(d.y[e]);
    l.predict_each(kEx, d.x[e], all, s);
    for (uint32_t c = 0; c < 3; ++c) {
      const Part part[1] = {{c, 1.0}};
      l.learn(kEx, d.x[e], part, l.predict(kEx, d.x[e], part), c == truth ? 1.0 : -1.0, 1.0);
    }
    const Part parts[2] = {{truth, 1.0}, {(truth + 1) % 3, -1.0}};
    l.learn(kEx, d.x[e], parts, l.predict(kEx, d.x[e], parts), 1.0, 1.0);
  }
}

long allocations_in_steady_state(Learner& l) {
  const test::Data d = test::blobs(200, 6, 3, 2.0, 51);
  for (int i = 0; i < 3; ++i) pass(l, d);
  g_allocations = 0;
  g_counting = true;
  pass(l, d);
  g_counting = false;
  return g_allocations;
}

TEST(Allocation, NoneInTheSteadyState) {
  EXPECT_EQ(allocations_in_steady_state(*make_perceptron({.bits = 12, .sub_models = 3, .averaged = true})), 0);
  EXPECT_EQ(allocations_in_steady_state(*make_passive_aggressive({.bits = 12, .sub_models = 3})), 0);
  for (Eviction policy : {Eviction::kOldest, Eviction::kSmallest})
    EXPECT_EQ(allocations_in_steady_state(*make_kernel_perceptron(
                  {.bits = 12, .sub_models = 3, .kernel = KernelKind::kRbf, .budget = 40, .eviction = policy})),
              0);
}

TEST(Allocation, TheCounterSeesAGrowingSupportSet) {  // the counter works
  auto l = make_kernel_perceptron({.bits = 12, .sub_models = 3});
  const test::Data d = test::blobs(50, 6, 3, 2.0, 52);
  g_allocations = 0;
  g_counting = true;
  pass(*l, d);
  g_counting = false;
  EXPECT_GT(g_allocations, 0);
}

}  // namespace
}  // namespace learner
