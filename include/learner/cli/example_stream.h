// Reading and parsing on a second thread (VW's parser/learner split): the
// producer reads lines, parses them and builds features into batches of
// reusable slots; the consumer (the learning loop) takes batches in order.
// Three batches rotate, so once warmed up nothing is allocated per example.
//
// Contract:
//  * next() returns the examples in input order, pass after pass, then
//    nullptr. A slot stays valid until the following next() call.
//  * A malformed line arrives as a slot with `error` set (the InputError),
//    in its place in the order, so the consumer decides (strict: rethrow;
//    lenient: skip and count).
//  * Any other failure of the producer (I/O error, truncated gzip, rewind
//    refused) is rethrown by next() at the point it happened.
//  * The destructor stops the producer early (e.g. --examples reached).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "learner/example.h"
#include "learner/features/feature_builder.h"
#include "learner/io/line_reader.h"
#include "learner/parse/text_parser.h"

namespace learner {

struct ParsedExample {
  Example ex;
  std::vector<Feature> features;
  std::vector<std::string> names;  // feature names when requested
  unsigned pass = 0;
  std::exception_ptr error;         // a malformed line (InputError)
};

class ExampleStream {
 public:
  ExampleStream(LineReader& reader, const TextParser& parser, const FeatureBuilder& builder, unsigned passes,
                bool want_names);
  ~ExampleStream();
  ExampleStream(const ExampleStream&) = delete;
  ExampleStream& operator=(const ExampleStream&) = delete;

  ParsedExample* next();

 private:
  static constexpr std::size_t kBatch = 256;
  static constexpr std::size_t kBatches = 3;
  struct Batch {
    std::vector<ParsedExample> slots{kBatch};
    std::size_t size = 0;
    bool last = false;               // nothing follows this batch
    std::exception_ptr failure;      // producer failed after `size` slots
  };

  void produce();

  LineReader& reader_;
  const TextParser& parser_;
  const FeatureBuilder& builder_;
  unsigned passes_;
  bool want_names_;

  std::vector<Batch> batches_{kBatches};
  std::deque<Batch*> free_, full_;
  std::mutex mutex_;
  std::condition_variable changed_;
  bool stop_ = false;

  Batch* current_ = nullptr;  // consumer side
  std::size_t position_ = 0;
  bool finished_ = false;
  std::thread producer_;
};

}  // namespace learner
