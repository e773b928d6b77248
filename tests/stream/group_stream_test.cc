// ExampleStream's multi-line examples (example_stream.h, "Multi-line
// examples"): blank lines end groups (CRLF ones too), the last group needs no
// blank line, a first `shared` line joins every later line of its group
// before the features are built, a misplaced or lonely `shared` line is an
// error at file:line, and cached and memory passes give the text pass's
// slots, group ends included, also when a group straddles two cache blocks.
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/features/feature_builder.h"
#include "learner/parse/text_parser.h"
#include "learner/stream/example_stream.h"
#include "support/files.h"

namespace learner {
namespace {

// One slot as the consumer saw it: 'E' a group end, 'S' a shared line, 'A'
// an action line, with its line, tag and built features.
struct Slot {
  char kind;
  unsigned pass;
  std::string tag;
  std::vector<uint64_t> features;  // index and value bits
  bool operator==(const Slot&) const = default;
};

ParseOptions ldf_parse() {
  ParseOptions o;
  o.labels = LabelFormat::kLabelDependent;
  return o;
}

struct GroupRun {
  std::vector<Slot> slots;
  std::vector<uint64_t> lines;  // text line numbers (0 from a cache)
};

GroupRun read_groups(const std::string& text, StreamOptions options, const std::vector<std::string>& interactions = {},
                std::unique_ptr<CacheReader> cache = nullptr) {
  auto reader = LineReader::from_string(text, "groups.vw");
  TextParser parser(ldf_parse());
  FeatureSpec spec;
  spec.interactions = interactions;
  FeatureBuilder builder(spec);
  options.multiline = true;
  ExampleStream stream(*reader, parser, builder, options, std::move(cache));
  GroupRun run;
  while (const ParsedExample* slot = stream.next()) {
    if (slot->error) std::rethrow_exception(slot->error);
    Slot s{slot->ex.group_end ? 'E' : slot->ex.shared ? 'S' : 'A', slot->pass, slot->ex.tag, {}};
    for (const Feature& f : slot->features) {
      uint32_t bits;
      std::memcpy(&bits, &f.value, 4);
      s.features.push_back(uint64_t{f.index} << 32 | bits);
    }
    run.slots.push_back(std::move(s));
    run.lines.push_back(slot->ex.line);
  }
  return run;
}

std::string kinds(const GroupRun& run) {
  std::string k;
  for (const Slot& s : run.slots) k += s.kind;
  return k;
}

TEST(GroupStream, BlankLinesEndGroupsAndTheLastNeedsNone) {
  const GroupRun run = read_groups("1:1 |a x\n2:0 |a y\n\n\n1:0 |a z\n2:1 |a w", StreamOptions{});
  EXPECT_EQ(kinds(run), "AAEEAA");
  EXPECT_EQ(run.lines, (std::vector<uint64_t>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(run.slots[0].features.size(), 2u);  // x and the constant
  EXPECT_TRUE(run.slots[2].features.empty());
}

TEST(GroupStream, CrlfBlankLinesEndGroups) {
  const GroupRun crlf = read_groups("1:1 |a x\r\n2:0 |a y\r\n\r\n1:0 |a z\r\n", StreamOptions{});
  const GroupRun lf = read_groups("1:1 |a x\n2:0 |a y\n\n1:0 |a z\n", StreamOptions{});
  EXPECT_EQ(kinds(crlf), "AAEA");
  EXPECT_EQ(crlf.slots, lf.slots);
}

TEST(GroupStream, SharedFirstLineJoinsEveryActionOfItsGroup) {
  const std::string text = "shared 'g |s u v\n1:1 'a1 |a x\n2:0 'a2 |a y\n\n1:0 |a x\n";
  const GroupRun run = read_groups(text, StreamOptions{}, {"sa"});
  ASSERT_EQ(kinds(run), "SAAEA");
  EXPECT_TRUE(run.slots[0].features.empty());  // the shared line builds nothing itself
  // Own feature, the two shared ones, their two products with it (-q sa), the constant.
  EXPECT_EQ(run.slots[1].features.size(), 6u);
  EXPECT_EQ(run.slots[2].features.size(), 6u);
  EXPECT_EQ(run.slots[4].features.size(), 2u);  // the next group has no shared line
  // The same line without the shared one: its own feature and the constant.
  EXPECT_EQ(run.slots[4].features.front(), run.slots[1].features.front());
  // The shared features are the same in both actions.
  EXPECT_EQ(run.slots[1].features[1], run.slots[2].features[1]);
  EXPECT_EQ(run.slots[1].tag, "a1");
}

TEST(GroupStream, MisplacedOrLonelySharedLineIsAnErrorAtFileLine) {
  try {
    read_groups("1:1 |a x\nshared |s u\n2:0 |a y\n", StreamOptions{});
    ADD_FAILURE() << "a shared line after an action line was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("groups.vw:2: a `shared` line must be the first line", 0), 0u) << e.what();
  }
  for (const std::string text : {"shared |s u\n\n1:0 |a x\n", "1:0 |a x\n\nshared |s u\n"}) {
    try {
      read_groups(text, StreamOptions{});
      ADD_FAILURE() << "a shared line without actions was accepted: " << text;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("has no action line after it"), std::string::npos) << e.what();
    }
  }
}

// Many groups of long lines, so that the cache's 1 MiB blocks split some
// groups: the cached pass (and a later run reading the cache) gives the text
// pass's slots, in order, group ends and merged features included.
TEST(GroupStream, CacheAndMemoryPassesKeepGroups) {
  std::string text;
  for (int g = 0; g < 3000; ++g) {
    if (g % 3 != 0) text += "shared 'g" + std::to_string(g) + " |s u" + std::to_string(g % 17) + " w:0.5\n";
    for (int k = 1; k <= 3; ++k) {
      text += std::to_string(k) + ":" + std::to_string((g + k) % 4) + " |a";
      for (int f = 0; f < 40; ++f) text += " f" + std::to_string((g * 7 + k * 13 + f) % 500);
      text += "\n";
    }
    text += "\n";
  }
  StreamOptions plain;
  plain.passes = 2;
  const GroupRun want = read_groups(text, plain, {"sa"});  // two text passes
  const std::string path = test::temp_path("groups.cache");
  std::remove(path.c_str());
  StreamOptions cached = plain;
  cached.cache_path = path;
  cached.cache_key = CacheKey{{{"test", "groups"}}, true};
  const GroupRun got = read_groups(text, cached, {"sa"});  // pass 1 writes the cache, pass 2 reads it
  ASSERT_EQ(got.slots.size(), want.slots.size());
  for (std::size_t i = 0; i < want.slots.size(); ++i) ASSERT_EQ(got.slots[i], want.slots[i]) << "slot " << i;
  // The first block's record count (cache_file.h's layout: a 24-byte header
  // whose last u32 is the key's length, the key, its CRC, then 32-byte block headers
  // whose fourth u32 counts the block's records): its last record is not a
  // group end, so a group continues in the second block.
  const std::string bytes = test::slurp(path);
  uint32_t key_length = 0, records = 0;
  std::memcpy(&key_length, bytes.data() + 20, 4);
  std::memcpy(&records, bytes.data() + 24 + key_length + 4 + 12, 4);
  ASSERT_GT(records, 0u);
  ASSERT_LT(records, want.slots.size() / 2) << "the cache should span several blocks";
  EXPECT_NE(want.slots[records - 1].kind, 'E') << "the first block should end inside a group";
  std::string why;
  auto reader = CacheReader::open(path, cached.cache_key, why);
  ASSERT_TRUE(reader) << why;
  StreamOptions reread = plain;
  const GroupRun again = read_groups(text, reread, {"sa"}, std::move(reader));  // both passes from the cache
  ASSERT_EQ(again.slots.size(), want.slots.size());
  for (std::size_t i = 0; i < want.slots.size(); ++i) ASSERT_EQ(again.slots[i], want.slots[i]) << "slot " << i;
  StreamOptions memory = plain;
  memory.memory_bytes = std::size_t{256} << 20;
  const GroupRun remembered = read_groups(text, memory, {"sa"});  // pass 2 from memory
  ASSERT_EQ(remembered.slots.size(), want.slots.size());
  for (std::size_t i = 0; i < want.slots.size(); ++i)
    ASSERT_EQ(remembered.slots[i], want.slots[i]) << "slot " << i;
}

}  // namespace
}  // namespace learner
