#include "learner/model/model_file.h"

#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <vector>

#include "learner/error.h"
#include "support/files.h"

namespace learner {
namespace {

std::string path_for(const char* name) { return test::temp_path(std::string("model_") + name); }
using test::slurp;

const OptionList kOptions = {{"bit_precision", "4"}, {"quadratic", "ab"}, {"quadratic", "ac"}, {"noconstant", ""}};

// A file with two sections: "t.head" v2 (a double and a string), "t.table" v1 (64 floats).
void write_sample(const std::string& path) {
  ModelWriter w(path, kOptions, "test");
  w.begin_section("t.head", 2);
  w.put(2.5);
  w.put_string("hello");
  w.begin_section("t.table", 1);
  std::vector<float> table;
  for (int i = 0; i < 64; ++i) table.push_back(0.5f * i);
  w.put_floats(table.data(), table.size());
  w.commit();
}

struct Sample {
  uint32_t head_version = 0;
  double value = 0;
  std::string text;
  std::vector<float> table;
};

// Reads the sample back through every check (throws on a failed one).
Sample read_sample(const std::string& path) {
  ModelReader r(path);
  Sample s;
  s.head_version = r.section("t.head", 2);
  s.value = r.get<double>();
  s.text = r.get_string(100);
  r.section("t.table", 1);
  s.table.resize(64);
  r.get_floats(s.table.data(), s.table.size(), "the table");
  r.finish();
  return s;
}

TEST(ModelFile, RoundTrip) {
  const std::string path = path_for("rt");
  write_sample(path);
  ModelReader r(path);
  EXPECT_EQ(r.options(), kOptions);
  EXPECT_EQ(r.learner(), "test");
  ASSERT_NE(r.option("quadratic"), nullptr);
  EXPECT_EQ(*r.option("quadratic"), "ab");
  EXPECT_EQ(r.option("missing"), nullptr);
  const Sample sample = read_sample(path);
  EXPECT_EQ(sample.head_version, 2u);
  EXPECT_EQ(sample.value, 2.5);
  EXPECT_EQ(sample.text, "hello");
  for (int i = 0; i < 64; ++i) EXPECT_EQ(sample.table[i], 0.5f * i);
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp." + std::to_string(::getpid())));
}

TEST(ModelFile, WriterWithoutCommitLeavesNothing) {
  const std::string path = path_for("nocommit");
  std::filesystem::remove(path);
  {
    ModelWriter w(path, kOptions, "test");
    w.begin_section("t.head", 1);
  }
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp." + std::to_string(::getpid())));
}

TEST(ModelFile, EveryFlippedByteIsDetected) {
  const std::string path = path_for("flip");
  write_sample(path);
  const std::string good = slurp(path);
  for (std::size_t i = 0; i < good.size(); ++i) {
    std::string bad = good;
    bad[i] ^= 0x01;
    test::write_file(path, bad);
    EXPECT_THROW(read_sample(path), Error) << "byte " << i;
  }
}

TEST(ModelFile, EveryTruncationIsDetected) {
  const std::string path = path_for("cut");
  write_sample(path);
  const std::string good = slurp(path);
  for (std::size_t n = 0; n < good.size(); ++n) {
    test::write_file(path, good.substr(0, n));
    EXPECT_THROW(read_sample(path), Error) << "length " << n;
  }
}

std::size_t open_descriptors() {
  return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator("/proc/self/fd"),
                                                std::filesystem::directory_iterator()));
}

// Issue 28 (found by model_reader_fuzz, whose every run then failed to open
// its file): a header that throws in the constructor left the file open, as
// no destructor runs for a constructor that throws.
TEST(ModelFile, ARefusedHeaderClosesTheFile) {
  const std::string path = path_for("header");
  write_sample(path);
  const std::string good = slurp(path);
  const std::size_t before = open_descriptors();
  for (std::size_t n = 0; n < 60 && n < good.size(); ++n) {  // truncated in the magic, version, options, name
    test::write_file(path, good.substr(0, n));
    EXPECT_THROW(ModelReader{path}, Error) << "length " << n;
  }
  EXPECT_EQ(open_descriptors(), before);
}

TEST(ModelFile, AWrongSectionIsNamed) {
  const std::string path = path_for("wrong");
  write_sample(path);
  ModelReader r(path);
  try {
    r.section("gd.state", 1);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("expected section 'gd.state', found 't.head'"), std::string::npos)
        << e.what();
  }
}

TEST(ModelFile, ANewerSectionLayoutIsRefused) {
  const std::string path = path_for("sectionversion");
  write_sample(path);
  ModelReader r(path);
  try {
    r.section("t.head", 1);  // the file has version 2
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("newer"), std::string::npos) << e.what();
  }
}

// optional_section: a file whose sections end there reads as "absent" (0)
// and finishes; present, it is entered as section() enters it; another
// name is an error naming both.
TEST(ModelFile, AnOptionalSectionMayBeAbsent) {
  const std::string path = path_for("optional");
  write_sample(path);
  {
    ModelReader r(path);
    r.section("t.head", 2);
    r.get<double>();
    r.get_string(100);
    r.section("t.table", 1);
    std::vector<float> table(64);
    r.get_floats(table.data(), table.size(), "the table");
    EXPECT_EQ(r.optional_section("reduction", 1), 0u);
    EXPECT_NO_THROW(r.finish());
  }
  {
    ModelReader r(path);
    EXPECT_EQ(r.optional_section("t.head", 2), 2u);
    EXPECT_EQ(r.get<double>(), 2.5);
  }
  ModelReader r(path);
  try {
    r.optional_section("reduction", 1);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("expected section 'reduction' or the end, found 't.head'"), std::string::npos)
        << e.what();
  }
}

TEST(ModelFile, OtherFormatVersionsAreRefusedWithReason) {
  const std::string path = path_for("version");
  write_sample(path);
  std::string bytes = slurp(path);
  bytes[8] = static_cast<char>(kModelVersion + 1);
  test::write_file(path, bytes);
  try {
    ModelReader r(path);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("newer"), std::string::npos) << e.what();
  }
  bytes[8] = static_cast<char>(1);
  test::write_file(path, bytes);
  try {
    ModelReader r(path);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("older"), std::string::npos) << e.what();
  }
}

TEST(ModelFile, AWrongTableSizeSaysWhatTheOptionsNeed) {
  const std::string path = path_for("size");
  write_sample(path);
  ModelReader r(path);
  r.section("t.head", 2);
  r.get<double>();
  r.get_string(100);
  r.section("t.table", 1);
  std::vector<float> table(32);
  try {
    r.get_floats(table.data(), table.size(), "the table");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("the table holds 64 values where the model's options need 32"),
              std::string::npos)
        << e.what();
  }
}

// Issue 28 item 12: the header (options and learner name) carries its own
// checksum, checked when the file is opened, before any option is used: a
// flipped bit there is a corrupt file, never a conflict with the command line.
TEST(ModelFile, EveryBitFlipInTheHeaderIsReportedAsCorrupt) {
  const std::string path = path_for("flip"), flipped = path_for("flipped");
  write_sample(path);
  const std::string bytes = slurp(path);
  std::string text;
  for (const auto& [k, v] : kOptions) text += k + "=" + v + "\n";
  const std::size_t header_end = 8 + 4 + 4 + text.size() + 4 + 4 + 4;  // magic, version, options, "test", checksum
  ASSERT_EQ(bytes.substr(16, text.size()), text);
  for (std::size_t at = 12; at < header_end; ++at)
    for (const int bit : {static_cast<int>(at % 8), static_cast<int>((at + 5) % 8)}) {
      std::string b = bytes;
      b[at] = static_cast<char>(b[at] ^ (1 << bit));
      test::write_file(flipped, b);
      try {
        ModelReader r(flipped);
        ADD_FAILURE() << "byte " << at << " bit " << bit << ": opened";
      } catch (const Error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find(flipped + ": model file is corrupt"), std::string::npos)
            << "byte " << at << " bit " << bit << ": " << what;
      }
    }
}

// A version 2 file (no header checksum; the last format before it) is read.
TEST(ModelFile, VersionTwoFilesAreStillRead) {
  const std::string path = path_for("v2");
  write_sample(path);
  std::string bytes = slurp(path);
  std::string text;
  for (const auto& [k, v] : kOptions) text += k + "=" + v + "\n";
  const std::size_t header_crc = 8 + 4 + 4 + text.size() + 4 + 4;
  bytes.erase(header_crc, 4);
  bytes[8] = 2;
  const auto crc = static_cast<uint32_t>(
      crc32(crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size() - 4)));
  bytes.replace(bytes.size() - 4, 4, reinterpret_cast<const char*>(&crc), 4);
  test::write_file(path, bytes);
  const Sample s = read_sample(path);
  EXPECT_EQ(s.text, "hello");
  EXPECT_EQ(s.table[63], 31.5f);
}

TEST(ModelFile, MissingFileNamesThePath) {
  try {
    ModelReader r("/nonexistent/model.bin");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/model.bin"), std::string::npos);
  }
}

}  // namespace
}  // namespace learner
