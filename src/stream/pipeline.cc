#include "learner/stream/pipeline.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

#include "learner/io/sharded_reader.h"
#include "learner/formats/make_parser.h"

namespace learner {
namespace {

Pipeline* g_abandoned = nullptr;  // see PipelineOwner

}  // namespace

Pipeline::Pipeline(const InputSpec& in) : reader(LineReader::open(in.data)), parser(make_parser(in.parse)), builder(in.features) {
  if (in.shard_count > 1) reader = std::make_unique<ShardedLineReader>(std::move(reader), in.shard_rank, in.shard_count);
}

PipelineOwner::PipelineOwner(const InputSpec& in) : p_(std::make_unique<Pipeline>(in)) {}

void PipelineOwner::finish() {
  if (p_ && p_->stream && !p_->stream->stop(std::chrono::milliseconds(300))) {
    g_abandoned = p_.release();
    return;
  }
  p_.reset();
}

CacheUse open_cache(const InputSpec& o, StreamOptions& options, std::unique_ptr<CacheReader>& cache) {
  cache.reset();
  if (o.cache_path.empty()) return CacheUse::kNone;
  options.cache_path = o.cache_path;
  std::error_code ec;
  if (std::filesystem::exists(o.cache_path, ec) && !std::filesystem::is_regular_file(o.cache_path, ec))
    throw UsageError("--cache_file " + o.cache_path + " is not a regular file (a cache is read back after it is written)");
  refuse_replacing_non_cache(o.cache_path);  // before any work: a model named as the cache is kept
  options.cache_key = make_cache_key(o.data, o.parse);
  // The parse-time text features are in the cache: one made without them (or others) is rebuilt.
  if (o.features.text && !o.features.text->cache_key().empty())
    options.cache_key.fields.emplace_back("text_features", o.features.text->cache_key());
  // --shard_by line: the cache is made from one rank's share of the lines, so that share is its
  // source: a cache of another share, or of every line, is never read for it, nor it for them.
  if (o.shard_count > 1)
    for (auto& [name, value] : options.cache_key.fields)
      if (name == "data")
        value += " (lines i with i mod " + std::to_string(o.shard_count) + " = " + std::to_string(o.shard_rank) + ")";
  if (!o.kill_cache) {
    std::string why;
    cache = CacheReader::open(o.cache_path, options.cache_key, why);
    if (cache && !o.lenient && cache->info().skipped > 0) {
      why = "it was made with --lenient and skipped " + std::to_string(cache->info().skipped) +
            " malformed lines (strict parsing reports them)";
      cache.reset();
    }
    // Empty standard input (key verifiable) cannot rebuild anything: keep the cache.
    if (!cache && !why.empty() && options.cache_key.verifiable && (o.data.empty() || o.data == "-"))
      throw Error("standard input holds no data and the cache " + o.cache_path + " cannot be used (" + why +
                  "): it is kept as it is; give the data with -d FILE or on standard input");
    if (!cache && !why.empty()) std::fprintf(stderr, "rebuilding cache %s: %s\n", o.cache_path.c_str(), why.c_str());
  }
  return cache ? CacheUse::kRead : CacheUse::kWrite;
}

}  // namespace learner
