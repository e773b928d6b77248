// The reading side of a run: line reader, parser, feature builder and the
// ExampleStream (its producer thread) over them, plus the choice between
// reading a binary cache and writing one. Plain structs in, no command-line
// library: a server or an MPI program links this stage as the CLI does.
#pragma once

#include <memory>

#include "learner/cache/cache_file.h"
#include "learner/stream/example_stream.h"
#include "learner/features/feature_builder.h"
#include "learner/io/line_reader.h"
#include "learner/parse/example_parser.h"
#include "learner/parse/text_parser.h"

namespace learner {

// What the reading side is built from.
struct InputSpec {
  std::string data = "-";     // file name, "-" = stdin
  ParseOptions parse;
  FeatureSpec features;
  std::string cache_path;     // "" = no cache
  bool kill_cache = false;    // rebuild even a valid cache
  bool lenient = false;       // a cache made with --lenient is acceptable
  // --allreduce --shard_by line: read only the lines i with i mod shard_count
  // == shard_rank (io/sharded_reader.h); shard_count 1 reads every line.
  unsigned shard_rank = 0, shard_count = 1;
};

struct Pipeline {
  std::unique_ptr<LineReader> reader;
  std::unique_ptr<ExampleParser> parser;  // for in.parse.format (formats/make_parser.h)
  FeatureBuilder builder;
  std::unique_ptr<ExampleStream> stream;  // made by the driver once the cache is chosen

  explicit Pipeline(const InputSpec& in);  // opens in.data (throws learner::Error)
};

// Owns a Pipeline and stops its stream at the end of the run. When the
// producer thread cannot be stopped (blocked reading an idle pipe after the
// run ended early) the pipeline is kept alive, reachable from a global, until
// the process exits: the thread may still touch it.
class PipelineOwner {
 public:
  explicit PipelineOwner(const InputSpec& in);
  ~PipelineOwner() { finish(); }
  PipelineOwner(const PipelineOwner&) = delete;
  PipelineOwner& operator=(const PipelineOwner&) = delete;
  Pipeline* operator->() { return p_.get(); }
  void finish();

 private:
  std::unique_ptr<Pipeline> p_;
};

enum class CacheUse { kNone, kRead, kWrite };

// With a cache path: fills options.cache_path and cache_key and opens the
// cache for reading when it is valid for this data (with shard_count > 1:
// this rank's share of its lines) and parser (and, without
// --lenient, skipped no lines); otherwise says on stderr why it is rebuilt.
// Returns what the run does with the cache; `cache` is set for kRead.
CacheUse open_cache(const InputSpec& in, StreamOptions& options, std::unique_ptr<CacheReader>& cache);

}  // namespace learner
