// The text parser's vectorised scan (issue 32) against a plain reference
// reading of the grammar: random lines of every length from 1 to ~400 bytes
// (so separators fall at every position of the scan's 16-byte chunks and
// 64-byte words, and at line ends shorter and longer than a chunk), with runs
// of spaces and tabs, ':' values, namespace weights, string values and
// anonymous features. Every feature's index and value (bit for bit) and every
// namespace span must be what the reference computes with hash_feature and
// strtod.
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/parse/hash.h"
#include "learner/parse/text_parser.h"

namespace learner {
namespace {

struct RefSpan {
  std::string name;
  uint32_t hash;
  std::vector<Feature> features;
};

bool blank(char c) { return c == ' ' || c == '\t'; }

std::vector<std::string> tokens_of(const std::string& s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && blank(s[i])) ++i;
    const std::size_t start = i;
    while (i < s.size() && !blank(s[i])) ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

float strtof_exact(const std::string& s) { return static_cast<float>(std::strtod(s.c_str(), nullptr)); }

// The grammar read plainly: segment = [name[:weight]] (blank token)*.
std::vector<RefSpan> reference(const std::string& line) {
  std::vector<RefSpan> spans;
  std::size_t bar = line.find('|');
  while (bar != std::string::npos) {
    const std::size_t next = line.find('|', bar + 1);
    const std::string segment = line.substr(bar + 1, (next == std::string::npos ? line.size() : next) - bar - 1);
    RefSpan span;
    float weight = 1.0f;
    std::string rest = segment;
    if (!segment.empty() && !blank(segment[0])) {
      std::size_t end = 0;
      while (end < segment.size() && !blank(segment[end])) ++end;
      const std::string header = segment.substr(0, end);
      const std::size_t colon = header.find(':');
      span.name = header.substr(0, colon);
      if (colon != std::string::npos) weight = strtof_exact(header.substr(colon + 1));
      rest = segment.substr(end);
    }
    span.hash = hash_namespace(span.name, 0, false);
    uint32_t anonymous = 0;
    for (const std::string& token : tokens_of(rest)) {
      const std::size_t colon = token.find(':');
      const std::string name = token.substr(0, colon);
      if (colon == std::string::npos) {
        span.features.push_back({weight, hash_feature(name, span.hash, false)});
        continue;
      }
      const std::string value = token.substr(colon + 1);
      if (value[0] == 'v') {  // a string value: chain-hashed, value 1
        span.features.push_back({1.0f, hash_feature(value, hash_feature(name, span.hash, false), false)});
        continue;
      }
      const float v = strtof_exact(value) * weight;
      const uint32_t index = name.empty() ? span.hash + anonymous++ : hash_feature(name, span.hash, false);
      if (v == 0.0f) continue;  // dropped, but counted among the anonymous features
      span.features.push_back({v, index});
    }
    spans.push_back(span);
    bar = next;
  }
  return spans;
}

std::string random_line(std::mt19937& rng, std::size_t target) {
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  auto blanks = [&] {
    std::string b;
    for (int k = 0, n = 1 + pick(3); k < n; ++k) b += pick(4) == 0 ? '\t' : ' ';
    return b;
  };
  auto word = [&](int max_len) {
    static const char kChars[] = "abcdefghijklmnopqrstuvwxyz0123456789_";
    std::string w;
    for (int k = 0, n = 1 + pick(max_len); k < n; ++k) w += kChars[pick(37)];
    return w;
  };
  auto number = [&] {
    static const char* kNumbers[] = {"0.5", "-0.0213", "1", "12", "3.25e-3", "0.9318", "-7", "1e10", "0.000001",
                                     "123456.789", ".5", "-2.5E+3", "0", "16777217", "0.1000000000000000055511"};
    return std::string(kNumbers[pick(15)]);
  };
  std::string line = pick(2) ? "1" : "-1 2.5 'tag";
  do {
    if (pick(3) == 0) line += blanks();
    line += '|';
    if (pick(3) != 0) {
      line += word(6);
      if (pick(4) == 0) line.append(pick(2) ? ":2" : ":0.25");
    }
    for (int f = 0, n = pick(8); f < n && line.size() < target; ++f) {
      line += blanks();
      switch (pick(5)) {
        case 0: line += word(12); break;
        case 1: line.append(word(8)).append(1, ':').append(number()); break;
        case 2: line.append(1, ':').append(number()); break;
        case 3: line.append(word(5)).append(":v").append(word(6)); break;
        default: line.append(std::to_string(rng() % 100000)).append(1, ':').append(number());
      }
    }
    if (pick(4) == 0) line += blanks();
  } while (line.size() < target);
  return line;
}

TEST(TextScan, RandomLinesOfEveryLengthMatchTheReferenceReading) {
  std::mt19937 rng(32);
  TextParser parser({});
  Example ex;
  std::size_t lines = 0, features = 0;
  for (std::size_t target = 1; target <= 400; ++target) {
    for (int rep = 0; rep < 25; ++rep) {
      const std::string line = random_line(rng, target);
      ASSERT_TRUE(parser.parse(line, ex, "scan.vw", 1)) << line;
      const std::vector<RefSpan> want = reference(line);
      ASSERT_EQ(ex.namespaces.size(), want.size()) << line;
      for (std::size_t s = 0; s < want.size(); ++s) {
        const NamespaceSpan& got = ex.namespaces[s];
        ASSERT_EQ(got.name, want[s].name) << line;
        ASSERT_EQ(got.hash, want[s].hash) << line;
        ASSERT_EQ(got.end - got.begin, want[s].features.size()) << line << " (namespace " << s << ")";
        for (std::size_t f = 0; f < want[s].features.size(); ++f) {
          const Feature& a = ex.features[got.begin + f];
          const Feature& b = want[s].features[f];
          ASSERT_EQ(a.index, b.index) << line << " (namespace " << s << ", feature " << f << ")";
          uint32_t bits_a, bits_b;
          std::memcpy(&bits_a, &a.value, 4);
          std::memcpy(&bits_b, &b.value, 4);
          ASSERT_EQ(bits_a, bits_b) << line << " (namespace " << s << ", feature " << f << ")";
        }
        features += want[s].features.size();
      }
      ++lines;
    }
  }
  EXPECT_EQ(lines, 10000u);
  EXPECT_GT(features, 100000u);
}

// A control byte at every position of lines of every length up to 130 bytes
// is found (the scan's chunk and word boundaries) and named by its column.
TEST(TextScan, ControlByteFoundAtEveryColumn) {
  TextParser parser({});
  Example ex;
  for (std::size_t n = 4; n <= 130; ++n) {
    std::string line = "1 |a";
    while (line.size() < n) line += line.size() % 7 == 0 ? ' ' : 'x';
    for (std::size_t at = 4; at < n; ++at) {
      std::string bad = line;
      bad[at] = '\x01';
      try {
        parser.parse(bad, ex, "scan.vw", 3);
        FAIL() << "no error for a control byte at column " << at + 1 << " of " << n;
      } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("column " + std::to_string(at + 1) + " "), std::string::npos)
            << e.what();
      }
    }
    EXPECT_TRUE(parser.parse(line, ex, "scan.vw", 3));
  }
}

}  // namespace
}  // namespace learner
