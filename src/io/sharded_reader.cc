#include "learner/io/sharded_reader.h"

#include <string>

#include "learner/error.h"

namespace learner {

ShardedLineReader::ShardedLineReader(std::unique_ptr<LineReader> inner, unsigned rank, unsigned count)
    : LineReader(inner->name()), inner_(std::move(inner)), rank_(rank), count_(count) {
  if (count_ == 0 || rank_ >= count_)
    throw Error("internal: shard " + std::to_string(rank_) + " of " + std::to_string(count_));
}

bool ShardedLineReader::next(std::string_view& line) {
  while (inner_->next(line)) {
    line_ = inner_->line_number();
    bytes_ = inner_->bytes_read();
    if ((line_ - 1) % count_ == rank_) return true;
  }
  line_ = inner_->line_number();
  bytes_ = inner_->bytes_read();
  return false;
}

void ShardedLineReader::rewind() {
  inner_->rewind();
  line_ = 0;
  bytes_ = 0;
}

}  // namespace learner
