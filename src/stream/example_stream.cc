#include "learner/stream/example_stream.h"

#include <cstdio>

#include "learner/error.h"

namespace learner {

ExampleStream::ExampleStream(LineReader& reader, const ExampleParser& parser, const FeatureBuilder& builder,
                             StreamOptions options, std::unique_ptr<CacheReader> cache)
    : reader_(reader), parser_(parser), builder_(builder), options_(std::move(options)), cache_(std::move(cache)) {
  for (Batch& b : batches_) free_.push_back(&b);
  producer_ = std::thread([this] { produce(); });
}

ExampleStream::~ExampleStream() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  parse_ready_.notify_all();
  if (producer_.joinable()) producer_.join();
  for (std::thread& worker : workers_) worker.join();
}

bool ExampleStream::stop(std::chrono::milliseconds wait) {
  std::unique_lock<std::mutex> lock(mutex_);
  stop_ = true;
  changed_.notify_all();
  parse_ready_.notify_all();
  return changed_.wait_for(lock, wait, [&] { return producer_done_; });
}

bool ExampleStream::take_free() {
  std::unique_lock<std::mutex> lock(mutex_);
  producer_waiting_ = true;
  changed_.wait(lock, [&] { return stop_ || !free_.empty(); });
  producer_waiting_ = false;
  if (stop_) return false;
  batch_ = free_.front();
  free_.pop_front();
  batch_->size = 0;
  batch_->last = false;
  batch_->failure = nullptr;
  batch_->text.clear();
  batch_->lines.clear();
  batch_->ready = true;
  return true;
}

void ExampleStream::hand_over() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    full_.push_back(batch_);
  }
  changed_.notify_all();
  batch_ = nullptr;
}

bool ExampleStream::emit(uint64_t text_bytes) {
  if (retaining_) retain(batch_->slots[batch_->size], text_bytes);
  if (++batch_->size < kFilledBatch) return true;
  hand_over();
  return take_free();
}

void ExampleStream::retain(const ParsedExample& slot, uint64_t text_bytes) {
  if (slot.error) return;  // as in a cache: later passes have no malformed lines
  ParsedExample& kept = retained_.emplace_back();
  kept.ex = slot.ex;
  kept.ex.names = {};  // names serve pass 1 only
  if (!options_.retain_raw_features) {  // the built features serve the later passes
    std::vector<Feature>().swap(kept.ex.features);
    std::vector<NamespaceSpan>().swap(kept.ex.namespaces);
  }
  kept.features = slot.features;
  kept.source = PassSource::kMemory;
  const Example& e = kept.ex;
  retained_bytes_ += e.tag.capacity() + e.costs.capacity() * sizeof(ClassCost) +
                     e.label_set.capacity() * sizeof(uint32_t) + e.features.capacity() * sizeof(Feature) +
                     e.namespaces.capacity() * sizeof(NamespaceSpan) + e.tokens.capacity() +
                     e.token_ends.capacity() * sizeof(uint32_t) + kept.features.capacity() * sizeof(Feature);
  for (const NamespaceSpan& ns : e.namespaces) retained_bytes_ += ns.name.capacity();
  const std::size_t held = retained_bytes_ + retained_.size() * sizeof(ParsedExample);
  // With the pass's size known, a pass that will not fit is seen early (from
  // its first 1024 examples on) rather than after copying the budget's worth.
  const bool will_not_fit = pass_size_ > 0 && retained_.size() >= 1024 && retained_.size() % 256 == 0 &&
                            text_bytes > 0 &&
                            static_cast<double>(held) * static_cast<double>(pass_size_) / static_cast<double>(text_bytes) >
                                static_cast<double>(options_.memory_bytes);
  if (held > options_.memory_bytes || will_not_fit) {
    retaining_ = false;  // does not fit: the later passes read the cache or the text
    std::deque<ParsedExample>().swap(retained_);
    retained_bytes_ = 0;
  }
}

void ExampleStream::give_up_cache(std::unique_ptr<CacheWriter>& writer, const std::exception& e) {
  std::fprintf(stderr, "warning: cannot write the automatic cache (%s); the later passes read %s again\n", e.what(),
               reader_.name().c_str());
  writer.reset();
}

void ExampleStream::add_to_cache(std::unique_ptr<CacheWriter>& writer, const Example& ex, bool optional) {
  if (!optional) return writer->add(ex, reader_.bytes_read());
  try {
    writer->add(ex, reader_.bytes_read());
  } catch (const Error& e) {
    give_up_cache(writer, e);
  }
}

bool ExampleStream::text_pass(unsigned pass, uint64_t skip, bool write_cache, bool optional) {
  if (parallel(skip, write_cache)) return parallel_text_pass(pass);
  if (text_used_) reader_.rewind();
  text_used_ = true;
  std::unique_ptr<CacheWriter> writer;
  if (write_cache) {
    try {
      writer = std::make_unique<CacheWriter>(options_.cache_path, options_.cache_key, options_.compressed);
    } catch (const Error& e) {
      if (!optional) throw;
      give_up_cache(writer, e);
    }
  }
  const bool names = options_.want_names && pass == 0;
  start_groups();
  uint64_t errors_skipped = 0;  // malformed lines among the examples skipped
  std::string_view line;
  bool more = false;  // the line read last holds more examples (example_parser.h: pending())
  while (more || reader_.next(line)) {
    ParsedExample& slot = batch_->slots[batch_->size];
    if (slot.error) slot.error = nullptr;  // exception_ptr: its assignment calls out of line
    slot.pass = pass;
    slot.source = PassSource::kText;
    try {
      const bool example =
          more ? parser_.parse_pending(slot.ex) : parser_.parse(line, slot.ex, reader_.name(), reader_.line_number());
      more = parser_.pending();
      if (options_.multiline) {
        track_line(slot.ex, !example, reader_.line_number());
      } else if (!example) {
        continue;
      }
      if (!slot.ex.group_end) builder_.transform(slot.ex);  // parse-time text features (--affix, ...): cached with the example
      if (writer) add_to_cache(writer, slot.ex, optional);
      if (skip > 0) {
        --skip;
        continue;
      }
      try {
        if (options_.multiline)
          build_line(slot, names);
        else
          builder_.build(slot.ex, slot.features, names ? &slot.names : nullptr);
      } catch (const TooManyFeatures& e) {
        throw InputError(reader_.name(), e.line(), e.what());
      }
    } catch (const InputError&) {
      if (writer) {
        if (options_.lenient)
          writer->add_skipped();
        else
          writer.reset();  // the run stops at this line: no cache
      }
      if (skip > 0) {
        ++errors_skipped;
        continue;
      }
      slot.error = std::current_exception();
    }
    if (!emit(reader_.bytes_read())) return false;
    if (batch_->size == 0) bytes_.store(bytes_base_ + reader_.bytes_read(), std::memory_order_relaxed);
  }
  if (options_.multiline) check_group_end(true);  // the end of the data closes the last group
  if (pass == 0 && errors_skipped > 0) cached_skipped_ = errors_skipped;
  bytes_base_ += reader_.bytes_read();
  bytes_.store(bytes_base_, std::memory_order_relaxed);
  if (writer && optional) {
    try {
      writer->commit(reader_.bytes_read());
    } catch (const Error& e) {
      give_up_cache(writer, e);
    }
  }
  if (writer) {
    if (!optional) writer->commit(reader_.bytes_read());
    CacheKey own = options_.cache_key;
    own.verifiable = true;  // written from this very input
    std::string why;
    cache_ = CacheReader::open(options_.cache_path, own, why);
    if (!cache_) throw Error("cannot read back the cache " + options_.cache_path + " just written: " + why);
    if (optional) std::remove(options_.cache_path.c_str());  // open: it lives until the stream closes it
    cache_verified_ = true;
    cache_used_ = false;
    cache_written_ = true;
  }
  return true;
}

bool ExampleStream::cache_pass(unsigned pass) {
  if (cache_used_) cache_->rewind();
  cache_used_ = true;
  start_groups();
  uint64_t delivered = 0;
  try {
    for (;;) {
      ParsedExample& slot = batch_->slots[batch_->size];
      if (!cache_->next(slot.ex)) break;
      if (slot.error) slot.error = nullptr;
      slot.pass = pass;
      slot.source = PassSource::kCache;
      if (options_.multiline) {
        track_line(slot.ex, false, 0);
        build_line(slot, false);
      } else {
        builder_.build(slot.ex, slot.features, nullptr);
      }
      ++delivered;
      if (!emit(cache_->text_bytes_read())) return false;
      if (batch_->size == 0) bytes_.store(bytes_base_ + cache_->text_bytes_read(), std::memory_order_relaxed);
    }
  } catch (const CacheCorrupt& e) {
    if (cache_verified_) throw Error("cache " + cache_->path() + " changed while in use: " + e.what());
    std::fprintf(stderr, "warning: cache %s is corrupt (%s); reading %s again and rebuilding the cache\n",
                 cache_->path().c_str(), e.what(), reader_.name().c_str());
    cache_.reset();
    cache_used_ = false;
    return text_pass(pass, delivered, true);
  }
  if (pass == 0) cached_skipped_ = cache_->info().skipped;
  bytes_base_ += cache_->info().text_bytes;
  bytes_.store(bytes_base_, std::memory_order_relaxed);
  cache_verified_ = true;
  return true;
}

void ExampleStream::produce() {
  bool stopped = !take_free();
  if (!stopped) {
    try {
      for (unsigned pass = 0; pass < options_.passes && !stopped; ++pass) {
        const bool from_cache = cache_ != nullptr && !(pass == 0 && options_.want_names);
        const bool write = pass == 0 && cache_ == nullptr && !options_.cache_path.empty();
        // Pass 1 was not kept in memory (else the loop has ended) and no cache is in use.
        const bool automatic = pass == 1 && cache_ == nullptr && options_.cache_path.empty() &&
                               !options_.automatic_cache_path.empty() && options_.passes > 2;
        if (automatic) {
          options_.cache_path = options_.automatic_cache_path;
          options_.cache_key = CacheKey{{{"automatic_cache_of", reader_.name()}}, true};  // written and read in this run
          std::fprintf(stderr,
                       "pass 1 does not fit --pass_memory (%zu MiB): pass 2 writes a temporary cache (%s), passes "
                       "3 to %u read it and nothing is left after the run (-c keeps a cache for the next one)\n",
                       options_.memory_bytes >> 20, options_.cache_path.c_str(), options_.passes);
        }
        retaining_ = pass == 0 && options_.passes > 1 && options_.memory_bytes > 0;
        pass_size_ = from_cache ? cache_->info().text_bytes : options_.text_bytes;
        stopped = !(from_cache ? cache_pass(pass) : text_pass(pass, 0, write || automatic, automatic));
        if (!stopped && retaining_) {  // all of pass 1 was kept: the consumer serves the rest
          retaining_ = false;
          pass_bytes_ = bytes_base_;
          std::lock_guard<std::mutex> lock(mutex_);
          memory_ready_ = true;
          break;
        }
        retaining_ = false;
      }
    } catch (...) {
      batch_->failure = std::current_exception();
    }
    if (!stopped) {
      batch_->last = true;
      dispatch();
    }
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    producer_done_ = true;
  }
  changed_.notify_all();
}

// The parser thread wrote these slots, so they are in the other core's
// cache: reading them stalls. A three-step pipeline hides it: the slot two
// ahead is fetched now, the arrays of the slot one ahead (whose header came
// one step earlier), and the core's Model::prefetch of the next example's
// weights reads those arrays one step later.
void ExampleStream::prefetch_ahead() const {
  const std::size_t n = current_->size;
  prefetch_slots(position_ + 2 < n ? &current_->slots[position_ + 2] : nullptr,
                 position_ + 1 < n ? &current_->slots[position_ + 1] : nullptr);
}

void ExampleStream::prefetch_slots(const ParsedExample* two_ahead, const ParsedExample* one_ahead) {
  constexpr std::size_t kLine = 64;
  if (two_ahead != nullptr) {
    const char* header = reinterpret_cast<const char*>(two_ahead);
    for (std::size_t b = 0; b < sizeof(ParsedExample); b += kLine) __builtin_prefetch(header + b);
  }
  if (one_ahead != nullptr) {
    __builtin_prefetch(one_ahead->features.data());
    __builtin_prefetch(one_ahead->ex.features.data());
    const char* spans = reinterpret_cast<const char*>(one_ahead->ex.namespaces.data());
    const std::size_t span_bytes = one_ahead->ex.namespaces.size() * sizeof(NamespaceSpan);
    for (std::size_t b = 0; b < span_bytes && b < 4 * kLine; b += kLine) __builtin_prefetch(spans + b);
  }
}

const ParsedExample* ExampleStream::replay() {
  if (options_.cancel != nullptr && options_.cancel->load()) return nullptr;
  if (replay_at_ == retained_.size()) {  // a memory pass ends
    bytes_base_ += pass_bytes_;
    bytes_.store(bytes_base_, std::memory_order_relaxed);
    if (replay_pass_ + 1 >= options_.passes) {
      replaying_ = false;
      finished_ = true;
      return nullptr;
    }
    ++replay_pass_;
    replay_at_ = 0;
  }
  if (replay_at_ % kFilledBatch == 0)
    bytes_.store(bytes_base_ + pass_bytes_ * replay_at_ / retained_.size(), std::memory_order_relaxed);
  const std::size_t n = retained_.size();
  prefetch_slots(replay_at_ + 2 < n ? &retained_[replay_at_ + 2] : nullptr,
                 replay_at_ + 1 < n ? &retained_[replay_at_ + 1] : nullptr);
  ParsedExample& slot = retained_[replay_at_++];
  slot.pass = replay_pass_;
  return &slot;
}

const ParsedExample* ExampleStream::next() {
  if (replaying_) return replay();
  while (true) {
    if (finished_) return nullptr;
    if (current_ && position_ < current_->size) {
      prefetch_ahead();
      return &current_->slots[position_++];
    }
    if (current_) {
      if (current_->failure) {
        std::exception_ptr failure = current_->failure;
        finished_ = true;
        std::rethrow_exception(failure);
      }
      if (current_->last) {
        // memory_ready_ was set before this batch was handed over; the
        // producer is done and retained_ is the consumer's now. (An empty
        // pass 1 leaves nothing for the later passes either.)
        if (memory_ready_ && !retained_.empty()) {
          replaying_ = true;
          replay_pass_ = 1;
          replay_at_ = 0;
          return replay();
        }
        finished_ = true;
        return nullptr;
      }
      bool wake = false;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        free_.push_back(current_);
        wake = producer_waiting_ && free_.size() >= kWakeProducerAt;
      }
      if (wake) changed_.notify_all();
      current_ = nullptr;
    }
    std::unique_lock<std::mutex> lock(mutex_);
    // The next batch in order, once parsed (parser threads: later ones may be ready first).
    const auto head_ready = [&] { return !full_.empty() && full_.front()->ready; };
    // While it is not, this thread parses the next batch queued for the parser threads.
    if (options_.cancel != nullptr) {
      while (!head_ready()) {
        if (options_.cancel->load()) return nullptr;
        if (!help_parse(lock)) changed_.wait_for(lock, std::chrono::milliseconds(50));
      }
    } else {
      while (!head_ready())
        if (!help_parse(lock)) changed_.wait(lock);
    }
    current_ = full_.front();
    full_.pop_front();
    position_ = 0;
  }
}

}  // namespace learner
