#include "learner/model/model_file.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "learner/error.h"
#include "support/files.h"

namespace learner {
namespace {

std::string path_for(const char* name) { return test::temp_path(std::string("model_") + name); }
using test::slurp;

ModelFile sample() {
  ModelFile m;
  m.options = {{"bit_precision", "4"}, {"quadratic", "ab"}, {"quadratic", "ac"}, {"noconstant", ""}};
  m.min_label = -1;
  m.max_label = 5;
  m.fixed_max = true;
  m.has_state = true;
  m.normalized_sum_norm_x = 3.5;
  m.total_weight = 7;
  m.learning_rate = 0.25;
  m.linear_stride = 4;
  for (int i = 0; i < 64; ++i) m.linear.push_back(0.5f * i);
  m.latent = {1.0f, -2.0f, 3.0f};
  return m;
}

TEST(ModelFile, RoundTrip) {
  const std::string path = path_for("rt");
  write_model_file(path, sample());
  const ModelFile m = read_model_file(path);
  const ModelFile s = sample();
  EXPECT_EQ(m.options, s.options);
  EXPECT_EQ(m.linear, s.linear);
  EXPECT_EQ(m.latent, s.latent);
  EXPECT_EQ(m.min_label, -1);
  EXPECT_EQ(m.max_label, 5);
  EXPECT_TRUE(m.fixed_max);
  EXPECT_FALSE(m.fixed_min);
  EXPECT_EQ(m.total_weight, 7);
  EXPECT_EQ(m.learning_rate, 0.25);
  ASSERT_NE(m.option("quadratic"), nullptr);
  EXPECT_EQ(*m.option("quadratic"), "ab");
  EXPECT_EQ(m.option("missing"), nullptr);
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp." + std::to_string(::getpid())));
}

TEST(ModelFile, EveryFlippedByteIsDetected) {
  const std::string path = path_for("flip");
  write_model_file(path, sample());
  const std::string good = slurp(path);
  for (std::size_t i = 0; i < good.size(); ++i) {
    std::string bad = good;
    bad[i] ^= 0x01;
    test::write_file(path, bad);
    EXPECT_THROW(read_model_file(path), Error) << "byte " << i;
  }
}

TEST(ModelFile, EveryTruncationIsDetected) {
  const std::string path = path_for("cut");
  write_model_file(path, sample());
  const std::string good = slurp(path);
  for (std::size_t n = 0; n < good.size(); ++n) {
    test::write_file(path, good.substr(0, n));
    EXPECT_THROW(read_model_file(path), Error) << "length " << n;
  }
}

TEST(ModelFile, NewerVersionIsRefusedWithReason) {
  const std::string path = path_for("version");
  write_model_file(path, sample());
  std::string bytes = slurp(path);
  bytes[8] = static_cast<char>(kModelVersion + 1);
  test::write_file(path, bytes);
  try {
    read_model_file(path);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("newer"), std::string::npos) << e.what();
  }
}

TEST(ModelFile, MissingFileNamesThePath) {
  try {
    read_model_file("/nonexistent/model.bin");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/model.bin"), std::string::npos);
  }
}

}  // namespace
}  // namespace learner
