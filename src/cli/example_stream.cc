#include "learner/cli/example_stream.h"

#include "learner/error.h"

namespace learner {

ExampleStream::ExampleStream(LineReader& reader, const TextParser& parser, const FeatureBuilder& builder,
                             unsigned passes, bool want_names)
    : reader_(reader), parser_(parser), builder_(builder), passes_(passes), want_names_(want_names) {
  for (Batch& b : batches_) free_.push_back(&b);
  producer_ = std::thread([this] { produce(); });
}

ExampleStream::~ExampleStream() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  producer_.join();
}

void ExampleStream::produce() {
  Batch* batch = nullptr;
  auto take_free = [&]() -> bool {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return stop_ || !free_.empty(); });
    if (stop_) return false;
    batch = free_.front();
    free_.pop_front();
    batch->size = 0;
    batch->last = false;
    batch->failure = nullptr;
    return true;
  };
  auto hand_over = [&] {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      full_.push_back(batch);
    }
    changed_.notify_all();
    batch = nullptr;
  };
  if (!take_free()) return;
  try {
    for (unsigned pass = 0; pass < passes_; ++pass) {
      if (pass > 0) reader_.rewind();
      std::string_view line;
      while (reader_.next(line)) {
        ParsedExample& slot = batch->slots[batch->size];
        slot.error = nullptr;
        slot.pass = pass;
        try {
          if (!parser_.parse(line, slot.ex, reader_.name(), reader_.line_number())) continue;
          builder_.build(slot.ex, slot.features, want_names_ && pass == 0 ? &slot.names : nullptr);
        } catch (const InputError&) {
          slot.error = std::current_exception();
        }
        if (++batch->size == kBatch) {
          hand_over();
          if (!take_free()) return;
        }
      }
    }
  } catch (...) {
    batch->failure = std::current_exception();
  }
  batch->last = true;
  hand_over();
}

ParsedExample* ExampleStream::next() {
  while (true) {
    if (finished_) return nullptr;
    if (current_ && position_ < current_->size) return &current_->slots[position_++];
    if (current_) {
      if (current_->failure) {
        std::exception_ptr failure = current_->failure;
        finished_ = true;
        std::rethrow_exception(failure);
      }
      if (current_->last) {
        finished_ = true;
        return nullptr;
      }
      {
        std::lock_guard<std::mutex> lock(mutex_);
        free_.push_back(current_);
      }
      changed_.notify_all();
      current_ = nullptr;
    }
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return !full_.empty(); });
    current_ = full_.front();
    full_.pop_front();
    position_ = 0;
  }
}

}  // namespace learner
