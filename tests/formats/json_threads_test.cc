// --json / --dsjson on several threads (issue 32): the reader is concurrent
// (each thread parses with a simdjson parser and walker of its own), so the
// parser threads of --threads read JSON as they read text; one reader shared
// by several threads at once gives every line the example or the error of one
// thread.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "learner/error.h"
#include "learner/formats/make_parser.h"

namespace learner {
namespace {

// Lines of every kind: namespaces of numbers, strings, booleans, nulls,
// arrays, _text with ':' and '|', tags, label grammars, blank lines and
// malformed ones (bad JSON, a bad number, an overflow, wrong types).
std::vector<std::string> json_lines(int n, bool decision_service, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::string> lines;
  for (int i = 0; i < n; ++i) {
    switch (rng() % 30) {
      case 0: lines.emplace_back("  "); continue;
      case 1: lines.emplace_back("{\"a\":{\"x\":}"); continue;
      case 2: lines.emplace_back("{\"a\":{\"x\":1e400}}"); continue;
      case 3: lines.emplace_back("{\"a\":{\"x\":-}}"); continue;
      case 4: lines.emplace_back("[1,2]"); continue;
      case 5: lines.emplace_back("{\"_text\":3}"); continue;
      default: break;
    }
    std::string body = "\"a\":{";
    for (unsigned f = 0, m = rng() % 12; f < m; ++f) {
      if (f) body += ',';
      body += "\"" + std::to_string(rng() % 500) + "\":" + std::to_string(static_cast<int>(rng() % 2000) - 1000) + "e-3";
    }
    body += "},\"b\":{\"_text\":\"w" + std::to_string(rng() % 50) + " x:y|z  v" + std::to_string(rng() % 9) + "\"}";
    body += ",\"c\":{\"s\":\"v" + std::to_string(rng() % 7) + "\",\"t\":true,\"f\":false,\"n\":null,\"k" +
            std::to_string(rng() % 40) + "\":0.25}";
    body += ",\"d\":[1,0,null,2.5,{\"e\":1}]";
    if (rng() % 3 == 0) body += ",\"_tag\":\"t" + std::to_string(i) + "\"";
    std::string label;
    switch (rng() % 4) {
      case 0: label = "\"_label\":" + std::to_string(static_cast<int>(rng() % 3) - 1); break;
      case 1: label = "\"_label\":\"-1 2.5\""; break;
      case 2: label = "\"_label\":{\"Label\":1,\"Weight\":0.5}"; break;
      default: label = "\"_label_Label\":-1"; break;
    }
    if (decision_service)
      lines.push_back("{" + label + ",\"EventId\":\"e" + std::to_string(i) + "\",\"c\":{" + body + "}" +
                      (rng() % 5 == 0 ? ",\"_skipLearn\":true" : "") + "}");
    else
      lines.push_back("{" + label + "," + body + "}");
  }
  return lines;
}

// What a line gave: the example's fields and features to the bit, or the error.
std::string outcome(const ExampleParser& parser, const std::string& line, uint64_t line_no, Example& ex) {
  std::string s;
  try {
    if (!parser.parse(line, ex, "events.json", line_no)) return "none";
  } catch (const InputError& e) {
    return std::string("error ") + e.what();
  }
  s = std::to_string(ex.line) + " " + std::to_string(ex.has_label) + " " + std::to_string(ex.label) + " " +
      std::to_string(ex.importance) + " " + std::to_string(ex.base) + " '" + ex.tag + "'";
  for (const NamespaceSpan& ns : ex.namespaces)
    s += " |" + ns.name + ":" + std::to_string(ns.hash) + ":" + std::to_string(ns.begin) + "-" + std::to_string(ns.end);
  for (const Feature& f : ex.features) {
    uint32_t bits;
    std::memcpy(&bits, &f.value, 4);
    s += " " + std::to_string(f.index) + ":" + std::to_string(bits);
  }
  for (const std::string& name : ex.names) s += " " + name;
  return s;
}

TEST(JsonThreads, OneReaderOnSeveralThreadsGivesEachLineItsOneThreadResult) {
  for (const bool decision_service : {false, true}) {
    for (const bool chain : {false, true}) {
      ParseOptions options;
      options.format = decision_service ? InputFormat::kDsJson : InputFormat::kJson;
      options.chain_hash = chain;
      options.keep_names = chain;  // audit names on one of the runs
      const std::unique_ptr<ExampleParser> parser = make_parser(options);
      ASSERT_TRUE(parser->concurrent()) << "--threads would read JSON on one thread";
      const std::vector<std::string> lines = json_lines(2000, decision_service, decision_service ? 7u : 3u);
      std::vector<std::string> want;
      Example ex;
      std::size_t errors = 0, examples = 0;
      for (std::size_t i = 0; i < lines.size(); ++i) {
        want.push_back(outcome(*parser, lines[i], i + 1, ex));
        errors += want.back().rfind("error ", 0) == 0;
        examples += want.back() != "none" && want.back().rfind("error ", 0) != 0;
      }
      ASSERT_GT(errors, 200u);
      ASSERT_GT(examples, 1200u);
      // Four threads parse every line with the same reader at once, each from its own offset.
      std::vector<std::vector<std::string>> got(4);
      std::vector<std::thread> threads;
      for (std::size_t t = 0; t < got.size(); ++t)
        threads.emplace_back([&, t] {
          Example mine;
          for (std::size_t k = 0; k < lines.size(); ++k) {
            const std::size_t i = (k + t * 701) % lines.size();
            got[t].push_back(std::to_string(i) + " " + outcome(*parser, lines[i], i + 1, mine));
          }
        });
      for (std::thread& th : threads) th.join();
      for (std::size_t t = 0; t < got.size(); ++t)
        for (std::size_t k = 0; k < lines.size(); ++k) {
          const std::size_t i = (k + t * 701) % lines.size();
          ASSERT_EQ(got[t][k], std::to_string(i) + " " + want[i])
              << "thread " << t << ", line " << i + 1 << (decision_service ? " --dsjson" : " --json")
              << (chain ? " --chain_hash" : "");
        }
    }
  }
}

// A thread alternating between two readers of different options keeps each
// reader's results (the per-thread scratch is the reader's own).
TEST(JsonThreads, ReadersAlternatingOnOneThreadKeepTheirOwnOptions) {
  ParseOptions plain, chained;
  plain.format = chained.format = InputFormat::kJson;
  chained.chain_hash = true;
  const std::unique_ptr<ExampleParser> a = make_parser(plain);
  const std::unique_ptr<ExampleParser> b = make_parser(chained);
  const std::string line = "{\"_label\":1,\"c\":{\"s\":\"v\"}}";
  Example ex;
  const std::string want_a = outcome(*a, line, 1, ex), want_b = outcome(*b, line, 1, ex);
  EXPECT_NE(want_a, want_b);  // "s":"v" hashes as "sv" or as s:v
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(outcome(*a, line, 1, ex), want_a);
    EXPECT_EQ(outcome(*b, line, 1, ex), want_b);
  }
  for (int i = 0; i < 20; ++i) {  // readers made and dropped on one thread: each reads with its own options
    const std::unique_ptr<ExampleParser> c = make_parser(i % 2 ? chained : plain);
    EXPECT_EQ(outcome(*c, line, 1, ex), i % 2 ? want_b : want_a);
  }
}

}  // namespace
}  // namespace learner
