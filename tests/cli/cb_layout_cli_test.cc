// VW's weight layout on the routed contextual-bandit stacks: a feature's
// sub-models interleaved in a block of the next power of two, and each action
// copy's weights (--cb_explore K / --cbify K through the adf path) shifted by
// action x width sub-model slots (gd's model.h, cb_to_adf.h's
// action_copy_index). With --cover 2 or 4 (width 6 or 10, not a power of
// two) and consecutive feature hashes (integer names), the copies of one
// feature share weights with those of its neighbour as in VW; before, each
// copy had weights of its own and the runs parted from VW's (a9a's --cover
// row in scripts/bench/bandits.sh: 0.2420 against VW's 0.2167).
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include <zlib.h>

#include "run_helper.h"
#include "src/reduction/cb_to_adf.h"

namespace learner::test {
namespace {

// 120 lines `a:c:0.5 | f1:1 ... f6:1` over the integer features 1..29 (a fixed LCG).
std::string integer_feature_log() {
  std::string log;
  uint64_t state = 7;
  auto next = [&state](uint32_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<uint32_t>((state >> 33) % n);
  };
  for (int i = 0; i < 120; ++i) {
    bool used[30] = {};
    std::string features;
    uint32_t sum = 0;
    for (int k = 0; k < 6;) {
      const uint32_t f = 1 + next(29);
      if (used[f]) continue;
      used[f] = true;
      sum += f;
      ++k;
    }
    for (uint32_t f = 1; f < 30; ++f)
      if (used[f]) features += " " + std::to_string(f) + ":1";
    const uint32_t best = (sum % 3 == 0 || used[7]) ? 1 : 2;
    const uint32_t a = 1 + next(2);
    log += std::to_string(a) + ":" + (a == best ? "0" : "1") + ":0.5 |" + features + "\n";
  }
  const std::string path = temp_path("integer_features.dat");
  write_file(path, log);
  return path;
}

TEST(CbLayout, ActionCopyIndexIsVws) {
  // VW (float units, stride 4): index 5, width 6, 2 actions: 5 x 8 x 4 = 160,
  // cleared below 2^bitlen(2 x 6 x 4) = 64: 128, + 1 x 6 x 4 = 152 = (4 x 8 + 6) x 4.
  EXPECT_EQ(action_copy_index(5, 1, 2, 6).index, 4u);
  EXPECT_EQ(action_copy_index(5, 1, 2, 6).shift, 6u);
  EXPECT_EQ(action_copy_index(5, 0, 2, 6).index, 4u);
  EXPECT_EQ(action_copy_index(5, 0, 2, 6).shift, 0u);
  // 10 actions, width 10 (--cover 4 with mtr): block 16, span 128, keep 8; action 3: 30 = 16 + 14.
  EXPECT_EQ(action_copy_index(77, 3, 10, 10).index, 72u + 1u);
  EXPECT_EQ(action_copy_index(77, 3, 10, 10).shift, 14u);
  // A power-of-two width: the old rule, (index & ~(2^bitlen(K) - 1)) + action, no shift.
  EXPECT_EQ(action_copy_index(77, 3, 10, 8).index, 64u + 3u);
  EXPECT_EQ(action_copy_index(77, 3, 10, 8).shift, 0u);
  EXPECT_EQ(action_copy_index(77, 1, 2, 1).index, 77u);  // width 1, 2 actions: keep 4 -> 76 + 1
}

// vw --cb_explore 2 ARGS -d log (VW 9.11.2): its average loss.
TEST(CbLayout, RoutedCoverMatchesVwOnNeighbouringHashes) {
  const std::string data = integer_feature_log();
  const std::pair<const char*, const char*> cases[] = {
      {"--cover 2", "average loss = 0.438525"},
      {"--cover 4", "average loss = 0.418638"},
      {"--cover 5", "average loss = 0.420609"},
  };
  for (const auto& [args, loss] : cases) {
    const RunResult r = run_learner("--cb_explore 2 " + std::string(args) + " -d " + data);
    ASSERT_EQ(r.exit_code, 0) << args << r.err;
    EXPECT_NE(r.err.find(loss), std::string::npos) << args << r.err;
  }
}

// A model whose linear section is version 1 (the earlier layout, exactly K
// sub-models interleaved) with K = 3 is refused with the reason; K = 4 (a
// power of two: the same layout) still loads.
TEST(CbLayout, EarlierLayoutModelsWithThreeSubModelsAreRefused) {
  const std::string data = std::string(LEARNER_SOURCE_DIR) + "/tests/golden/data/mc.vw";
  for (const int k : {3, 4}) {
    const std::string model = temp_path("layout_v1.model");
    ASSERT_EQ(run_learner("--oaa " + std::to_string(k) + " -d " + data + " -f " + model).exit_code, 0);
    std::string bytes = slurp(model);
    const std::size_t at = bytes.find("gd.linear");
    ASSERT_NE(at, std::string::npos);
    ASSERT_EQ(bytes[at + 9], '\x02');
    bytes[at + 9] = '\x01';  // the section's version
    const auto crc = static_cast<uint32_t>(
        crc32(0L, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size() - 4)));
    std::memcpy(&bytes[bytes.size() - 4], &crc, 4);
    write_file(model, bytes);
    const RunResult r = run_learner("-i " + model + " -t -d " + data);
    if (k == 3) {
      EXPECT_NE(r.exit_code, 0);
      EXPECT_NE(r.err.find("written with the earlier weight layout for 3 sub-models"), std::string::npos) << r.err;
    } else {
      EXPECT_EQ(r.exit_code, 0) << r.err;
    }
  }
}

}  // namespace
}  // namespace learner::test
