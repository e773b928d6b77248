// The sampled model on disk (learner/bayes/model_file.h): saved and loaded samples predict what
// they predicted while sampling, bit for bit; an unseen user on an unseen item gets about the
// training mean; every truncated, corrupt or forged file is a clear learner::Error.
#include "learner/bayes/model_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <limits>

#include "bayes/generated.h"
#include "learner/bayes/bpmf.h"
#include "learner/bayes/sample_mean.h"
#include "learner/error.h"
#include "support/files.h"

namespace learner::bayes {
namespace {

namespace files = learner::test;

std::vector<std::string> names(const char* prefix, std::size_t n) {
  std::vector<std::string> out;
  for (std::size_t j = 0; j < n; ++j) out.push_back(std::string(prefix) + std::to_string(j));
  return out;
}

// Samples `o.sweeps` sweeps, saves the kept ones to `path` and returns their mean over `queries`
// (with the vectors' means), as learner-bpmf --save does.
SampleMean sample_and_save(const std::string& path, const test::Generated& g, std::size_t users, std::size_t items,
                           const BpmfOptions& o, int samples, const std::vector<Rating>& queries,
                           std::uint64_t* bytes = nullptr) {
  Bpmf sampler(users, items, g.train, o);
  const KeptSweeps kept(o.sweeps, o.burn_in, samples);
  ModelHeader h;
  h.global_mean = sampler.global_mean();
  h.lo = sampler.min_value();
  h.hi = sampler.max_value();
  h.rank = o.rank;
  h.user_implicit = o.implicit;
  h.item_implicit = o.flipped;
  h.samples = static_cast<std::uint64_t>(kept.count());
  ModelSaver saver(path, h, {{"rank", std::to_string(o.rank)}}, names("u", users), names("i", items));
  SampleMean mean(queries, h.global_mean, h.lo, h.hi, true);
  SideSample su, si;
  for (int s = 1; s <= o.sweeps; ++s) {
    sampler.sweep();
    if (!kept.kept(s)) continue;
    stored_sample(sampler.users(), su);
    stored_sample(sampler.items(), si);
    saver.add(su, si);
    mean.add(su, si);
  }
  const std::uint64_t size = saver.commit();
  if (bytes) *bytes = size;
  return mean;
}

// Loads `path` and returns the mean of its samples over `queries`.
SampleMean load_mean(const std::string& path, const std::vector<Rating>& queries) {
  ModelLoader model(path);
  const auto& h = model.header();
  SampleMean mean(queries, h.global_mean, h.lo, h.hi, true);
  SideSample su, si;
  while (model.next(su, si)) mean.add(su, si);
  return mean;
}

TEST(BpmfModelFile, LoadedSamplesPredictBitForBitWhatTheyPredictedWhileSampling) {
  for (bool implicit : {false, true}) {
    const auto g = test::low_rank(30, 25, 0.4, 0.3, 11);
    BpmfOptions o = test::sampling(3, 30, 5);
    o.implicit = implicit;
    o.flipped = implicit;
    auto queries = g.test;
    queries.push_back({kUnknown, 0, 0.0});
    queries.push_back({0, kUnknown, 0.0});
    queries.push_back({kUnknown, kUnknown, 0.0});
    const std::string path = files::temp_path("bpmf_roundtrip.model");
    std::uint64_t bytes = 0;
    const SampleMean saved = sample_and_save(path, g, 30, 25, o, 7, queries, &bytes);
    EXPECT_EQ(bytes, std::filesystem::file_size(path));
    const SampleMean loaded = load_mean(path, queries);
    EXPECT_EQ(loaded.samples(), 7);
    ASSERT_EQ(loaded.predictions(), saved.predictions()) << implicit;  // exact doubles
    ASSERT_EQ(loaded.user_vectors(), saved.user_vectors()) << implicit;
    ASSERT_EQ(loaded.item_vectors(), saved.item_vectors()) << implicit;
    ModelLoader model(path);
    EXPECT_EQ(model.header().rank, 3);
    EXPECT_EQ(model.header().user_implicit, implicit);
    EXPECT_EQ(model.header().item_implicit, implicit);
    EXPECT_EQ(model.users(), names("u", 30));
    EXPECT_EQ(model.items(), names("i", 25));
    ASSERT_NE(model.how().size(), 0u);
    EXPECT_EQ(model.how()[0].second, "3");
  }
}

TEST(BpmfModelFile, AStoredSampleDiffersFromTheSamplerOnlyByFloatRounding) {
  const auto g = test::low_rank(20, 20, 0.5, 0.3, 12);
  Bpmf sampler(20, 20, g.train, test::sampling(2, 3, 0));
  sampler.sweep();
  SideSample stored;
  stored_sample(sampler.users(), stored);
  const auto& exact = sampler.users().vectors;
  EXPECT_LT((stored.vectors - exact).cwiseAbs().maxCoeff(), 1e-6 * exact.cwiseAbs().maxCoeff());
  for (Eigen::Index j = 0; j < stored.vectors.size(); ++j)
    ASSERT_EQ(stored.vectors.data()[j], static_cast<double>(static_cast<float>(stored.vectors.data()[j])));
  SideSample huge = stored;
  huge.vectors(0, 0) = 1e300;
  EXPECT_THROW(stored_sample(huge, stored), Error);
}

TEST(BpmfModelFile, ANewUserOnANewItemGetsTheTrainingMeanAndANewUserTheItemsBias) {
  const auto g = test::low_rank(40, 30, 0.4, 0.3, 13);
  const std::vector<Rating> cold{{kUnknown, kUnknown, 0.0}, {kUnknown, 7, 0.0}, {7, kUnknown, 0.0}};
  const std::string path = files::temp_path("bpmf_cold.model");
  const SampleMean saved = sample_and_save(path, g, 40, 30, test::sampling(3, 60, 10), 20, cold);
  const SampleMean loaded = load_mean(path, cold);
  EXPECT_EQ(loaded.predictions(), saved.predictions());
  double sum = 0.0;
  for (const auto& r : g.train) sum += r.value;
  EXPECT_NEAR(loaded.predictions()[0], sum / static_cast<double>(g.train.size()), 1e-12);
  // The known side's bias, averaged over the samples.
  EXPECT_NEAR(loaded.predictions()[1], loaded.predictions()[0] + loaded.item_vectors()(0, 7), 1e-12);
  EXPECT_NEAR(loaded.predictions()[2], loaded.predictions()[0] + loaded.user_vectors()(0, 7), 1e-12);
}

TEST(BpmfModelFile, AFailedSaveLeavesNoFile) {
  const std::string path = files::temp_path("bpmf_unfinished.model");
  std::filesystem::remove(path);
  {
    ModelHeader h;
    h.rank = 2;
    h.hi = 5.0;
    h.samples = 2;
    ModelSaver saver(path, h, {}, {"a"}, {"b"});
    EXPECT_THROW(saver.commit(), Error);  // no sample saved yet: the header says 2
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

// A small valid model file's bytes.
std::string small_model() {
  const auto g = test::low_rank(6, 5, 0.6, 0.3, 14);
  BpmfOptions o = test::sampling(2, 4, 1);
  o.flipped = true;
  const std::string path = files::temp_path("bpmf_small.model");
  sample_and_save(path, g, 6, 5, o, 2, g.test);
  return files::slurp(path);
}

// Loads `bytes` as a model file and reads every sample; the message of the Error (or "").
std::string load_error(const std::string& bytes) {
  const std::string path = files::temp_path("bpmf_damaged.model");
  files::write_file(path, bytes);
  try {
    load_mean(path, {{0, 0, 0.0}, {kUnknown, 1, 0.0}});
  } catch (const Error& e) {
    return e.what();
  }
  return {};
}

TEST(BpmfModelFile, EveryTruncationIsAClearError) {
  const std::string bytes = small_model();
  ASSERT_EQ(load_error(bytes), "");
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    const std::string why = load_error(bytes.substr(0, n));
    ASSERT_NE(why, "") << "truncated to " << n << " of " << bytes.size() << " bytes";
    ASSERT_NE(why.find("bpmf_damaged.model"), std::string::npos) << why;
  }
}

TEST(BpmfModelFile, EveryFlippedByteIsAClearError) {
  const std::string bytes = small_model();
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    for (unsigned char mask : {0x01, 0x80, 0xff}) {
      std::string damaged = bytes;
      damaged[at] = static_cast<char>(damaged[at] ^ mask);
      const std::string why = load_error(damaged);
      ASSERT_NE(why, "") << "byte " << at << " ^ " << int(mask);
      ASSERT_NE(why.find("bpmf_damaged.model"), std::string::npos) << why;
    }
  }
  EXPECT_NE(load_error(bytes + "x").find("bytes after the checksum"), std::string::npos);
}

// A model file written field by field (valid checksum), with `forge` changing one thing.
struct Fields {
  std::string learner = "bpmf";
  double mean = 3.0, lo = 1.0, hi = 5.0;
  std::uint32_t rank = 1;
  std::uint8_t user_implicit = 0, item_implicit = 0;
  std::uint64_t samples = 1;
  std::vector<std::string> users{"a", "b"}, items{"x"};
  float value = 0.5f;
  std::uint64_t written = 1;  // samples written
};
std::string forged(const Fields& f) {
  const std::string path = files::temp_path("bpmf_forged.model");
  ModelWriter out(path, {}, f.learner);
  out.begin_section("bpmf", 1);
  out.put(f.mean);
  out.put(f.lo);
  out.put(f.hi);
  out.put(f.rank);
  out.put(f.user_implicit);
  out.put(f.item_implicit);
  out.put(f.samples);
  out.begin_section("ids", 1);
  for (const auto* ids : {&f.users, &f.items}) {
    out.put(static_cast<std::uint64_t>(ids->size()));
    for (const auto& id : *ids) out.put_string(id);
  }
  const std::size_t d = f.rank + 1;
  for (std::uint64_t s = 0; s < f.written; ++s) {
    out.begin_section("sample", 1);
    for (std::size_t n : {f.users.size(), f.items.size()}) {
      const std::vector<float> vectors(d * n, f.value);
      out.put_floats(vectors.data(), vectors.size());
    }
  }
  out.commit();
  return files::slurp(path);
}

TEST(BpmfModelFile, ForgedFieldsAreNamed) {
  const auto error_with = [](const std::function<void(Fields&)>& change) {
    Fields f;
    change(f);
    return load_error(forged(f));
  };
  EXPECT_EQ(error_with([](Fields&) {}), "");
  EXPECT_NE(error_with([](Fields& f) { f.learner = "gd"; }).find("the 'gd' learner, not a learner-bpmf model"),
            std::string::npos);
  EXPECT_NE(error_with([](Fields& f) { f.rank = 0; }).find("rank 0, not in 1..500"), std::string::npos);
  EXPECT_NE(error_with([](Fields& f) { f.rank = 501; }).find("rank 501"), std::string::npos);
  EXPECT_NE(error_with([](Fields& f) { f.samples = 0; }).find("0 samples"), std::string::npos);
  EXPECT_NE(error_with([](Fields& f) { f.lo = 6.0; }).find("rating range"), std::string::npos);
  EXPECT_NE(error_with([](Fields& f) { f.mean = std::numeric_limits<double>::quiet_NaN(); }).find("not finite"),
            std::string::npos);
  EXPECT_NE(error_with([](Fields& f) { f.user_implicit = 2; }).find("flag"), std::string::npos);
  EXPECT_NE(error_with([](Fields& f) { f.users = {"a", "a"}; }).find("the id 'a' appears twice"), std::string::npos);
  EXPECT_NE(error_with([](Fields& f) { f.items = {"x y"}; }).find("a bad id"), std::string::npos);
  EXPECT_NE(error_with([](Fields& f) { f.items = {""}; }).find("a bad id"), std::string::npos);
  EXPECT_NE(error_with([](Fields& f) { f.items = {}; }).find("no item ids"), std::string::npos);
  EXPECT_NE(error_with([](Fields& f) { f.value = std::numeric_limits<float>::infinity(); })
                .find("a value of sample 1 is not finite"),
            std::string::npos);
  // The header and the samples that follow disagree.
  EXPECT_NE(error_with([](Fields& f) { f.samples = 2; }).find("section 'sample' is missing"), std::string::npos);
  EXPECT_NE(error_with([](Fields& f) { f.written = 2; }).find("more sections than the learner 'bpmf' writes"),
            std::string::npos);
}

TEST(BpmfModelFile, NotAModelAndMissingFilesAreNamed) {
  EXPECT_NE(load_error("1\t2\t5\n").find("not a learner model file"), std::string::npos);
  EXPECT_NE(load_error("").find("too short"), std::string::npos);
  try {
    ModelLoader model(files::temp_path("no_such.model"));
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no_such.model"), std::string::npos);
  }
}

}  // namespace
}  // namespace learner::bayes
