// VW's start-weight distributions (model/weight_init.h). The golden values
// were computed independently (Python, from VW 9.11's formulas in
// common/random_details.h and parse_regressor.cc).
#include "learner/model/weight_init.h"

#include <gtest/gtest.h>

#include <vector>

namespace learner {
namespace {

TEST(WeightInit, Merand48IsVwsGenerator) {
  uint64_t state = 0;
  EXPECT_FLOAT_EQ(merand48(state), 7.51018524e-06f);
  EXPECT_FLOAT_EQ(merand48(state), 0.0483570099f);
  EXPECT_FLOAT_EQ(merand48(state), 0.036452055f);
}

TEST(WeightInit, UniformDrawsFromTheSeedInSlotOrder) {
  WeightInit init;
  init.kind = WeightInit::Kind::kUniform;
  init.seed = 7;
  std::vector<float> w(8, 9.0f);  // stride 2: the odd floats stay
  initialize_weights(init, w.data(), 4, 2, 4);
  const float golden[] = {0.311913967f, -0.225981832f, -0.47238028f, -0.033829689f};
  for (int s = 0; s < 4; ++s) {
    EXPECT_FLOAT_EQ(w[2 * s], golden[s]) << s;
    EXPECT_EQ(w[2 * s + 1], 9.0f);
  }
}

TEST(WeightInit, NormalDrawsStartAtTheSlotsVwIndex) {
  WeightInit init;
  init.kind = WeightInit::Kind::kNormal;
  init.seed = 12345;  // not used by VW's normal draws
  std::vector<float> w(4);
  initialize_weights(init, w.data(), 4, 1, 4);
  const float stride4[] = {0.429602772f, 0.390418947f, -1.00606012f, 1.27788281f};
  for (int s = 0; s < 4; ++s) EXPECT_NEAR(w[s], stride4[s], 1e-6) << s;
  initialize_weights(init, w.data(), 4, 1, 1);
  const float stride1[] = {0.429602772f, -0.176175341f, 0.157748714f, -0.362031519f};
  for (int s = 0; s < 4; ++s) EXPECT_NEAR(w[s], stride1[s], 1e-6) << s;
}

// 64 slots, sd 1.14961: slots 19, 27 and 38 lie beyond 2 sd and are folded
// back with remainder(w, 2 sd); the others keep their normal draw.
TEST(WeightInit, TruncatedNormalFoldsTheTails) {
  WeightInit init;
  init.kind = WeightInit::Kind::kTruncatedNormal;
  std::vector<float> w(64), normal(64);
  initialize_weights(init, w.data(), 64, 1, 4);
  init.kind = WeightInit::Kind::kNormal;
  initialize_weights(init, normal.data(), 64, 1, 4);
  EXPECT_NEAR(normal[19], 3.36320615, 1e-6);
  EXPECT_NEAR(w[19], 1.06398225, 1e-6);
  EXPECT_NEAR(w[27], -0.0136780422, 1e-6);
  EXPECT_NEAR(w[38], -0.106596678, 1e-6);
  int changed = 0;
  for (int s = 0; s < 64; ++s) changed += w[s] != normal[s];
  EXPECT_EQ(changed, 3);
}

TEST(WeightInit, ValueAndZero) {
  std::vector<float> w(6, 0.0f);
  WeightInit init;
  initialize_weights(init, w.data(), 3, 2, 4);
  for (float x : w) EXPECT_EQ(x, 0.0f);
  EXPECT_FALSE(init.any());
  init.kind = WeightInit::Kind::kValue;
  init.value = 0.25f;
  initialize_weights(init, w.data(), 3, 2, 4);
  EXPECT_EQ(w, (std::vector<float>{0.25f, 0, 0.25f, 0, 0.25f, 0}));
  WeightInit constant_only;
  constant_only.constant = 3;
  EXPECT_TRUE(constant_only.any());
}

}  // namespace
}  // namespace learner
