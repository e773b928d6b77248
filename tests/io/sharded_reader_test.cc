#include "learner/io/sharded_reader.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gzip_helper.h"
#include "learner/error.h"

namespace learner {
namespace {

struct Read {
  std::vector<std::string> lines;
  std::vector<uint64_t> numbers;
};

Read read_shard(const std::string& data, unsigned rank, unsigned count) {
  ShardedLineReader r(LineReader::from_string(data), rank, count);
  Read out;
  std::string_view line;
  while (r.next(line)) {
    out.lines.emplace_back(line);
    out.numbers.push_back(r.line_number());
  }
  return out;
}

TEST(ShardedLineReader, RankTakesLinesWithIndexModCount) {
  const std::string data = "a\nb\nc\nd\ne\nf\ng";
  const Read r1 = read_shard(data, 1, 3);
  EXPECT_EQ(r1.lines, (std::vector<std::string>{"b", "e"}));
  EXPECT_EQ(r1.numbers, (std::vector<uint64_t>{2, 5}));  // the file's line numbers, for error messages
  EXPECT_EQ(read_shard(data, 0, 3).lines, (std::vector<std::string>{"a", "d", "g"}));
}

TEST(ShardedLineReader, ShardsCoverEveryLineOnceAlsoGzip) {
  std::string data;
  for (int i = 0; i < 100; ++i) data += std::to_string(i) + "\n";
  for (const std::string& bytes : {data, testing::gzip(data)}) {
    std::vector<int> seen(100, 0);
    for (unsigned r = 0; r < 7; ++r)
      for (const std::string& line : read_shard(bytes, r, 7).lines) ++seen[std::stoi(line)];
    for (int i = 0; i < 100; ++i) EXPECT_EQ(seen[i], 1) << i;
  }
}

TEST(ShardedLineReader, EmptyShardAndRewind) {
  EXPECT_TRUE(read_shard("only\n", 1, 2).lines.empty());
  ShardedLineReader r(LineReader::from_string("a\nb\nc\n"), 1, 2);
  std::string_view line;
  ASSERT_TRUE(r.next(line));
  EXPECT_EQ(line, "b");
  EXPECT_FALSE(r.next(line));
  EXPECT_EQ(r.bytes_read(), 6u);  // the whole input was read
  r.rewind();
  ASSERT_TRUE(r.next(line));
  EXPECT_EQ(line, "b");
  EXPECT_EQ(r.line_number(), 2u);
}

TEST(ShardedLineReader, RejectsRankOutsideCount) {
  EXPECT_THROW(ShardedLineReader(LineReader::from_string("a\n"), 2, 2), Error);
}

}  // namespace
}  // namespace learner
