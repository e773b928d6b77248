#include "learner/cache/cache_file.h"

#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bit>
#include <filesystem>
#include <fstream>

#include "learner/parse/text_parser.h"
#include "support/files.h"

namespace learner {
namespace {

std::string path_for(const std::string& name) { return test::temp_path("cache_" + name); }
using test::slurp;

const char* kLines[] = {
    "1 |a x:1 y:0.5 |b z",
    "-1 2 'tagged |a x:-1 y:0.2 |b w",
    "3.5 0.5 1.25 'both|a:2 x y:3 |b:0.5 :1 :2 :0 :4",
    "| default namespace only",
    "0 |a |b |c",
    "1 |user u17 |item i42 i43 |long_namespace_name_beyond_sso f:1e-30",
    "'only_tag |a s:red t:blue",
};

std::vector<Example> parse_all(const ParseOptions& options, int copies) {
  const TextParser parser(options);
  std::vector<Example> out;
  for (int c = 0; c < copies; ++c)
    for (const char* line : kLines) {
      Example ex;
      EXPECT_TRUE(parser.parse(line, ex, "<test>", 1));
      out.push_back(std::move(ex));
    }
  return out;
}

void expect_same(const Example& a, const Example& b, std::size_t i) {
  SCOPED_TRACE("example " + std::to_string(i));
  EXPECT_EQ(a.has_label, b.has_label);
  EXPECT_EQ(std::bit_cast<uint32_t>(a.label), std::bit_cast<uint32_t>(b.label));
  EXPECT_EQ(std::bit_cast<uint32_t>(a.importance), std::bit_cast<uint32_t>(b.importance));
  EXPECT_EQ(std::bit_cast<uint32_t>(a.base), std::bit_cast<uint32_t>(b.base));
  EXPECT_EQ(a.tag, b.tag);
  ASSERT_EQ(a.costs.size(), b.costs.size());
  for (std::size_t c = 0; c < a.costs.size(); ++c) {
    EXPECT_EQ(a.costs[c].klass, b.costs[c].klass);
    EXPECT_EQ(std::bit_cast<uint32_t>(a.costs[c].cost), std::bit_cast<uint32_t>(b.costs[c].cost));
  }
  EXPECT_EQ(a.label_set, b.label_set);
  ASSERT_EQ(a.namespaces.size(), b.namespaces.size());
  for (std::size_t n = 0; n < a.namespaces.size(); ++n) {
    EXPECT_EQ(a.namespaces[n].name, b.namespaces[n].name);
    EXPECT_EQ(a.namespaces[n].first, b.namespaces[n].first);
    EXPECT_EQ(a.namespaces[n].hash, b.namespaces[n].hash);
    EXPECT_EQ(a.namespaces[n].begin, b.namespaces[n].begin);
    EXPECT_EQ(a.namespaces[n].end, b.namespaces[n].end);
  }
  ASSERT_EQ(a.features.size(), b.features.size());
  for (std::size_t f = 0; f < a.features.size(); ++f) {
    EXPECT_EQ(a.features[f].index, b.features[f].index);
    EXPECT_EQ(std::bit_cast<uint32_t>(a.features[f].value), std::bit_cast<uint32_t>(b.features[f].value));
  }
}

// A data file for the key (its size and mtime are part of it).
std::string data_file(const std::string& name, const std::string& text = "1 |a x\n") {
  const std::string path = path_for(name + ".txt");
  test::write_file(path, text);
  return path;
}

std::string write_cache(const std::string& name, const std::vector<Example>& examples, const CacheKey& key,
                        bool compressed, uint64_t skipped = 0) {
  const std::string path = path_for(name + ".cache");
  CacheWriter writer(path, key, compressed);
  uint64_t bytes = 0;
  for (const Example& ex : examples) writer.add(ex, bytes += 10);
  for (uint64_t i = 0; i < skipped; ++i) writer.add_skipped();
  writer.commit(bytes + 3);
  return path;
}

// Reads every example; returns how many, or -1 when CacheCorrupt was thrown.
long read_count(CacheReader& reader) {
  Example ex;
  long n = 0;
  try {
    while (reader.next(ex)) ++n;
  } catch (const CacheCorrupt&) {
    return -1;
  }
  return n;
}

class CacheRoundTrip : public ::testing::TestWithParam<bool> {};

TEST_P(CacheRoundTrip, EveryFieldSurvivesAcrossBlocksAndPasses) {
  const bool compressed = GetParam();
  const std::vector<Example> examples = parse_all(ParseOptions{}, 6000);  // several 1 MiB blocks
  const CacheKey key = make_cache_key(data_file("rt"), ParseOptions{});
  const std::string path = write_cache(compressed ? "rtz" : "rt", examples, key, compressed, 2);
  std::string why;
  auto reader = CacheReader::open(path, key, why);
  ASSERT_NE(reader, nullptr) << why;
  EXPECT_EQ(reader->info().examples, examples.size());
  EXPECT_EQ(reader->info().skipped, 2u);
  EXPECT_GT(reader->info().blocks, 1u);
  EXPECT_EQ(reader->info().text_bytes, examples.size() * 10 + 3);
  for (int pass = 0; pass < 2; ++pass) {
    Example ex;
    ex.names = {"stale"};
    std::size_t i = 0;
    for (; reader->next(ex); ++i) {
      ASSERT_LT(i, examples.size());
      expect_same(ex, examples[i], i);
      EXPECT_TRUE(ex.names.empty());
    }
    EXPECT_EQ(i, examples.size());
    EXPECT_EQ(reader->text_bytes_read(), examples.size() * 10 + 3);
    reader->rewind();
  }
}

INSTANTIATE_TEST_SUITE_P(PlainAndZlib, CacheRoundTrip, ::testing::Bool());

// The reductions' labels: class costs (bare classes have the unknown cost)
// and label sets survive, next to examples without them.
TEST(Cache, ReductionLabelsSurvive) {
  struct Grammar {
    LabelFormat format;
    std::vector<const char*> lines;
  };
  const Grammar grammars[] = {
      {LabelFormat::kCostSensitive,
       {"1:0.5 2:1 3:0 |a x", "2 3 'candidates |a y", "3:1e-7 1:2.5 |b z:2", "| no label"}},
      {LabelFormat::kMultilabel, {"1,3,4 |a x", "2 'one |a y", "| none", "4,1 |b w"}},
  };
  for (const Grammar& g : grammars) {
    ParseOptions options;
    options.labels = g.format;
    options.classes = 4;
    const TextParser parser(options);
    std::vector<Example> examples;
    for (int copy = 0; copy < 3; ++copy)
      for (const char* line : g.lines) {
        Example ex;
        ASSERT_TRUE(parser.parse(line, ex, "<test>", 1)) << line;
        examples.push_back(std::move(ex));
      }
    ASSERT_FALSE(examples[0].costs.empty() && examples[0].label_set.empty()) << "the parser filled no label";
    const CacheKey key = make_cache_key(data_file("labels"), options);
    const std::string path = write_cache("labels", examples, key, false);
    std::string why;
    auto reader = CacheReader::open(path, key, why);
    ASSERT_NE(reader, nullptr) << why;
    Example ex;
    ex.costs = {{9, 9.0f}};
    ex.label_set = {9};
    std::size_t i = 0;
    for (; reader->next(ex); ++i) {
      ASSERT_LT(i, examples.size());
      expect_same(ex, examples[i], i);
    }
    EXPECT_EQ(i, examples.size());
  }
}

TEST(Cache, AllOnesNamespacesAreStoredWithoutValues) {
  const TextParser parser(ParseOptions{});
  Example ones, valued;
  ASSERT_TRUE(parser.parse("1 |a x y z w v u t s", ones, "<t>", 1));
  ASSERT_TRUE(parser.parse("1 |a x:2 y z w v u t s", valued, "<t>", 1));
  const CacheKey key = make_cache_key(data_file("ones"), ParseOptions{});
  const auto a = std::filesystem::file_size(write_cache("ones", std::vector<Example>(100, ones), key, false));
  const auto b = std::filesystem::file_size(write_cache("valued", std::vector<Example>(100, valued), key, false));
  EXPECT_LT(a + 100 * 8 * 3, b);  // 4 of 8 bytes saved per feature
}

TEST(Cache, NothingUnderTheFinalNameUntilCommit) {
  const std::string path = path_for("partial.cache");
  std::filesystem::remove(path);
  const CacheKey key = make_cache_key(data_file("partial"), ParseOptions{});
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    CacheWriter writer(path, key, false);
    for (const Example& ex : parse_all(ParseOptions{}, 3000)) writer.add(ex, 0);
    EXPECT_TRUE(std::filesystem::exists(tmp));
    EXPECT_FALSE(std::filesystem::exists(path));
  }  // destroyed without commit: an interrupted pass
  EXPECT_FALSE(std::filesystem::exists(tmp));
  EXPECT_FALSE(std::filesystem::exists(path));
}

// Issue 28: --cache_file naming a model (or any file that is no cache) must not replace it.
TEST(Cache, AWriterNeverReplacesAFileThatIsNoCache) {
  const CacheKey key = make_cache_key(data_file("notcache"), ParseOptions{});
  const std::string model = path_for("notcache.model");
  test::write_file(model, "LRNRMODL and the rest of a model");
  EXPECT_FALSE(replaceable_by_cache(model));
  EXPECT_THROW(CacheWriter(model, key, false), UsageError);
  EXPECT_EQ(slurp(model), "LRNRMODL and the rest of a model");
  EXPECT_FALSE(std::filesystem::exists(model + ".tmp." + std::to_string(::getpid())));
  const std::string shorter = path_for("notcache.short");
  test::write_file(shorter, "LRN");  // the start of the magic: a cache's own start
  EXPECT_TRUE(replaceable_by_cache(shorter));
  test::write_file(shorter, "LRX");
  EXPECT_FALSE(replaceable_by_cache(shorter));
  // Missing, empty, or a cache (stale or not): replaced as before.
  const std::string cache = path_for("notcache.cache");
  std::filesystem::remove(cache);
  EXPECT_TRUE(replaceable_by_cache(cache));
  test::write_file(cache, "");
  EXPECT_TRUE(replaceable_by_cache(cache));
  {
    CacheWriter writer(cache, key, false);
    writer.commit(0);
  }
  EXPECT_TRUE(replaceable_by_cache(cache));
  CacheWriter again(cache, key, true);
  again.commit(0);
}

TEST(Cache, EveryTruncationIsRefusedAtOpen) {
  const CacheKey key = make_cache_key(data_file("cut"), ParseOptions{});
  const std::string path = write_cache("cut", parse_all(ParseOptions{}, 2), key, false);
  const std::string good = slurp(path);
  for (std::size_t n = 0; n < good.size(); ++n) {
    test::write_file(path, good.substr(0, n));
    std::string why;
    EXPECT_EQ(CacheReader::open(path, key, why), nullptr) << "length " << n;
    EXPECT_FALSE(why.empty()) << "length " << n;
  }
}

TEST(Cache, TruncationAtABlockBoundaryIsRefused) {
  const CacheKey key = make_cache_key(data_file("cutblock"), ParseOptions{});
  const std::string path = write_cache("cutblock", parse_all(ParseOptions{}, 20000), key, false);
  const std::string good = slurp(path);
  // Drop the end record, then the end record and the last block's tail.
  for (std::size_t cut : {std::size_t{56}, std::size_t{57}, good.size() / 2}) {
    test::write_file(path, good.substr(0, good.size() - cut));
    std::string why;
    EXPECT_EQ(CacheReader::open(path, key, why), nullptr) << "cut " << cut;
    EXPECT_NE(why.find("truncated"), std::string::npos) << why;
  }
}

TEST(Cache, EveryFlippedByteIsDetected) {
  for (bool compressed : {false, true}) {
    const CacheKey key = make_cache_key(data_file("flip"), ParseOptions{});
    const std::string path = write_cache("flip", parse_all(ParseOptions{}, 2), key, compressed);
    const std::string good = slurp(path);
    const long total = static_cast<long>(std::size(kLines)) * 2;
    for (std::size_t i = 0; i < good.size(); ++i) {
      std::string bad = good;
      bad[i] ^= 0x04;
      test::write_file(path, bad);
      std::string why;
      auto reader = CacheReader::open(path, key, why);
      if (reader == nullptr) {
        EXPECT_FALSE(why.empty()) << "byte " << i;
        continue;
      }
      EXPECT_EQ(read_count(*reader), -1) << "byte " << i << (compressed ? " (compressed)" : "") << ": read "
                                         << total << " examples from a corrupt cache";
    }
  }
}

TEST(Cache, FlippedByteInALaterBlockThrowsWhenReached) {
  const CacheKey key = make_cache_key(data_file("flip2"), ParseOptions{});
  const std::string path = write_cache("flip2", parse_all(ParseOptions{}, 20000), key, false);
  std::string bytes = slurp(path);
  bytes[bytes.size() * 3 / 4] ^= 0x20;
  test::write_file(path, bytes);
  std::string why;
  auto reader = CacheReader::open(path, key, why);
  ASSERT_NE(reader, nullptr) << why;
  Example ex;
  long n = 0;
  try {
    while (reader->next(ex)) ++n;
    FAIL() << "no CacheCorrupt";
  } catch (const CacheCorrupt& e) {
    EXPECT_NE(std::string(e.what()).find("checksum"), std::string::npos) << e.what();
  }
  EXPECT_GT(n, 0);  // the blocks before the bad one were good
  EXPECT_LT(n, 20000L * static_cast<long>(std::size(kLines)));
}

TEST(Cache, OtherHashOptionsOrAChangedFileAreRefusedWithAReason) {
  const std::string data = data_file("key");
  const CacheKey key = make_cache_key(data, ParseOptions{});
  const std::string path = write_cache("key", parse_all(ParseOptions{}, 1), key, false);
  std::string why;
  ASSERT_NE(CacheReader::open(path, key, why), nullptr) << why;

  ParseOptions seeded;
  seeded.hash_seed = 7;
  EXPECT_EQ(CacheReader::open(path, make_cache_key(data, seeded), why), nullptr);
  EXPECT_NE(why.find("--hash_seed 0 (now 7)"), std::string::npos) << why;

  ParseOptions all;
  all.hash_all = true;
  EXPECT_EQ(CacheReader::open(path, make_cache_key(data, all), why), nullptr);
  EXPECT_NE(why.find("--hash strings (now all)"), std::string::npos) << why;

  ParseOptions costs;
  costs.labels = LabelFormat::kCostSensitive;
  costs.classes = 3;
  EXPECT_EQ(CacheReader::open(path, make_cache_key(data, costs), why), nullptr);
  EXPECT_NE(why.find("its labels were read as simple labels (now cost-sensitive/3)"), std::string::npos) << why;

  // Labels checked against a loss's domain (logistic) were not checked when
  // this cache was written: it is rebuilt, not trusted.
  ParseOptions logistic;
  logistic.label_domain = {-1.0, 1.0, "logistic", ""};
  EXPECT_EQ(CacheReader::open(path, make_cache_key(data, logistic), why), nullptr);
  EXPECT_NE(why.find("its labels were checked against no loss's domain (now [-1,1]"), std::string::npos) << why;

  // Nor were its labels checked to be -1 or 1 (a mistake-driven learner, --binary).
  ParseOptions signs;
  signs.label_domain.signs = "--binary";
  EXPECT_EQ(CacheReader::open(path, make_cache_key(data, signs), why), nullptr);
  EXPECT_NE(why.find("its labels were not checked to be -1 or 1"), std::string::npos) << why;

  test::write_file(data, "1 |a x\n-1 |a y\n");
  EXPECT_EQ(CacheReader::open(path, make_cache_key(data, ParseOptions{}), why), nullptr);
  EXPECT_NE(why.find("data file changed"), std::string::npos) << why;

  const std::string other = data_file("key_other");
  EXPECT_EQ(CacheReader::open(path, make_cache_key(other, ParseOptions{}), why), nullptr);
  EXPECT_NE(why.find("made from"), std::string::npos) << why;
}

// Runs `body` with standard input replaced by `fd` (closed afterwards).
template <class F>
void with_stdin(int fd, F body) {
  const int saved = ::dup(0);
  ::dup2(fd, 0);
  ::close(fd);
  body();
  ::dup2(saved, 0);
  ::close(saved);
}

TEST(Cache, StandardInputWithDataIsNeverTrusted) {
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  ASSERT_EQ(::write(pipe_fds[1], "1 |a x\n", 7), 7);
  ::close(pipe_fds[1]);
  with_stdin(pipe_fds[0], [] {
    const CacheKey key = make_cache_key("-", ParseOptions{});
    EXPECT_FALSE(key.verifiable);
    const std::string path = write_cache("stdin", parse_all(ParseOptions{}, 1), key, false);
    std::string why;
    EXPECT_EQ(CacheReader::open(path, key, why), nullptr);
    EXPECT_NE(why.find("standard input"), std::string::npos) << why;
  });
}

// Issue 17, defect 3: standard input without data (here an empty file) reads
// the cache made from standard input instead of replacing it with nothing.
TEST(Cache, StandardInputWithoutDataReadsTheStdinCache) {
  const std::string empty = test::temp_path("empty_stdin");
  test::write_file(empty, "");
  with_stdin(::open(empty.c_str(), O_RDONLY), [] {
    const CacheKey key = make_cache_key("-", ParseOptions{});
    EXPECT_TRUE(key.verifiable);
    const std::string path = write_cache("stdin_empty", parse_all(ParseOptions{}, 1), key, false);
    std::string why;
    EXPECT_NE(CacheReader::open(path, key, why), nullptr) << why;
  });
}

// Issue 17, defect 4: a same-size edit with the modification time restored.
TEST(Cache, ASameSizeEditWithTheTimeRestoredIsRefused) {
  const std::string data = data_file("same_size");
  test::write_file(data, "1 |a x\n-1 |a y\n");
  const CacheKey key = make_cache_key(data, ParseOptions{});
  const std::string path = write_cache("same_size", parse_all(ParseOptions{}, 1), key, false);
  const auto when = std::filesystem::last_write_time(data);
  test::write_file(data, "1 |a x\n-1 |a z\n");
  std::filesystem::last_write_time(data, when);
  std::string why;
  EXPECT_EQ(CacheReader::open(path, make_cache_key(data, ParseOptions{}), why), nullptr);
  EXPECT_NE(why.find("content changed"), std::string::npos) << why;
}

TEST(Cache, MissingFileHasNoReasonOtherFilesDo) {
  const CacheKey key = make_cache_key(data_file("missing"), ParseOptions{});
  std::string why = "x";
  EXPECT_EQ(CacheReader::open(path_for("does_not_exist.cache"), key, why), nullptr);
  EXPECT_TRUE(why.empty());
  const std::string text = data_file("not_a_cache", std::string(200, 'x'));
  EXPECT_EQ(CacheReader::open(text, key, why), nullptr);
  EXPECT_NE(why.find("magic"), std::string::npos) << why;
}


// A pass that checked every block lets later passes skip the checksums, but
// only while nothing has written to the file: an edit made between passes is
// caught again.
TEST(Cache, ChecksumsAreSkippedOnlyWhileTheFileIsUnchanged) {
  const CacheKey key = make_cache_key(data_file("trust"), ParseOptions{});
  const std::string path = write_cache("trust", parse_all(ParseOptions{}, 20000), key, false);
  // An old modification time, so the edit below changes it whatever the clock's granularity.
  const struct timespec old_times[2] = {{1000000000, 0}, {1000000000, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, path.c_str(), old_times, 0), 0);
  std::string why;
  auto reader = CacheReader::open(path, key, why);
  ASSERT_NE(reader, nullptr) << why;
  EXPECT_FALSE(reader->trusted());
  const long all = read_count(*reader);
  reader->rewind();
  EXPECT_TRUE(reader->trusted());
  EXPECT_EQ(read_count(*reader), all);
  {
    const std::string bytes = slurp(path);
    const std::size_t at = bytes.size() * 3 / 4;
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(at));
    f.put(static_cast<char>(bytes[at] ^ 0x20));
  }
  reader->rewind();
  EXPECT_FALSE(reader->trusted());
  Example ex;
  try {
    while (reader->next(ex)) {
    }
    FAIL() << "the edited block was read without a checksum";
  } catch (const CacheCorrupt& e) {
    EXPECT_NE(std::string(e.what()).find("checksum"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace learner
