// ExampleStream with parser threads (issue 32): the examples, their order,
// passes, line numbers, built features and errors are those of the one
// producer thread, byte for byte; the worker threads exist while a parallel
// pass runs, and a source that cannot be re-read keeps one thread.
#include <dirent.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/features/feature_builder.h"
#include "learner/parse/text_parser.h"
#include "learner/stream/example_stream.h"

namespace learner {
namespace {

// Lines of every kind: examples of 1 to ~60 features, blank lines, lines of
// blanks, malformed lines (a bad value, no '|'), tags, importance weights.
std::string corpus(int lines, uint32_t seed) {
  std::mt19937 rng(seed);
  std::string text;
  for (int i = 0; i < lines; ++i) {
    const unsigned kind = rng() % 40;
    if (kind == 0) {
      text += "\n";
      continue;
    }
    if (kind == 1) {
      text += "   \t \n";
      continue;
    }
    if (kind == 2) {
      text += "1 |a good bad:1.5x\n";  // malformed value
      continue;
    }
    if (kind == 3) {
      text += "no bar here\n";
      continue;
    }
    text += std::to_string(static_cast<int>(rng() % 5) - 2);
    if (rng() % 4 == 0) text.append(" 2.5 'tag").append(std::to_string(i));
    for (unsigned ns = 0, n = 1 + rng() % 3; ns < n; ++ns) {
      text += " |";
      text += static_cast<char>('a' + rng() % 4);
      if (rng() % 5 == 0) text += ":0.5";
      for (unsigned f = 0, m = rng() % 20; f < m; ++f) {
        text += ' ';
        text += std::to_string(rng() % 1000);
        if (rng() % 2) text.append(1, ':').append(std::to_string(static_cast<int>(rng() % 2000) - 1000)).append("e-3");
      }
    }
    text += '\n';
  }
  return text;
}

// One example as it reached the consumer.
struct Seen {
  unsigned pass;
  uint64_t line;
  float label, importance;
  std::string tag, error;
  std::vector<uint64_t> features;  // index and value bits
  bool operator==(const Seen&) const = default;
};

std::vector<Seen> read_all(LineReader& reader, unsigned threads, unsigned passes, std::size_t* max_threads = nullptr) {
  TextParser parser({});
  FeatureSpec spec;
  spec.interactions = {"ab"};
  FeatureBuilder builder(spec);
  StreamOptions options;
  options.passes = passes;
  options.lenient = true;
  options.memory_bytes = 0;  // every pass reads the text
  options.parse_threads = threads;
  ExampleStream stream(reader, parser, builder, options);
  std::vector<Seen> seen;
  while (const ParsedExample* slot = stream.next()) {
    Seen s{slot->pass, slot->ex.line, slot->ex.label, slot->ex.importance, slot->ex.tag, "", {}};
    if (slot->error) {
      try {
        std::rethrow_exception(slot->error);
      } catch (const InputError& e) {
        s.error = e.what();
      }
    } else {
      for (const Feature& f : slot->features) {
        uint32_t bits;
        std::memcpy(&bits, &f.value, 4);
        s.features.push_back(uint64_t{f.index} << 32 | bits);
      }
    }
    seen.push_back(std::move(s));
    if (max_threads != nullptr && seen.size() % 500 == 0) {  // the process's threads now
      std::size_t count = 0;
      if (DIR* d = opendir("/proc/self/task")) {
        while (const dirent* e = readdir(d))
          if (e->d_name[0] != '.') ++count;
        closedir(d);
      }
      *max_threads = std::max(*max_threads, count);
    }
  }
  return seen;
}

TEST(ParseThreads, SameExamplesErrorsAndPassesAsOneThread) {
  const std::string text = corpus(20000, 32);
  auto one = LineReader::from_string(text, "corpus.vw");
  std::size_t one_thread = 0;  // the test's thread and the producer (and a sanitizer's own)
  const std::vector<Seen> want = read_all(*one, 1, 2, &one_thread);
  ASSERT_GT(want.size(), 30000u);
  std::size_t errors = 0;
  for (const Seen& s : want) errors += !s.error.empty();
  ASSERT_GT(errors, 500u);
  for (unsigned threads : {2u, 3u, 8u}) {
    auto reader = LineReader::from_string(text, "corpus.vw");
    std::size_t max_threads = 0;
    const std::vector<Seen> got = read_all(*reader, threads, 2, &max_threads);
    ASSERT_EQ(got.size(), want.size()) << threads << " threads";
    for (std::size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << threads << " threads, example " << i;
    // threads - 1 workers: the consumer's thread is the other parser.
    EXPECT_EQ(max_threads, one_thread + threads - 1) << "not threads - 1 workers";
  }
}

// A TextParser that notes the threads it parses on, and takes its time on
// every thread but the consumer's.
class SlowWorkerParser : public ExampleParser {
 public:
  explicit SlowWorkerParser(std::thread::id consumer) : consumer_(consumer) {}
  bool parse(std::string_view line, Example& ex, const std::string& file, uint64_t line_no) const override {
    const std::thread::id self = std::this_thread::get_id();
    if (self == consumer_) consumer_lines_.fetch_add(1);
    else std::this_thread::sleep_for(std::chrono::microseconds(200));
    return text_.parse(line, ex, file, line_no);
  }
  bool concurrent() const override { return true; }
  uint64_t consumer_lines() const { return consumer_lines_.load(); }

 private:
  TextParser text_{ParseOptions{}};
  std::thread::id consumer_;
  mutable std::atomic<uint64_t> consumer_lines_{0};
};

// The consumer parses the queued batches itself while the batch it needs is
// not ready (a slow worker here): same examples, and it took part.
// Short rating lines fill a batch of raw lines by count (1024 lines), long
// ones by bytes (32 KiB); runs of both, with malformed lines among them, reach
// the consumer as one thread reads them.
TEST(ParseThreads, ShortAndLongLinesCutIntoBatchesAsOneThreadReadsThem) {
  std::string text;
  uint32_t x = 7;
  const auto draw = [&x] { return x = x * 1103515245u + 12345u, x >> 8; };
  for (int run = 0; run < 6; ++run) {
    const int lines = run % 2 == 0 ? 3000 : 200;
    for (int i = 0; i < lines; ++i) {
      if (run % 2 == 0) {
        text += std::to_string(draw() % 5 + 1) + (draw() % 97 == 0 ? " |u x:bad" : " |u " + std::to_string(draw() % 900)) +
                " |i " + std::to_string(draw() % 1600) + "\n";
      } else {
        text += "1 |a";
        for (int f = 0; f < 120; ++f) text += " f" + std::to_string(draw() % 5000) + ":0.5";
        text += "\n";
      }
    }
  }
  auto one = LineReader::from_string(text, "mixed.vw");
  const std::vector<Seen> want = read_all(*one, 1, 2);
  ASSERT_EQ(want.size(), 2u * (3 * 3000 + 3 * 200));
  for (unsigned threads : {2u, 5u}) {
    auto reader = LineReader::from_string(text, "mixed.vw");
    const std::vector<Seen> got = read_all(*reader, threads, 2);
    ASSERT_EQ(got.size(), want.size()) << threads << " threads";
    for (std::size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << threads << " threads, example " << i;
  }
}

TEST(ParseThreads, ConsumerParsesWhileItWouldWait) {
  const std::string text = corpus(3000, 11);
  auto one = LineReader::from_string(text, "corpus.vw");
  const std::vector<Seen> want = read_all(*one, 1, 1);
  SlowWorkerParser parser(std::this_thread::get_id());
  FeatureSpec spec;
  spec.interactions = {"ab"};
  FeatureBuilder builder(spec);
  StreamOptions options;
  options.lenient = true;
  options.parse_threads = 2;
  auto reader = LineReader::from_string(text, "corpus.vw");
  ExampleStream stream(*reader, parser, builder, options);
  std::size_t n = 0;
  while (const ParsedExample* slot = stream.next()) {
    ASSERT_LT(n, want.size());
    EXPECT_EQ(slot->ex.line, want[n].line);
    EXPECT_EQ(slot->error != nullptr, !want[n].error.empty()) << "line " << want[n].line;
    if (!slot->error) {
      EXPECT_EQ(slot->features.size(), want[n].features.size()) << "line " << want[n].line;
    }
    ++n;
  }
  EXPECT_EQ(n, want.size());
  EXPECT_GT(parser.consumer_lines(), 1000u) << "the consumer did not parse";
}

// Standard input and pipes (not seekable) keep the producer thread alone.
class Unseekable : public LineReader {
 public:
  explicit Unseekable(std::string text) : LineReader("<pipe>"), inner_(LineReader::from_string(std::move(text))) {}
  bool next(std::string_view& line) override {
    const bool more = inner_->next(line);
    line_ = inner_->line_number();
    bytes_ = inner_->bytes_read();
    return more;
  }
  bool seekable() const override { return false; }
  void rewind() override { throw Error("a pipe cannot be re-read"); }

 private:
  std::unique_ptr<LineReader> inner_;
};

TEST(ParseThreads, PipesKeepOneThread) {
  const std::string text = corpus(5000, 7);
  auto file = LineReader::from_string(text, "<pipe>");
  std::size_t one_thread = 0;
  const std::vector<Seen> want = read_all(*file, 1, 1, &one_thread);
  Unseekable pipe(text);
  std::size_t max_threads = 0;
  const std::vector<Seen> got = read_all(pipe, 4, 1, &max_threads);
  ASSERT_EQ(got, want);
  EXPECT_EQ(max_threads, one_thread);  // no worker started
}

}  // namespace
}  // namespace learner
