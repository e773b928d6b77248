// The plain-namespace walk (src/parse/plain_features.h, values read a batch
// at a time by feature_batch.cc) against the general feature loop it stands
// in for: the same lines parsed with default options (the walk) and with
// raw tokens kept (ParseOptions::keep_tokens, which takes the general loop)
// must give the same features (indices, values bit for bit), the same
// namespaces and the same errors. Lines are drawn to hit the walk's edges:
// signs, '.', values of 1..9 bytes, exponents, strings, a second ':',
// anonymous and value-0 features, digit names of up to 12 digits, names of
// 1..10 bytes, bytes >= 0x80, runs of blanks, namespaces of more than 64
// features (the walk's block) and of one to three (finished one at a time,
// not in padded lanes), lines shorter than 8 bytes, tokens across the scan's
// 64-byte words.
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/parse/text_parser.h"
#include "learner/parse/hash.h"
#include "src/parse/feature_batch.h"

namespace learner {
namespace {

std::string walk_value(std::mt19937& rng) {
  static const char* kValues[] = {"0.5",  "-0.0213", "+0.25", "1",       "7",         "0",        "-0",
                                  "0.000", ".5",     "5.",    ".",       "-.",        "+",        "-",
                                  "1.2.3", "12345678", "1234567.8", "123456789", "0.00000001", "-9999.999",
                                  "1e3",  "2.5E-2",  "nan",   "inf",     "abc",       "0x10",     "1,5",
                                  "",     "3:4",     "-+1",   "00000001", "99999999",  "-.5",      "4a",
                                  "1/5",  "0.1000000000000000055511", "16777217", "\xc3\xa9", "1-2", "5-", "+-5", "--5", "-5.",
                                  "+.",   "-.5.",    "-1234567", "-12345678", "+0.5",  "5+"};
  constexpr std::size_t kCount = sizeof kValues / sizeof kValues[0];
  return kValues[rng() % kCount];
}

std::string walk_name(std::mt19937& rng) {
  static const char kChars[] = "abcxyz_0123456789.+-";
  std::string name;
  const std::size_t kind = rng() % 4;
  const std::size_t n = 1 + rng() % (kind == 0 ? 12 : 10);
  for (std::size_t k = 0; k < n; ++k) {
    if (kind == 0) name += static_cast<char>('0' + rng() % 10);  // digit names, some past 2^32
    else if (rng() % 40 == 0) name += "\xc3\xa9";
    else name += kChars[rng() % (sizeof kChars - 1)];
  }
  return name;
}

std::string walk_line(std::mt19937& rng) {
  std::string line = rng() % 2 ? "1" : "-1 0.5";
  const std::size_t spaces = rng() % 3;
  for (std::size_t ns = 0, namespaces = 1 + rng() % 3; ns < namespaces; ++ns) {
    line += std::string(spaces, ' ') + "|";
    if (rng() % 3 != 0) line += walk_name(rng).substr(0, 3);
    if (rng() % 10 == 0) line += ":2";  // a weighted namespace: the general loop either way
    const std::size_t features = rng() % 8 == 0 ? 60 + rng() % 80 : rng() % 12;
    for (std::size_t f = 0; f < features; ++f) {
      line += rng() % 6 == 0 ? (rng() % 2 ? "  " : "\t ") : " ";
      switch (rng() % 4) {
        case 0: line += walk_name(rng); break;
        case 1: line += ":" + walk_value(rng); break;
        default: line += walk_name(rng) + ":" + walk_value(rng);
      }
    }
    if (rng() % 4 == 0) line += " ";
  }
  return line;
}

std::string outcome(const TextParser& parser, const std::string& line) {
  Example ex;
  try {
    if (!parser.parse(line, ex, "walk.vw", 7)) return "blank";
  } catch (const Error& e) {
    return std::string("error: ") + e.what();
  }
  std::string out;
  for (const NamespaceSpan& ns : ex.namespaces) {
    out += "[" + ns.name + " " + std::to_string(ns.hash) + " " + std::to_string(ns.begin) + "-" +
           std::to_string(ns.end) + "]";
  }
  for (const Feature& f : ex.features) {
    uint32_t bits;
    std::memcpy(&bits, &f.value, 4);
    out += " " + std::to_string(f.index) + ":" + std::to_string(bits);
  }
  return out;
}

TEST(PlainWalk, SameFeaturesAndErrorsAsTheGeneralLoop) {
  std::mt19937 rng(4032);
  ParseOptions general;
  general.keep_tokens = true;
  const TextParser walk({}), loop(general);
  std::size_t errors = 0, features = 0;
  for (int i = 0; i < 30000; ++i) {
    std::string line = walk_line(rng);
    if (i % 7 == 0) line = line.substr(0, rng() % (line.size() + 1));  // short lines, cut tokens
    const std::string want = outcome(loop, line);
    ASSERT_EQ(outcome(walk, line), want) << line;
    errors += want.rfind("error", 0) == 0;
    features += static_cast<std::size_t>(std::count(want.begin(), want.end(), ' '));
  }
  // Both kinds of outcome were met, many times.
  EXPECT_GT(errors, 1000u);
  EXPECT_GT(features, 200000u);
}

TEST(PlainWalk, ShortLinesAndValuesAtTheLinesStart) {
  // Values that end before the line's eighth byte (read without the 8-byte load).
  const TextParser walk({});
  ParseOptions general;
  general.keep_tokens = true;
  const TextParser loop(general);
  for (const char* line : {"| a:1", "| :1", "|  :5", "| a:-1", "| x:.5 y", "1 | :2", "|a 1:2", "| b:0", "| c:1.",
                           "| d:.", "| e:9 :8 :7", "| f:-0 g", "| 7:+3"}) {
    EXPECT_EQ(outcome(walk, line), outcome(loop, line)) << line;
  }
}

// The batch (AVX2 here when the CPU has it) against the one-by-one path and
// against strtod and hash_feature, on values of 1..8 bytes from digits, '.',
// signs and a few other bytes, and names of 1..8 bytes, digits or not: the
// same verdict per batch of 4, the same float bits, the same indices.
TEST(PlainWalk, FeatureBatchIsTheOneByOnePathAndTheReference) {
  std::mt19937 rng(3204);
  static const char kValueBytes[] = "0123456789012345678901234567890123456789.....-+a/:";
  static const char kNameBytes[] = "0123456789abcz_.-\xc3";
  std::size_t accepted = 0;
  FeatureWords words;
  for (int i = 0; i < 200000; ++i) {
    std::string values[4], names[4];
    for (int k = 0; k < 4; ++k) {
      std::string& text = values[k];
      for (std::size_t j = 0, n = 1 + rng() % 8; j < n; ++j) text += kValueBytes[rng() % (sizeof kValueBytes - 1)];
      // The walk refuses the values without a digit.
      if (text.find_first_of("0123456789") == std::string::npos) text = "3";
      uint64_t v = 0;
      std::memcpy(reinterpret_cast<char*>(&v) + 8 - text.size(), text.data(), text.size());
      words.value[k] = v;
      std::string& name = names[k];
      if (rng() % 5 == 0) {
        words.name[k] = 0;
        words.index[k] = static_cast<uint32_t>(rng());
        continue;
      }
      const bool digits = rng() % 2 == 0;
      for (std::size_t j = 0, n = 1 + rng() % 8; j < n; ++j)
        name += digits ? static_cast<char>('0' + rng() % 10) : kNameBytes[rng() % (sizeof kNameBytes - 1)];
      uint64_t w = 0;
      std::memcpy(&w, name.data(), name.size());
      words.name[k] = w;
    }
    const uint32_t seed = static_cast<uint32_t>(rng());
    Feature batch[4], portable[4];
    uint64_t zeros = 0, portable_zeros = 0;
    const bool ok = finish_feature_batch(words, 4, seed, batch, zeros);
    ASSERT_EQ(ok, finish_feature_batch_portable(words, 4, seed, portable, portable_zeros))
        << values[0] << " " << values[1] << " " << values[2] << " " << values[3];
    if (!ok) continue;
    ++accepted;
    EXPECT_EQ(zeros, portable_zeros);
    for (int k = 0; k < 4; ++k) {
      char* end = nullptr;
      const double parsed = std::strtod(values[k].c_str(), &end);
      ASSERT_EQ(*end, '\0') << values[k];  // what the batch accepts, strtod reads whole
      const auto want = static_cast<float>(parsed);
      EXPECT_EQ(std::memcmp(&batch[k].value, &want, 4), 0) << values[k];
      EXPECT_EQ(std::memcmp(&portable[k].value, &want, 4), 0) << values[k];
      EXPECT_EQ((zeros >> k) & 1, want == 0.0f ? 1u : 0u) << values[k];
      const uint32_t index = words.name[k] == 0 ? words.index[k] : hash_feature(names[k], seed, false);
      EXPECT_EQ(batch[k].index, index) << names[k];
      EXPECT_EQ(portable[k].index, index) << names[k];
    }
  }
  EXPECT_GT(accepted, 10000u);
}

}  // namespace
}  // namespace learner
