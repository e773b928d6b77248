// ExampleStream's parser threads (issue 32; the contract is in
// example_stream.h): the producer thread reads a text pass into batches of
// raw lines and queues each batch twice, for the parsers (to_parse_) and, in
// input order, for the consumer (full_); a parser parses and builds a batch's
// lines into its slots exactly as text_pass() does and marks it ready; next()
// takes the batches in order as each becomes ready. The parsers are
// parse_threads - 1 worker threads and the consumer's own thread, which
// parses the next queued batch whenever the batch it needs is not ready yet
// (help_parse): a learner faster than the workers never waits idle, and no
// more threads are busy than parse_threads. A slot depends on its line alone,
// so the examples, their errors and all that is learned from them are those
// of one parser thread.
#include "learner/error.h"
#include "learner/stream/example_stream.h"

namespace learner {

bool ExampleStream::parallel(uint64_t skip, bool write_cache) const {
  // A pipe keeps one thread (as the issue asks: its reading cannot be split); so do
  // a cache being written (in order, by the producer), the recovery of a corrupt
  // cache (skip), pass 1 copied for the memory passes (retain(), in order) and
  // multi-line examples (a group's shared line joins the lines after it).
  return !options_.multiline && options_.parse_threads > 1 && parser_.concurrent() && reader_.seekable() && skip == 0 && !write_cache &&
         !retaining_;
}

void ExampleStream::dispatch() {
  if (batch_->lines.empty()) return hand_over();
  batch_->ready = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    full_.push_back(batch_);
    to_parse_.push_back(batch_);
  }
  parse_ready_.notify_one();
  batch_ = nullptr;
}

bool ExampleStream::parallel_text_pass(unsigned pass) {
  if (text_used_) reader_.rewind();
  text_used_ = true;
  if (workers_.empty())
    for (unsigned i = 1; i < options_.parse_threads; ++i) workers_.emplace_back([this] { parse_work(); });
  // Slots already parsed (the end of an earlier pass) go first, on their own.
  if (batch_->size > 0) {
    hand_over();
    if (!take_free()) return false;
  }
  batch_->pass = pass;
  std::string_view line;
  while (reader_.next(line)) {
    batch_->lines.push_back(RawLine{batch_->text.size(), line.size(), reader_.line_number()});
    batch_->text.append(line);
    if (batch_->lines.size() == kBatch || batch_->text.size() >= kBatchBytes) {
      batch_->text_bytes = bytes_base_ + reader_.bytes_read();
      bytes_.store(batch_->text_bytes, std::memory_order_relaxed);
      dispatch();
      if (!take_free()) return false;
      batch_->pass = pass;
    }
  }
  bytes_base_ += reader_.bytes_read();
  bytes_.store(bytes_base_, std::memory_order_relaxed);
  if (batch_->lines.empty()) return true;
  batch_->text_bytes = bytes_base_;
  dispatch();  // the pass's last lines: the next pass starts a batch of its own
  return take_free();
}

void ExampleStream::parse_work() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    parse_ready_.wait(lock, [&] { return stop_ || !to_parse_.empty(); });
    if (stop_) return;
    Batch* batch = to_parse_.front();
    to_parse_.pop_front();
    lock.unlock();
    parse_batch(*batch);
    lock.lock();
    batch->ready = true;
    if (batch == full_.front()) changed_.notify_all();  // the consumer waits for the batch at the head only
  }
}

bool ExampleStream::help_parse(std::unique_lock<std::mutex>& lock) {
  if (to_parse_.empty()) return false;
  Batch* batch = to_parse_.front();
  to_parse_.pop_front();
  lock.unlock();
  parse_batch(*batch);
  lock.lock();
  batch->ready = true;  // only the consumer waits for a batch to be ready
  return true;
}

void ExampleStream::parse_batch(Batch& batch) const {
  const bool names = options_.want_names && batch.pass == 0;
  const std::string_view text = batch.text;
  std::size_t n = 0;
  try {
    for (const RawLine& raw : batch.lines) {
      ParsedExample& slot = batch.slots[n];
      if (slot.error) slot.error = nullptr;  // exception_ptr: its assignment calls out of line
      slot.pass = batch.pass;
      slot.source = PassSource::kText;
      try {
        if (!parser_.parse(text.substr(raw.offset, raw.size), slot.ex, reader_.name(), raw.line_number)) continue;
        builder_.transform(slot.ex);
        try {
          builder_.build(slot.ex, slot.features, names ? &slot.names : nullptr);
        } catch (const TooManyFeatures& e) {
          throw InputError(reader_.name(), e.line(), e.what());
        }
      } catch (const InputError&) {
        slot.error = std::current_exception();
      }
      ++n;
    }
  } catch (...) {  // as the producer's failure: after the slots before it (earlier than the producer's own)
    batch.failure = std::current_exception();
  }
  batch.size = n;
}

}  // namespace learner
