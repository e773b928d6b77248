#include "learner/io/line_reader.h"

#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>
#include <vector>

#include "gzip_helper.h"
#include "learner/error.h"

namespace learner {
namespace {

using testing::gzip;

std::vector<std::string> read_all(LineReader& r) {
  std::vector<std::string> lines;
  std::string_view line;
  while (r.next(line)) lines.emplace_back(line);
  return lines;
}

std::vector<std::string> read_all(std::string data) {
  auto r = LineReader::from_string(std::move(data));
  return read_all(*r);
}

// A temporary file removed at the end of the test.
struct TempFile {
  explicit TempFile(const std::string& contents, const std::string& suffix = ".txt") {
    path = (std::filesystem::temp_directory_path() /
            ("learner_io_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + suffix))
               .string();
    std::ofstream(path, std::ios::binary) << contents;
  }
  ~TempFile() { std::remove(path.c_str()); }
  std::string path;
  static inline int counter = 0;
};

TEST(LineReader, SplitsLinesAndKeepsCarriageReturn) {
  EXPECT_EQ(read_all("a\nbb\r\n\nccc\n"), (std::vector<std::string>{"a", "bb\r", "", "ccc"}));
}

TEST(LineReader, ReturnsFinalLineWithoutNewline) {
  EXPECT_EQ(read_all("x\ny"), (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(read_all("only"), (std::vector<std::string>{"only"}));
}

TEST(LineReader, EmptyInputEndsAtOnce) {
  auto r = LineReader::from_string("");
  std::string_view line;
  EXPECT_FALSE(r->next(line));
  EXPECT_FALSE(r->next(line));
  EXPECT_EQ(r->line_number(), 0u);
}

TEST(LineReader, CountsLinesAndBytes) {
  auto r = LineReader::from_string("ab\ncde\nf", "buf");
  std::string_view line;
  ASSERT_TRUE(r->next(line));
  EXPECT_EQ(r->line_number(), 1u);
  EXPECT_EQ(r->bytes_read(), 3u);
  ASSERT_TRUE(r->next(line));
  EXPECT_EQ(r->line_number(), 2u);
  EXPECT_EQ(r->bytes_read(), 7u);
  ASSERT_TRUE(r->next(line));
  EXPECT_EQ(line, "f");
  EXPECT_EQ(r->line_number(), 3u);
  EXPECT_EQ(r->bytes_read(), 8u);
  EXPECT_FALSE(r->next(line));
  EXPECT_EQ(r->name(), "buf");
}

// Many lines of varied length across several 1 MiB blocks.
std::string make_big_text(std::vector<std::string>& expected) {
  std::string text;
  for (int i = 0; text.size() < (5u << 20); ++i) {
    std::string line(static_cast<std::size_t>((i * 7919) % 3000), static_cast<char>('a' + i % 26));
    line += std::to_string(i);
    expected.push_back(line);
    text += line;
    text += '\n';
  }
  return text;
}

TEST(LineReader, ReadsAcrossBlocks) {
  std::vector<std::string> expected;
  std::string text = make_big_text(expected);
  auto r = LineReader::from_string(text);
  EXPECT_EQ(read_all(*r), expected);
  EXPECT_EQ(r->bytes_read(), text.size());
  EXPECT_EQ(r->line_number(), expected.size());
}

TEST(LineReader, ReadsALineLongerThanABlock) {
  std::string big(3u << 20, 'z');
  EXPECT_EQ(read_all("a\n" + big + "\nb"), (std::vector<std::string>{"a", big, "b"}));
}

TEST(LineReader, OverlongLineThrowsInputError) {
  auto r = LineReader::from_string("12345678\n123456789\nok\n", "long.txt");
  r->set_max_line(8);
  std::string_view line;
  ASSERT_TRUE(r->next(line));
  EXPECT_EQ(line, "12345678");
  try {
    r->next(line);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("long.txt:2"), std::string::npos) << e.what();
  }
}

TEST(LineReader, OverlongLastLineWithoutNewlineThrows) {
  auto r = LineReader::from_string(std::string(100, 'x'));
  r->set_max_line(10);
  std::string_view line;
  EXPECT_THROW(r->next(line), InputError);
}

TEST(LineReader, OverlongLineAcrossBlocksThrowsBeforeTheEnd) {
  auto r = LineReader::from_string(std::string(3u << 20, 'x') + "\n");
  r->set_max_line(1u << 20);
  std::string_view line;
  EXPECT_THROW(r->next(line), InputError);
}

TEST(LineReader, GzipIsDetectedByMagic) {
  auto r = LineReader::from_string(gzip("one\ntwo\n"), "plain-name.txt");
  EXPECT_EQ(read_all(*r), (std::vector<std::string>{"one", "two"}));
  EXPECT_EQ(r->bytes_read(), 8u);
}

TEST(LineReader, GzipOfEmptyTextHasNoLines) { EXPECT_TRUE(read_all(gzip("")).empty()); }

TEST(LineReader, GzipConcatenatedMembersAreAllRead) {
  std::string data = gzip("a\nb") + gzip("c\n") + gzip("") + gzip("d\n");
  EXPECT_EQ(read_all(data), (std::vector<std::string>{"a", "bc", "d"}));
}

TEST(LineReader, GzipLargeInput) {
  std::vector<std::string> expected;
  std::string text = make_big_text(expected);
  auto r = LineReader::from_string(gzip(text));
  EXPECT_EQ(read_all(*r), expected);
  EXPECT_EQ(r->bytes_read(), text.size());
}

void expect_input_error(const std::string& data, const std::string& name) {
  auto r = LineReader::from_string(data, name);
  std::string_view line;
  try {
    while (r->next(line)) {
    }
    FAIL() << "a damaged gzip stream read as a clean end";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(name + ":"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("gzip"), std::string::npos) << e.what();
  }
}

TEST(LineReader, TruncatedGzipThrows) {
  std::vector<std::string> expected;
  std::string z = gzip(make_big_text(expected));
  for (std::size_t cut : {std::size_t{5}, std::size_t{20}, z.size() / 2, z.size() - 9, z.size() - 1}) {
    SCOPED_TRACE(cut);
    expect_input_error(z.substr(0, cut), "cut.gz");
  }
}

TEST(LineReader, TruncatedSecondMemberThrows) {
  std::string second = gzip("more\n");
  expect_input_error(gzip("first\n") + second.substr(0, second.size() - 4), "two.gz");
}

TEST(LineReader, CorruptGzipThrows) {
  std::vector<std::string> expected;
  std::string z = gzip(make_big_text(expected));
  for (std::size_t at : {z.size() / 3, z.size() / 2, z.size() - 6}) {  // deflate data, then the CRC
    SCOPED_TRACE(at);
    std::string bad = z;
    bad[at] = static_cast<char>(bad[at] ^ 0x55);
    expect_input_error(bad, "flip.gz");
  }
}

TEST(LineReader, TrailingGarbageAfterGzipThrows) { expect_input_error(gzip("a\n") + "junk", "tail.gz"); }

TEST(LineReader, RewindRestartsABuffer) {
  for (bool compressed : {false, true}) {
    std::string text = "1\n2\n3";
    auto r = LineReader::from_string(compressed ? gzip(text) : text);
    EXPECT_TRUE(r->seekable());
    std::string_view line;
    ASSERT_TRUE(r->next(line));
    ASSERT_TRUE(r->next(line));
    r->rewind();
    EXPECT_EQ(r->line_number(), 0u);
    EXPECT_EQ(r->bytes_read(), 0u);
    EXPECT_EQ(read_all(*r), (std::vector<std::string>{"1", "2", "3"}));
    r->rewind();
    EXPECT_EQ(read_all(*r), (std::vector<std::string>{"1", "2", "3"}));
  }
}

TEST(LineReader, OpensPlainAndGzipFilesAndRewinds) {
  std::vector<std::string> expected;
  std::string text = make_big_text(expected);
  TempFile plain(text);
  TempFile zipped(gzip(text), ".gz");
  TempFile misnamed(gzip("x y\n"), ".txt");
  for (const auto* f : {&plain, &zipped}) {
    auto r = LineReader::open(f->path);
    EXPECT_TRUE(r->seekable());
    EXPECT_EQ(r->name(), f->path);
    std::string_view line;
    ASSERT_TRUE(r->next(line));
    EXPECT_EQ(line, expected[0]);
    r->rewind();
    EXPECT_EQ(read_all(*r), expected);
  }
  auto r = LineReader::open(misnamed.path);
  EXPECT_EQ(read_all(*r), (std::vector<std::string>{"x y"}));
}

TEST(LineReader, GzipFileTruncatedOnDiskThrows) {
  std::string z = gzip("a 1\nb 2\nc 3\n");
  TempFile cut(z.substr(0, z.size() - 3), ".gz");
  auto r = LineReader::open(cut.path);
  std::string_view line;
  EXPECT_THROW(
      {
        while (r->next(line)) {
        }
      },
      InputError);
}

TEST(LineReader, MissingFileOrDirectoryThrowsError) {
  EXPECT_THROW(LineReader::open("/nonexistent/learner/file.txt"), Error);
  EXPECT_THROW(LineReader::open(std::filesystem::temp_directory_path().string()), Error);
}

TEST(LineReader, PipeIsReadButCannotRewind) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  std::string text = "p1\np2\n";
  ASSERT_EQ(::write(fds[1], text.data(), text.size()), static_cast<ssize_t>(text.size()));
  ::close(fds[1]);
  auto r = LineReader::open("/dev/fd/" + std::to_string(fds[0]));
  ::close(fds[0]);  // the reader holds its own descriptor
  EXPECT_FALSE(r->seekable());
  EXPECT_EQ(read_all(*r), (std::vector<std::string>{"p1", "p2"}));
  EXPECT_THROW(r->rewind(), Error);
}

TEST(LineReader, StdinCannotRewind) {
  auto r = LineReader::open("-");
  EXPECT_FALSE(r->seekable());
  EXPECT_EQ(r->name(), "<stdin>");
  EXPECT_THROW(r->rewind(), Error);
}

}  // namespace
}  // namespace learner
