// Every learner's model file round trip: save with ModelWriter, load into a
// fresh learner of the same config, identical predictions; with state,
// training then continues identically.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>

#include "learner/error.h"
#include "src/learners/kernel/kernel_perceptron.h"
#include "src/learners/linear/passive_aggressive.h"
#include "src/learners/linear/perceptron.h"
#include "learner/model/weight_init.h"
#include "learners/perceptrons/fixtures.h"
#include "support/thread_group.h"

namespace learner {
namespace {

const Example kRoundTripEx;
const Part kAll[3] = {{0, 1.0}, {1, 1.0}, {2, 1.0}};

// One-against-all over 3 sub-models.
void train(Learner& l, const test::Data& d, std::size_t from, std::size_t to) {
  for (std::size_t e = from; e < to; ++e)
    for (uint32_t c = 0; c < 3; ++c) {
      const Part part[1] = {{c, 1.0}};
      l.learn(kRoundTripEx, d.x[e], part, l.predict(kRoundTripEx, d.x[e], part), c == d.y[e] ? 1.0 : -1.0, 1.0);
    }
}

std::vector<double> scores(Learner& l, const test::Data& d) {
  std::vector<double> out;
  double s[3];
  for (const auto& x : d.x) {
    l.predict_each(kRoundTripEx, x, kAll, s);
    out.insert(out.end(), s, s + 3);
  }
  return out;
}

void set_average(Learner& l, bool on) {
  if (Averaging* a = averaging(l)) a->predict_with_average(on);
}

using Factory = std::function<std::unique_ptr<Learner>()>;

struct Named {
  const char* name;
  Factory make;
};

std::vector<Named> learners() {
  return {
      {"perceptron", [] { return make_perceptron({.bits = 12, .sub_models = 3}); }},
      {"perceptron_averaged", [] { return make_perceptron({.bits = 12, .sub_models = 3, .averaged = true}); }},
      {"pa", [] { return make_passive_aggressive({.bits = 12, .sub_models = 3}); }},
      {"pa_capped", [] { return make_passive_aggressive({.bits = 12, .sub_models = 3, .averaged = false, .cap = 0.5}); }},
      {"kernel_rbf",
       [] { return make_kernel_perceptron({.bits = 12, .sub_models = 3, .budget = 30, .eviction = Eviction::kSmallest}); }},
      {"kernel_laplacian_averaged",
       [] {
         return make_kernel_perceptron(
             {.bits = 12, .sub_models = 3, .kernel = KernelKind::kLaplacian, .budget = 40, .averaged = true});
       }},
      {"kernel_poly", [] { return make_kernel_perceptron({.bits = 12, .sub_models = 3, .kernel = KernelKind::kPoly}); }},
  };
}

TEST(RoundTrip, PredictionsEqualAfterLoad) {
  const test::Data d = test::blobs(120, 5, 3, 1.0, 41);
  for (const Named& n : learners()) {
    for (bool with_state : {false, true}) {
      SCOPED_TRACE(std::string(n.name) + (with_state ? " with state" : ""));
      auto a = n.make();
      train(*a, d, 0, 80);
      const std::string path = test::save_model(*a, n.name, with_state);
      auto b = n.make();
      test::load_model(*b, path);
      // Test-time predictions (the average when averaged) are equal.
      set_average(*a, true);
      set_average(*b, true);
      EXPECT_EQ(scores(*a, d), scores(*b, d));
      EXPECT_EQ(test::text_of(*a), test::text_of(*b));
      if (with_state) {  // training resumes exactly
        set_average(*a, false);
        set_average(*b, false);
        EXPECT_EQ(scores(*a, d), scores(*b, d));
        train(*a, d, 80, 120);
        train(*b, d, 80, 120);
        set_average(*a, true);
        set_average(*b, true);
        EXPECT_EQ(scores(*a, d), scores(*b, d));
      }
    }
  }
}

TEST(RoundTrip, AnotherLearnersModelIsAClearError) {
  auto p = make_perceptron({.bits = 12, .sub_models = 3});
  const std::string path = test::save_model(*p, "other", false);
  auto pa = make_passive_aggressive({.bits = 12, .sub_models = 3});
  ModelReader in(path);
  EXPECT_EQ(in.learner(), "perceptron");
  EXPECT_THROW(pa->load(in), Error);  // section "pa.config" expected
}

TEST(RoundTrip, DifferentLayoutOrKernelIsRefused) {
  auto p = make_perceptron({.bits = 12, .sub_models = 3});
  const std::string path = test::save_model(*p, "layout", false);
  auto q = make_perceptron({.bits = 12, .sub_models = 2});
  EXPECT_THROW(test::load_model(*q, path), Error);
  auto rbf = make_kernel_perceptron({.kernel = KernelKind::kRbf, .gamma = 0.5});
  const std::string kpath = test::save_model(*rbf, "kernel", false);
  auto other_gamma = make_kernel_perceptron({.kernel = KernelKind::kRbf, .gamma = 0.25});
  EXPECT_THROW(test::load_model(*other_gamma, kpath), Error);
  auto poly = make_kernel_perceptron({.kernel = KernelKind::kPoly, .gamma = 0.5});
  EXPECT_THROW(test::load_model(*poly, kpath), Error);
}

TEST(RoundTrip, AveragedModelWithoutStateHoldsTheAverage) {
  const test::Data d = test::blobs(60, 4, 3, 1.0, 42);
  auto a = make_perceptron({.bits = 12, .sub_models = 3, .averaged = true});
  train(*a, d, 0, 60);
  const std::string path = test::save_model(*a, "avg", false);
  auto b = make_perceptron({.bits = 12, .sub_models = 3, .averaged = true});
  test::load_model(*b, path);
  a->predict_with_average(true);  // b: either view is the average
  const std::vector<double> avg = scores(*a, d);
  EXPECT_EQ(avg, scores(*b, d));
  b->predict_with_average(true);
  EXPECT_EQ(avg, scores(*b, d));
}

// Sections of version 2 hold only the non-zero slots: a -b 24 averaged
// model with state (dense, 2^24 x (4 + 8) bytes = 192 MiB) of a few
// features is a few KiB, and still round-trips.
TEST(RoundTrip, SparseSectionsHoldOnlyNonZeroSlots) {
  const test::Data d = test::blobs(60, 4, 3, 1.0, 43);
  auto a = make_perceptron({.bits = 24, .sub_models = 3, .averaged = true});
  train(*a, d, 0, 60);
  const std::string path = test::save_model(*a, "sparse", true);
  std::FILE* f = std::fopen(path.c_str(), "rb");
  ASSERT_NE(f, nullptr);
  std::fseek(f, 0, SEEK_END);
  const long bytes = std::ftell(f);
  std::fclose(f);
  EXPECT_LT(bytes, 16 * 1024);
  auto b = make_perceptron({.bits = 24, .sub_models = 3, .averaged = true});
  test::load_model(*b, path);
  set_average(*a, true);
  set_average(*b, true);
  EXPECT_EQ(scores(*a, d), scores(*b, d));
}

// A hand-made perceptron model (-b 12, 3 sub-models, no state) up to the
// start of its weights section, at `version`.
void begin_perceptron_weights(ModelWriter& out, uint32_t version) {
  out.begin_section("perceptron.config", 1);
  out.put<uint32_t>(12);
  out.put<uint32_t>(3);
  out.put<uint8_t>(0);
  out.begin_section("perceptron.weights", version);
}

// Files written before the sparse layout (dense version 1 sections) load.
TEST(RoundTrip, DenseVersion1SectionsStillLoad) {
  const std::string path = test::temp_path("learners_v1");
  std::vector<float> w(std::size_t{1} << 12, 0.0f);
  w[(uint64_t{5} * 3 + 1) & 4095] = 0.75f;  // feature 5, sub-model 1
  {
    ModelWriter out(path, {}, "perceptron");
    begin_perceptron_weights(out, 1);
    out.put_floats(w.data(), w.size());
    out.commit();
  }
  auto p = make_perceptron({.bits = 12, .sub_models = 3});
  test::load_model(*p, path);
  const std::vector<Feature> x = {{2.0f, 5}};
  const Part one[1] = {{1, 1.0}};
  EXPECT_DOUBLE_EQ(p->predict(kRoundTripEx, x, one), 1.5);
}

// A sparse section whose slots are not ascending is refused.
TEST(RoundTrip, SparseSlotsOutOfOrderAreCorrupt) {
  const std::string path = test::temp_path("learners_bad_sparse");
  {
    ModelWriter out(path, {}, "perceptron");
    begin_perceptron_weights(out, 2);
    out.put<uint64_t>(4096);
    out.put<uint64_t>(2);
    for (uint64_t slot : {9, 3}) {
      out.put<uint64_t>(slot);
      out.put<float>(1.0f);
    }
    out.commit();
  }
  auto p = make_perceptron({.bits = 12, .sub_models = 3});
  EXPECT_THROW(test::load_model(*p, path), Error);
}

// A save gathers a table's non-zero entries in one sweep while they fit
// 32 MiB and sweeps twice beyond (counting, then writing): 2^22 start values
// (48 MiB of entries) take the second way, and load back whole.
TEST(RoundTrip, ALargeDenseTableRoundTrips) {
  auto a = make_perceptron({.bits = 22});
  WeightInit init;
  init.kind = WeightInit::Kind::kValue;
  init.value = 0.25f;
  ASSERT_TRUE(a->start_weights(init));
  a->learn(kRoundTripEx, {{1.0f, 7}}, kSinglePart, -1.0, 1.0, 1.0);  // one slot moves off 0.25
  const std::string path = test::save_model(*a, "dense.bin", false);
  EXPECT_GT(std::filesystem::file_size(path), uint64_t{48} << 20);
  auto b = make_perceptron({.bits = 22});
  test::load_model(*b, path);
  for (const uint32_t h : {0u, 7u, 12345u, (1u << 22) - 1})
    EXPECT_EQ(b->predict(kRoundTripEx, {{1.0f, h}}, kSinglePart), a->predict(kRoundTripEx, {{1.0f, h}}, kSinglePart)) << h;
  EXPECT_EQ(b->predict(kRoundTripEx, {{1.0f, 7}}, kSinglePart), 1.25);
}

// After an allreduce a rank's tables hold slots that only other ranks
// updated; its saved model must hold them too (a save that visited only the
// slots this rank's own updates wrote lost them). Averaged and not.
TEST(RoundTrip, AModelSavedAfterAnAllreduceHoldsEveryRanksSlots) {
  for (const bool averaged : {false, true}) {
    std::string text_in_memory, path;
    test::run_group(2, [&](AllReduce& g) {
      auto l = make_perceptron({.bits = 18, .averaged = averaged});
      const std::vector<Feature> x = {{1.0f, g.rank() == 0 ? 11u : 22u}};  // each rank its own feature
      l->learn(kRoundTripEx, x, kSinglePart, 0.0, 1.0, 1.0);
      l->average(g);
      if (g.rank() == 0) {
        text_in_memory = test::text_of(*l);
        path = test::save_model(*l, averaged ? "allreduce_avg.bin" : "allreduce.bin", false);
      }
    });
    auto loaded = make_perceptron({.bits = 18, .averaged = averaged});
    test::load_model(*loaded, path);
    EXPECT_EQ(std::count(text_in_memory.begin(), text_in_memory.end(), '\n'), 2) << text_in_memory;
    EXPECT_EQ(test::text_of(*loaded), text_in_memory) << "averaged " << averaged;
  }
}

// predict_each (features outer, parts inner) equals predict per part, with
// the current weights and with the average.
TEST(RoundTrip, PredictEachEqualsPredictPerPart) {
  const test::Data d = test::blobs(60, 4, 3, 1.0, 44);
  auto a = make_perceptron({.bits = 12, .sub_models = 3, .averaged = true});
  train(*a, d, 0, 60);
  for (bool average : {false, true}) {
    set_average(*a, average);
    for (const auto& x : d.x) {
      double each[3];
      a->predict_each(kRoundTripEx, x, kAll, each);
      for (uint32_t c = 0; c < 3; ++c) EXPECT_EQ(each[c], a->predict(kRoundTripEx, x, std::span<const Part>(kAll + c, 1)));
    }
  }
}

}  // namespace
}  // namespace learner
