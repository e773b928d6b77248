// Reading and parsing on a second thread (VW's parser/learner split): the
// producer reads lines (or a binary cache), parses them and builds features
// into batches of reusable slots; the consumer (the learning loop) takes
// batches in order. Eight batches rotate, so once warmed up nothing is
// allocated per example.
//
// Sources, pass by pass:
//  * A valid cache given to the constructor is read on every pass (pass 1
//    too), except that pass 1 reads the text when feature names are wanted
//    (names are not cached).
//  * Otherwise pass 1 reads the text and, when a cache path is set, writes
//    the cache (CacheWriter: temporary file renamed on success); later passes
//    read that cache. Without a cache later passes rewind the text.
//  * Memory: with several passes and StreamOptions::memory_bytes > 0, the
//    producer also copies pass 1's examples (built features included, names
//    and malformed lines left out, as in a cache; the parsed features too
//    unless StreamOptions::retain_raw_features is false) while they fit in
//    that many bytes. When all of pass 1 fit, the producer stops after it and the later
//    passes are served from that copy on the consumer's thread: no reading,
//    decoding or hand-over (R8, 20 passes of --mira 8 -b 22 after a pass
//    from the cache: 143-176 -> 120-131 CPU ms, perf stat, 3 x 10 runs).
//    When they do not fit, the copy is dropped at the point it overflowed (or
//    earlier, when the text's size is known: from the cache, or
//    StreamOptions::text_bytes, the copy's size is projected from its first
//    examples) and the passes read the cache or the text as above, or, with
//    StreamOptions::automatic_cache_path, pass 2 writes a temporary cache
//    that the later passes read.
//  * A cache that fails its checks while being read (CacheCorrupt) and has
//    not yet been read through once in this run is abandoned with a warning:
//    the text is read again from the start, the examples already handed out
//    are skipped (the cache held exactly the text's examples, in order), and
//    the cache is rebuilt from that read. Once a cache has been read or written
//    completely in this run, a later CacheCorrupt is an Error.
//
// Contract:
//  * next() returns the examples in input order, pass after pass, then
//    nullptr. A slot stays valid until the following next() call and is
//    read-only: a memory pass hands out the same copy again.
//  * A malformed line arrives as a slot with `error` set (the InputError),
//    in its place in the order, so the consumer decides (strict: rethrow;
//    lenient: skip and count). Cached passes have no such slots: the count
//    of lines skipped when the cache was written is cached_skipped().
//    In strict mode the cache being written is dropped at the first error.
//  * Any other failure of the producer (I/O error, truncated gzip, rewind
//    refused, cache write error) is rethrown by next() at the point it
//    happened.
//  * Parsing on several threads (StreamOptions::parse_threads > 1, issue 32):
//    a text pass of a parser that may run concurrently (TextParser, the
//    --json/--dsjson reader) from a
//    seekable source, writing no cache and keeping no memory copy, is read by
//    the producer thread into batches of raw lines that parse_threads - 1
//    worker threads and the consumer's thread (inside next(), whenever the
//    batch it needs next is not parsed yet) parse and build: no more than
//    parse_threads threads parse or learn at once; the batches reach next() in input order, so
//    the examples, errors and results are those of one parser thread, byte
//    for byte. Every other pass (pipes, standard input, a cache written or
//    read, pass 1 kept in memory, --csv, contextual-bandit JSON) keeps the single
//    producer thread.
//  * Multi-line examples (StreamOptions::multiline, VW's rules; the text
//    format): a blank line (empty, or blanks and a CR only) arrives as a slot
//    whose ex.group_end is set (no features) and ends the group of lines
//    before it; the end of a pass ends a group too. A group's first line may
//    be labelled `shared` (ex.shared, no features built): its namespaces are
//    appended to each later line of the group before that line's features
//    are built (VW's shared feature merger), so interactions span both. A
//    `shared` line after a group's first line, or one with no action line
//    after it, is an InputError at file:line. Caches and memory passes keep both marks; text passes run on
//    the producer thread (the merge is sequential).
//  * With a `cancel` flag, next() returns nullptr soon after the flag is set
//    even when the producer is blocked (e.g. on an idle pipe).
//  * stop() asks the producer to stop and waits up to `wait`; it returns
//    false when the producer is still blocked in a read (standard input
//    with nothing to read): the stream, its reader, parser and builder must
//    then stay alive until the process ends. The destructor stops and joins.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "learner/cache/cache_file.h"
#include "learner/example.h"
#include "learner/features/feature_builder.h"
#include "learner/io/line_reader.h"
#include "learner/parse/example_parser.h"
#include "learner/parse/text_parser.h"
#include "learner/stream/pass_source.h"

namespace learner {

struct ParsedExample {
  Example ex;
  std::vector<Feature> features;
  std::vector<std::string> names;  // feature names when requested (pass 0 only)
  unsigned pass = 0;
  PassSource source = PassSource::kText;
  std::exception_ptr error;         // a malformed line (InputError)
};

struct StreamOptions {
  unsigned passes = 1;
  bool want_names = false;          // fill ParsedExample::names on pass 0
  bool lenient = false;             // malformed lines are counted in the cache, not fatal
  std::string cache_path;           // write a cache here when no valid one is given ("" = none)
  CacheKey cache_key;
  bool compressed = false;          // zlib blocks in a cache written
  std::size_t memory_bytes = 0;     // keep pass 1 for the later passes when it fits (0 = never)
  // The copy for the memory passes keeps the parsed features and namespace
  // spans (ex.features, ex.namespaces) besides the built ones: only the
  // dyadic model reads them. False: they are left out (half the copy of a
  // linear model without interactions, so twice the data fits the budget).
  bool retain_raw_features = true;
  uint64_t text_bytes = 0;          // the text's size when known (a plain file), else 0
  // The automatic cache (issue 27): when pass 1 was not kept in memory and
  // no cache is in use, pass 2 (a text pass anyway) writes a cache here and
  // the passes after it read it (with at least 3 passes). The file is
  // removed as soon as it has been opened for reading, so it never outlives
  // the run (only its "<path>.tmp.<pid>" can, while pass 2 writes, and the
  // cleanup handlers remove that). A failure to write it is a warning: the
  // passes then read the text. "" = never.
  std::string automatic_cache_path;
  const std::atomic<bool>* cancel = nullptr;
  // Threads parsing text at once (see the contract above); 1: the producer
  // thread parses.
  unsigned parse_threads = 1;
  // Multi-line examples (see the contract above); the parser must be the text one.
  bool multiline = false;
};

class ExampleStream {
 public:
  // `cache`: a valid cache to read (CacheReader::open succeeded), or null.
  ExampleStream(LineReader& reader, const ExampleParser& parser, const FeatureBuilder& builder, StreamOptions options,
                std::unique_ptr<CacheReader> cache = nullptr);
  ~ExampleStream();
  ExampleStream(const ExampleStream&) = delete;
  ExampleStream& operator=(const ExampleStream&) = delete;

  const ParsedExample* next();
  // The slot the following next() will return when it is already at hand
  // (same batch, or the same memory pass), else nullptr; for prefetching. It
  // may be an error slot.
  const ParsedExample* peek() const {
    if (replaying_) return replay_at_ < retained_.size() ? &retained_[replay_at_] : nullptr;
    return current_ && position_ < current_->size ? &current_->slots[position_] : nullptr;
  }
  bool stop(std::chrono::milliseconds wait);

  // Text bytes behind the examples produced so far (text or cached passes).
  uint64_t bytes_read() const { return bytes_.load(std::memory_order_relaxed); }
  // Malformed lines skipped when the cache read on pass 1 was written.
  uint64_t cached_skipped() const { return cached_skipped_.load(); }
  // A cache was written and renamed into place during this run.
  bool cache_written() const { return cache_written_.load(); }

 private:
  // 8 batches. A batch the producer fills itself holds 64 examples: each
  // slot's vectors grow once to its largest example, and first-touched memory
  // is costly in this VM (page faults); 8 x 256 such slots made a --noop pass
  // over R8's 5485 documents 0.05 s of CPU against 0.035 s. A batch of raw
  // lines for the parser threads ends at 1024 lines or 32 KiB of text,
  // whichever comes first: about 64 lines of the 200 MB throughput file (as
  // before), 1024 short rating lines, whose 64-line batches cost a hand-over
  // (lock, futex wake) per 64 examples: 2M rating lines, 9 alternations,
  // wall medians 0.73 s (64) / 0.69 s (256) / 0.64 s (1024), sys 0.1 -> 0.02 s.
  static constexpr std::size_t kFilledBatch = 64;
  static constexpr std::size_t kBatch = 1024;  // slots per batch: the larger of the two
  static constexpr std::size_t kBatchBytes = 32768;
  static constexpr std::size_t kBatches = 8;
  // A producer waiting for a free batch is woken once this many are free, not
  // at every batch the consumer frees: one wake-up (a futex call, costly in
  // a VM) per four batches when learning is the slower side.
  static constexpr std::size_t kWakeProducerAt = kBatches / 2;
  // A line read for the parser threads: its bytes are text[offset, offset + size).
  struct RawLine {
    std::size_t offset, size;
    uint64_t line_number;
  };
  struct Batch {
    std::vector<ParsedExample> slots{kBatch};
    std::size_t size = 0;
    bool last = false;               // nothing follows this batch
    std::exception_ptr failure;      // producer failed after `size` slots
    // Parser threads: the lines to parse into the slots, and whether they are
    // parsed (under mutex_; a batch the producer filled itself is ready at once).
    std::string text;
    std::vector<RawLine> lines;
    unsigned pass = 0;
    uint64_t text_bytes = 0;  // the text's bytes behind the batch's last line, all passes
    bool ready = true;
  };

  void produce();
  bool take_free();
  void hand_over();
  // hand_over(), or, for a batch of raw lines, to the parser threads (it
  // reaches next() in its place once they have parsed it).
  void dispatch();
  // The current slot is filled (text_bytes: the pass's text bytes behind it);
  // false when asked to stop.
  bool emit(uint64_t text_bytes);
  void retain(const ParsedExample& slot, uint64_t text_bytes);  // producer, pass 1: copy for the memory passes
  const ParsedExample* replay();           // consumer: the next example of a memory pass
  // `write_cache`: write options_.cache_path; `optional`: a failure to write
  // it is a warning, not an error (the automatic cache).
  bool text_pass(unsigned pass, uint64_t skip, bool write_cache, bool optional = false);
  // The automatic cache could not be written: warns, drops the writer.
  void give_up_cache(std::unique_ptr<CacheWriter>& writer, const std::exception& e);
  // writer->add(ex); with `optional`, a failure gives the cache up (out of
  // text_pass's loop: the loop stays small enough for emit() to be inlined).
  void add_to_cache(std::unique_ptr<CacheWriter>& writer, const Example& ex, bool optional);
  bool cache_pass(unsigned pass);
  // Parser threads (example_stream_threads.cc): whether text pass `pass`
  // runs on them; the pass itself (the producer reads, the workers parse);
  // a worker's loop; the parsing of one batch of raw lines.
  bool parallel(uint64_t skip, bool write_cache) const;
  bool parallel_text_pass(unsigned pass);
  void parse_work();
  // Consumer, under `lock`: parses the batch at the front of to_parse_ (the
  // lock released meanwhile); false when none is queued.
  bool help_parse(std::unique_lock<std::mutex>& lock);
  void parse_batch(Batch& batch) const;
  void prefetch_ahead() const;  // consumer: hints for the slots after position_
  // Multi-line examples (example_stream_groups.cc): a parsed line's place in
  // its group (a blank line read as ex.group_end, a misplaced `shared` line
  // refused, the shared line kept), then its features (the shared
  // namespaces appended first).
  void track_line(Example& ex, bool blank, uint64_t line_number);
  void build_line(ParsedExample& slot, bool names);
  // A group closed while reading text must hold an action line after its
  // shared line; throws InputError naming the shared line.
  void check_group_end(bool from_text) const;
  void start_groups() {
    group_lines_ = 0;
    has_shared_ = false;
  }
  // The header of the slot two ahead, the arrays of the one ahead (either may
  // be null): the driver prefetches the next slot's weights one step later.
  static void prefetch_slots(const ParsedExample* two_ahead, const ParsedExample* one_ahead);

  LineReader& reader_;
  const ExampleParser& parser_;
  const FeatureBuilder& builder_;
  StreamOptions options_;

  // Producer side.
  std::unique_ptr<CacheReader> cache_;
  bool cache_verified_ = false;  // read or written completely in this run
  bool cache_used_ = false;      // cache_ was read from (rewind before the next pass)
  bool text_used_ = false;       // reader_ was read from (rewind before the next pass)
  uint64_t bytes_base_ = 0;      // text bytes of the passes already finished
  Batch* batch_ = nullptr;
  std::atomic<uint64_t> bytes_{0};
  std::atomic<uint64_t> cached_skipped_{0};
  std::atomic<bool> cache_written_{false};
  // Multi-line examples: lines of the current group so far, its shared line.
  uint64_t group_lines_ = 0;
  bool has_shared_ = false;
  Example shared_;

  // Memory passes. The producer fills retained_ during pass 1 while
  // retaining_; it sets memory_ready_ (under mutex_, before handing over the
  // last batch) when all of pass 1 was kept. From then on the consumer owns
  // retained_.
  std::deque<ParsedExample> retained_;  // no doubling: a vector's spare half was a third of the copy
  std::size_t retained_bytes_ = 0;
  bool retaining_ = false;
  bool memory_ready_ = false;
  uint64_t pass_bytes_ = 0;  // text bytes behind one pass
  uint64_t pass_size_ = 0;   // producer: pass 1's text size when known in advance, else 0
  bool replaying_ = false;   // consumer side
  unsigned replay_pass_ = 0;
  std::size_t replay_at_ = 0;

  std::vector<Batch> batches_{kBatches};
  std::deque<Batch*> free_, full_;
  std::mutex mutex_;
  std::condition_variable changed_;
  bool stop_ = false;
  bool producer_done_ = false;
  bool producer_waiting_ = false;  // in take_free(), waiting for a free batch

  Batch* current_ = nullptr;  // consumer side
  std::size_t position_ = 0;
  bool finished_ = false;
  std::deque<Batch*> to_parse_;        // raw batches for the workers (also in full_, in order)
  std::condition_variable parse_ready_;  // to_parse_ has work, or stop_
  std::vector<std::thread> workers_;   // parse_threads - 1, started by the first parallel pass
  std::thread producer_;
};

}  // namespace learner
