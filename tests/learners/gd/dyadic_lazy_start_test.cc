// Lazy start vectors of the latent table (src/learners/gd/dotproduct_start.cc;
// issue 32): a row gets its start the first time an example gathers it, and
// a model trained so holds, predicts and writes exactly what a model whose
// rows all started up front does.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "learner/learners/gd/model.h"
#include "learner/model/model_file.h"
#include "fixed_config.h"
#include "one_hot_pair.h"
#include "support/files.h"

namespace learner {
namespace {

using test::one_hot_pair;

constexpr uint32_t kLazyUsers = 9, kLazyItems = 6;

CoreConfig lazy_config(bool field_aware, double center) {
  CoreConfig config = fixed_config();
  if (field_aware) config.dotproduct_fields = "ui";
  else config.dotproducts = {{"u", "i", false}};
  config.rank = 4;
  config.init_scale = 0.3;
  config.center = center;
  config.dotproduct_l2 = 0.01;
  return config;
}

// Users rate items (user u the items u .. u + 3), one pass; returns the predictions.
std::vector<double> learn_ratings(Model& model, uint32_t first_user, uint32_t users) {
  std::vector<double> predictions;
  for (uint32_t u = first_user; u < first_user + users; ++u)
    for (uint32_t i = u; i < u + 4; ++i) {
      const Example ex = one_hot_pair(100 + u, 700 + i % kLazyItems);
      const double p = model.predict(ex, ex.features);
      predictions.push_back(p);
      model.learn(ex, ex.features, p, 1.0 + (u * 3 + i) % 5, 1.0);
    }
  return predictions;
}

std::string model_bytes(const Model& model, const std::string& name) {
  const std::string path = test::temp_path(name);
  {
    ModelWriter out(path, {}, "gd");
    model.save(out, true);
    out.commit();
  }
  return test::slurp(path);
}

void load_from(Model& model, const std::string& path) {
  ModelReader in(path);
  model.load(in);
  in.finish();
}

class DyadicLazyStart : public ::testing::TestWithParam<std::pair<bool, double>> {};

TEST_P(DyadicLazyStart, RowsStartWhenFirstGatheredWithTheUpFrontValues) {
  const auto [field_aware, center] = GetParam();
  const CoreConfig config = lazy_config(field_aware, center);
  const auto loss = make_loss({});
  Model lazy(config, *loss);
  Model up_front(config, *loss);
  ASSERT_EQ(lazy.dotproduct()->rows_started(), 0u);
  up_front.dotproduct()->latent();  // every row's start now, as the constructor once gave them
  ASSERT_EQ(up_front.dotproduct()->rows_started(), up_front.dotproduct()->latent().slots());
  const std::vector<double> p_lazy = learn_ratings(lazy, 0, kLazyUsers);
  const std::vector<double> p_up_front = learn_ratings(up_front, 0, kLazyUsers);
  EXPECT_EQ(p_lazy, p_up_front);
  // Only the rows gathered have started: one per user and item (per other
  // field: the one field pair keys each side once).
  EXPECT_EQ(lazy.dotproduct()->rows_started(), kLazyUsers + kLazyItems);
  // Model files byte for byte (writing one starts every row: the same bytes).
  EXPECT_EQ(model_bytes(lazy, "lazy_start_lazy.bin"), model_bytes(up_front, "lazy_start_up_front.bin"));
  EXPECT_EQ(lazy.dotproduct()->rows_started(), lazy.dotproduct()->latent().slots());
}

TEST_P(DyadicLazyStart, ALoadedModelStartsNoRowAndResumesAsOneRun) {
  const auto [field_aware, center] = GetParam();
  const CoreConfig config = lazy_config(field_aware, center);
  const auto loss = make_loss({});
  Model one(config, *loss);
  learn_ratings(one, 0, 5);
  Model half(config, *loss);
  learn_ratings(half, 0, 5);
  const std::string path = test::temp_path("lazy_start_half.bin");
  const std::string half_bytes = model_bytes(half, "lazy_start_half.bin");
  Model resumed(config, *loss);
  load_from(resumed, path);
  EXPECT_EQ(resumed.dotproduct()->rows_started(), resumed.dotproduct()->latent().slots());
  EXPECT_EQ(model_bytes(resumed, "lazy_start_round_trip.bin"), half_bytes);
  // Users 3..8: 3 and 4 known, 5..8 new (their rows start in `one`, are read in `resumed`).
  EXPECT_EQ(learn_ratings(resumed, 3, 6), learn_ratings(one, 3, 6));
  EXPECT_EQ(model_bytes(resumed, "lazy_start_resumed.bin"), model_bytes(one, "lazy_start_one.bin"));
}

INSTANTIATE_TEST_SUITE_P(PairsAndCentres, DyadicLazyStart,
                         ::testing::Values(std::make_pair(false, 1.0), std::make_pair(false, 0.0),
                                           std::make_pair(true, 0.5)));

}  // namespace
}  // namespace learner
