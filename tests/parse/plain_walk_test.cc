// The plain-namespace walk (src/parse/plain_features.h, values read a batch
// at a time by decimal_batch.cc) against the general feature loop it stands
// in for: the same lines parsed with default options (the walk) and with
// raw tokens kept (ParseOptions::keep_tokens, which takes the general loop)
// must give the same features (indices, values bit for bit), the same
// namespaces and the same errors. Lines are drawn to hit the walk's edges:
// signs, '.', values of 1..9 bytes, exponents, strings, a second ':',
// anonymous and value-0 features, digit names of up to 12 digits, names of
// 1..10 bytes, bytes >= 0x80, runs of blanks, namespaces of more than 64
// features (the walk's block), lines shorter than 8 bytes, tokens across the
// scan's 64-byte words.
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/parse/text_parser.h"
#include "src/parse/decimal_batch.h"

namespace learner {
namespace {

std::string walk_value(std::mt19937& rng) {
  static const char* kValues[] = {"0.5",  "-0.0213", "+0.25", "1",       "7",         "0",        "-0",
                                  "0.000", ".5",     "5.",    ".",       "-.",        "+",        "-",
                                  "1.2.3", "12345678", "1234567.8", "123456789", "0.00000001", "-9999.999",
                                  "1e3",  "2.5E-2",  "nan",   "inf",     "abc",       "0x10",     "1,5",
                                  "",     "3:4",     "-+1",   "00000001", "99999999",  "-.5",      "4a",
                                  "1/5",  "0.1000000000000000055511", "16777217", "\xc3\xa9"};
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

// The batch reader (AVX2 here when the CPU has it) against the one-by-one
// reading and strtod, on words of 1..8 bytes from digits, '.', and a few
// other bytes: the same verdict per batch of 4, the same float bits.
TEST(PlainWalk, DecimalBatchIsTheOneByOneReadingAndStrtod) {
  std::mt19937 rng(3204);
  static const char kBytes[] = "0123456789012345678901234567890123456789.....a+/:";
  std::size_t accepted = 0;
  for (int i = 0; i < 200000; ++i) {
    uint64_t words[4];
    uint32_t signs[4];
    std::string texts[4];
    for (int k = 0; k < 4; ++k) {
      const std::size_t n = 1 + rng() % 8;
      std::string text;
      for (std::size_t j = 0; j < n; ++j) text += kBytes[rng() % (sizeof kBytes - 1)];
      if (n == 1 && (text[0] < '0' || text[0] > '9')) text = "3";  // the callers rule out a lone non-digit
      uint64_t v = 0x3030303030303030ull;
      std::memcpy(reinterpret_cast<char*>(&v) + 8 - text.size(), text.data(), text.size());
      words[k] = v;
      signs[k] = rng() % 2 ? 0x80000000u : 0u;
      texts[k] = (signs[k] ? "-" : "") + text;
    }
    float batch[4], portable[4];
    const bool ok = read_decimal_batch(words, signs, 4, batch);
    ASSERT_EQ(ok, read_decimal_batch_portable(words, signs, 4, portable)) << texts[0] << " " << texts[1] << " " << texts[2] << " " << texts[3];
    if (!ok) continue;
    ++accepted;
    for (int k = 0; k < 4; ++k) {
      const auto want = static_cast<float>(std::strtod(texts[k].c_str(), nullptr));
      EXPECT_EQ(std::memcmp(&batch[k], &want, 4), 0) << texts[k];
      EXPECT_EQ(std::memcmp(&portable[k], &want, 4), 0) << texts[k];
    }
  }
  EXPECT_GT(accepted, 10000u);
}

}  // namespace
}  // namespace learner
