// Compares an example read from JSON or CSV with the same example read from
// a VW text line by TextParser: the strongest cheap check that the readers
// hash as VW does (the text parser's hashes are checked against VW's own).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "learner/example.h"
#include "learner/formats/make_parser.h"

namespace learner::test {

// (namespace first letter, namespace hash, feature index, value), sorted: the
// order of namespaces and of features within them is not part of the contract.
inline std::vector<std::tuple<char, uint32_t, uint32_t, float>> feature_set(const Example& ex) {
  std::vector<std::tuple<char, uint32_t, uint32_t, float>> out;
  for (const NamespaceSpan& ns : ex.namespaces)
    for (uint32_t i = ns.begin; i < ns.end; ++i) out.emplace_back(ns.first, ns.hash, ex.features[i].index, ex.features[i].value);
  std::sort(out.begin(), out.end());
  return out;
}

inline Example parse_with(const ParseOptions& options, const std::string& line, uint64_t line_no = 1) {
  Example ex;
  EXPECT_TRUE(make_parser(options)->parse(line, ex, "f", line_no)) << line;
  return ex;
}

// `other` read with `options` (format set) equals `text` read as VW text.
inline void expect_same(ParseOptions options, const std::string& other, const std::string& text) {
  const Example a = parse_with(options, other);
  options.format = InputFormat::kText;
  const Example b = parse_with(options, text);
  EXPECT_EQ(feature_set(a), feature_set(b)) << other << "  vs  " << text;
  EXPECT_EQ(a.has_label, b.has_label) << other;
  EXPECT_EQ(a.label, b.label) << other;
  EXPECT_EQ(a.importance, b.importance) << other;
  EXPECT_EQ(a.base, b.base) << other;
  EXPECT_EQ(a.tag, b.tag) << other;
  ASSERT_EQ(a.costs.size(), b.costs.size()) << other;
  for (std::size_t i = 0; i < a.costs.size(); ++i) {
    EXPECT_EQ(a.costs[i].klass, b.costs[i].klass);
    EXPECT_EQ(a.costs[i].cost, b.costs[i].cost);
  }
}

}  // namespace learner::test
