// One rank's share of a line source (--allreduce --shard_by line): of the
// lines 1, 2, 3, ... of the inner reader it hands out those whose 0-based
// index i has i mod count == rank, so `count` readers with ranks 0..count-1
// together hand out every line exactly once.
//
// Contract: as LineReader's, with line_number() the inner reader's (errors
// name the line of the file) and bytes_read() the bytes the inner reader
// consumed (this rank reads, and decompresses, the whole file). rewind() and
// seekable() are the inner reader's.
#pragma once

#include <memory>

#include "learner/io/line_reader.h"

namespace learner {

class ShardedLineReader final : public LineReader {
 public:
  // Throws learner::Error unless 0 <= rank < count.
  ShardedLineReader(std::unique_ptr<LineReader> inner, unsigned rank, unsigned count);

  bool next(std::string_view& line) override;
  bool seekable() const override { return inner_->seekable(); }
  void rewind() override;

 private:
  std::unique_ptr<LineReader> inner_;
  unsigned rank_, count_;
};

}  // namespace learner
