// Cold start of the dyadic model (dotproduct.h, "Unseen features"; issue 27
// item 2): an untrained latent feature enters the prediction as its side's
// mean trained vector, so the latent term of an unseen user (item) is the
// average of the trained users' (items') terms.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "learner/learners/gd/model.h"
#include "learner/model/model_file.h"
#include "one_hot_pair.h"
#include "support/files.h"
#include "fixed_config.h"

namespace learner {
namespace {

using test::one_hot_pair;

constexpr uint32_t kUsers = 7, kItems = 5, kRank = 3;
constexpr uint32_t kUser0 = 1000, kItem0 = 5000, kUnseenUser = 900001, kUnseenItem = 900003;

CoreConfig unseen_config(double center) {
  CoreConfig config = fixed_config();
  config.dotproducts = {{"u", "i", false}};
  config.rank = kRank;
  config.init_scale = 0.3;
  config.center = center;
  return config;
}

// Every user rates every item but one, for `passes` passes (end_pass between
// them, end_training at the end, as the run loop calls them).
void train(Model& model, int passes) {
  for (int pass = 0; pass < passes; ++pass) {
    if (pass > 0) model.end_pass();
    for (uint32_t u = 0; u < kUsers; ++u)
      for (uint32_t i = 0; i < kItems; ++i) {
        if ((u + i) % kItems == 0) continue;
        const Example ex = one_hot_pair(kUser0 + u, kItem0 + i);
        const double p = model.predict(ex, ex.features);
        model.learn(ex, ex.features, p, 1.0 + (u * 3 + i * 2) % 5, 1.0);
      }
  }
  model.end_training();
}

std::string save_model(const Model& model, const std::string& name, bool with_state) {
  const std::string path = test::temp_path(name);
  ModelWriter out(path, {}, "gd");
  model.save(out, with_state);
  out.commit();
  return path;
}

void load_model(Model& model, const std::string& path) {
  ModelReader in(path);
  model.load(in);
  in.finish();
}

std::string text_of(const Model& model) {
  std::FILE* f = std::tmpfile();
  model.write_text(f, nullptr);
  std::rewind(f);
  std::string s;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) s.append(buf, n);
  std::fclose(f);
  return s;
}

double unseen_latent_dot(const Model& model, uint32_t a, uint32_t b) {
  const WeightTable& v = model.dotproduct()->latent();
  double dot = 0.0;
  for (unsigned j = 0; j < kRank; ++j) dot += static_cast<double>(v.slot(a)[j]) * v.slot(b)[j];
  return dot;
}

double linear_weight(const Model& model, uint32_t index) { return model.weights().slot(index)[0]; }

double predict(Model& model, uint32_t user, uint32_t item) {
  const Example ex = one_hot_pair(user, item);
  return model.predict(ex, ex.features);
}

// The prediction of the trained user u on the trained item i.
double seen(const Model& model, uint32_t u, uint32_t i, double offset) {
  return linear_weight(model, kUser0 + u) + linear_weight(model, kItem0 + i) +
         unseen_latent_dot(model, kUser0 + u, kItem0 + i) - offset;
}

// The property of the issue: an unseen user on a seen item i is predicted as
// the average over the trained users of their predictions on i (their linear
// weights and latent terms); likewise for an unseen item; both unseen: the
// average over all trained pairs.
void expect_seen_averages(Model& model, double center, const std::string& what) {
  const double offset = kRank * center * center;
  double all = 0.0;
  for (uint32_t i = 0; i < kItems; ++i) {
    double avg = 0.0;
    for (uint32_t u = 0; u < kUsers; ++u) avg += seen(model, u, i, offset) / kUsers;
    all += avg / kItems;
    EXPECT_NEAR(predict(model, kUnseenUser, kItem0 + i), avg, 1e-5) << what << " item " << i;
  }
  for (uint32_t u = 0; u < kUsers; ++u) {
    double avg = 0.0;
    for (uint32_t i = 0; i < kItems; ++i) avg += seen(model, u, i, offset) / kItems;
    EXPECT_NEAR(predict(model, kUser0 + u, kUnseenItem), avg, 1e-5) << what << " user " << u;
  }
  EXPECT_NEAR(predict(model, kUnseenUser, kUnseenItem), all, 1e-5) << what;
}

TEST(DyadicUnseen, UnseenFeaturesGetTheSeenAverageForEveryCentre) {
  for (const double center : {0.0, 0.5, 1.0}) {
    const auto loss = make_loss({});
    Model model(unseen_config(center), *loss);
    train(model, 3);
    expect_seen_averages(model, center, "centre " + std::to_string(center));
  }
}

// After one pass (no end of pass yet) the means are in the model file, and a
// test-only run uses them.
TEST(DyadicUnseen, HoldsUnderL2AndPlainSgdAndAfterOnePassInATestOnlyRun) {
  CoreConfig config = unseen_config(0.5);
  config.dotproduct_l2 = 0.1;
  config.dotproduct_freq_l2 = 0.3;
  config.rule = {false, false, true};
  config.power_t = 0.0;
  config.learning_rate = 0.05;
  const auto loss = make_loss({});
  Model model(config, *loss);
  train(model, 1);
  config.test_only = true;
  Model tested(config, *loss);
  load_model(tested, save_model(model, "dyadic_unseen_one_pass.bin", true));
  expect_seen_averages(tested, 0.5, "sgd, l2, test only");
}

// The automatic rate and L2 with the frequency-aware L2 (the command line's
// defaults): a model saved within pass 1 and trained on with the rest of the
// data (new users included) is the model of one run, bit for bit: the
// gradient scale, the per-side counts and whether the means are in use are
// in the file.
TEST(DyadicUnseen, ResumingWithinPassOneIsOneRun) {
  CoreConfig config = unseen_config(0.5);
  config.auto_latent_rate = true;
  config.auto_latent_l2 = true;
  config.dotproduct_freq_l2 = 0.3;
  const auto loss = make_loss({});
  auto examples = [](uint32_t first_user, uint32_t users) {
    std::vector<Example> out;
    for (uint32_t u = first_user; u < first_user + users; ++u)
      for (uint32_t i = 0; i < kItems; ++i) out.push_back(one_hot_pair(kUser0 + u, kItem0 + (u * 2 + i) % (kItems + 2)));
    return out;
  };
  auto learn_all = [](Model& model, const std::vector<Example>& data) {
    for (std::size_t n = 0; n < data.size(); ++n) {
      const double p = model.predict(data[n], data[n].features);
      model.learn(data[n], data[n].features, p, 1.0 + static_cast<double>(n % 5), 1.0);
    }
  };
  const std::vector<Example> first = examples(0, 4), second = examples(2, 5);  // users 4..6 are new
  Model one(config, *loss);
  learn_all(one, first);
  learn_all(one, second);
  Model half(config, *loss);
  learn_all(half, first);
  half.end_training();
  Model resumed(config, *loss);
  load_model(resumed, save_model(half, "dyadic_unseen_half.bin", true));
  learn_all(resumed, second);
  const WeightTable& a = one.dotproduct()->latent();
  const WeightTable& b = resumed.dotproduct()->latent();
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a.data()[i], b.data()[i]) << i;
  EXPECT_EQ(one.dotproduct()->gradient_scale().sum, resumed.dotproduct()->gradient_scale().sum);
}

// Training an unseen feature starts from the mean its prediction used, so
// the update is still exact: a huge importance weight lands on the label.
TEST(DyadicUnseen, FirstUpdateOfAnUnseenFeatureLandsWhereThePathSays) {
  CoreConfig config = unseen_config(1.0);
  config.rule = {false, false, true};
  config.power_t = 0.0;
  config.learning_rate = 0.05;
  const auto loss = make_loss({});
  Model model(config, *loss);
  train(model, 2);
  const Example ex = one_hot_pair(kUnseenUser, kItem0 + 1);
  const double p0 = model.predict(ex, ex.features);
  const double label = p0 + 1.5;
  model.learn(ex, ex.features, p0, label, 1e4);
  EXPECT_NEAR(model.predict(ex, ex.features), label, 1e-4);
}

TEST(DyadicUnseen, ModelFileAndTextModelKeepTheMeans) {
  const auto loss = make_loss({});
  Model model(unseen_config(0.5), *loss);
  train(model, 2);
  const std::string path = save_model(model, "dyadic_unseen.bin", true);
  Model loaded(unseen_config(0.5), *loss);
  load_model(loaded, path);
  EXPECT_EQ(predict(loaded, kUnseenUser, kUnseenItem), predict(model, kUnseenUser, kUnseenItem));
  expect_seen_averages(loaded, 0.5, "loaded");
  // Without state (--predict_only_model) too.
  Model bare(unseen_config(0.5), *loss);
  load_model(bare, save_model(model, "dyadic_unseen_bare.bin", false));
  EXPECT_EQ(predict(bare, kUnseenUser, kItem0), predict(model, kUnseenUser, kItem0));
  const std::string text = text_of(model);
  const float* mean = model.dotproduct()->unseen(0, 0, 0);
  ASSERT_NE(mean, nullptr);
  char line[64];
  std::snprintf(line, sizeof line, "unseen(u)@0:%.9g\n", mean[0]);
  EXPECT_NE(text.find(line), std::string::npos) << text;
  std::snprintf(line, sizeof line, "unseen(u):%.9g\n", model.dotproduct()->unseen_linear(0, 0, 0));
  EXPECT_NE(text.find(line), std::string::npos) << text;
  EXPECT_NE(text.find("unseen(i)@2:"), std::string::npos) << text;
}

// A model written before cold start (gd.latent version 1: the table alone)
// still loads; its unseen features keep their start vectors.
TEST(DyadicUnseen, VersionOneModelStillLoads) {
  const auto loss = make_loss({});
  Model model(unseen_config(1.0), *loss);
  train(model, 2);
  const std::string path = test::temp_path("dyadic_unseen_v1.bin");
  {
    ModelWriter out(path, {}, "gd");
    out.begin_section("gd.state", 1);
    out.put(static_cast<uint8_t>(0));
    out.begin_section("gd.linear", 1);
    out.put(static_cast<uint32_t>(1));
    out.put(static_cast<uint64_t>(model.weights().slots()));
    for (std::size_t i = 0; i < model.weights().slots(); ++i) out.put(model.weights().data()[i * 4]);
    out.begin_section("gd.latent", 1);
    out.put_floats(model.dotproduct()->latent().data(), model.dotproduct()->latent().size());
    out.commit();
  }
  Model old(unseen_config(1.0), *loss);
  load_model(old, path);
  EXPECT_EQ(old.dotproduct()->unseen(0, 0, 0), nullptr);
  EXPECT_EQ(predict(old, kUser0, kItem0 + 1), predict(model, kUser0, kItem0 + 1));
  const double start = kRank * 1.0;  // roughly: the start vectors' product (c = 1) minus k c^2 is near 0
  EXPECT_NEAR(predict(old, kUnseenUser, kUnseenItem), 0.0, 0.5 * start);
}

TEST(DyadicUnseen, FieldAwareAndSubModelSidesAreNamed) {
  CoreConfig config = unseen_config(0.5);
  config.dotproducts.clear();
  config.dotproduct_fields = "ui";
  config.sub_models = 2;
  const auto loss = make_loss({});
  Model model(config, *loss);
  const Example ex = one_hot_pair(kUser0, kItem0);
  for (uint32_t sub = 0; sub < 2; ++sub) {
    const Part part{sub, 1.0};
    const double p = model.predict(ex, ex.features, Parts(&part, 1));
    model.learn(ex, ex.features, Parts(&part, 1), p, 3.0, 1.0);
  }
  model.end_training();
  const std::string text = text_of(model);
  EXPECT_NE(text.find("unseen(u,i)[0]@0:"), std::string::npos) << text;
  EXPECT_NE(text.find("unseen(i,u)[1]@1:"), std::string::npos) << text;
}

}  // namespace
}  // namespace learner
