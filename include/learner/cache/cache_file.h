// Binary example cache (-c / --cache_file, docs/vw-compat.md section 1a):
// the parser's output for every example of a data file, so passes after the
// first skip reading and parsing text.
//
// What is stored: exactly what the line parser (TextParser, or a reader of
// learner/formats: --json, --dsjson, --csv) produces and the learner sees —
// has_label, label, importance, base, tag, the reductions' labels (class
// costs, label sets), and per namespace its name, first
// char, hash and features (full 32-bit index, value with the namespace weight
// applied). begin/end are implied by the order. Feature names, line numbers
// and built features (interactions, constant) are NOT stored: FeatureBuilder
// rebuilds them on the producer thread, which costs a copy per feature and
// keeps the cache valid when -b, -q, --ignore, --keep, --noconstant change
// (indices are stored before masking and namespace selection). The cache
// therefore depends only on the data file, on --hash / --hash_seed and on
// the label grammar (plain, or a reduction's with its class count); changing
// any of them, or the file (size, modification time, or the content: all of
// a file up to 8 MiB, samples of a larger one), rebuilds it.
// Malformed lines skipped under --lenient are counted, not stored.
//
// Layout (little-endian, this machine's float format):
//   header:  8 bytes "LRNRCACH", u32 version (kCacheVersion), u32 0x01020304
//            (byte order), u32 flags (1 = blocks are zlib-compressed),
//            u32 key length L, L bytes of key ("name=value\n" lines),
//            u32 CRC-32 of every header byte before it
//   blocks:  32-byte block header {u32 kind 'BLK1', u32 stored bytes, u32 raw
//            bytes, u32 examples, u64 text bytes, u32 CRC-32 of the first 24
//            header bytes and the stored bytes, u32 0}, then the stored bytes
//            (raw, or zlib when compressed); ~1 MiB of encoded examples each
//   end:     a block header of kind 'END1' with 24 payload bytes {u64
//            examples, u64 malformed lines skipped, u64 data blocks}
// Encoded example: u8 flags (1 label, 2 importance, 4 base, 8 tag, 16 costs,
// 32 label set), the f32 fields present, varint tag length + bytes, costs
// (varint 2 count + 1 if they carry --cb probabilities, then varint class +
// f32 cost [+ f32 probability] each), label set (varint
// count, then varint classes), varint namespaces, varint
// features; per namespace: u8 first, varint name length + bytes, u32 hash,
// varint count, u8 encoding (0: {f32 value, u32 index} pairs; 1: u32 indices
// only, every value 1) and the features.
//
// Contract:
//  * CacheWriter writes through OutputFile (learner/io/output_file.h): a
//    "<path>.tmp.<pid>" renamed over `path` (a regular file) only in commit(), so an interrupted or failed run never leaves a partial cache
//    under the final name; the destructor removes an uncommitted file.
//  * CacheReader::open() checks the header (magic, version, byte order, CRC),
//    the key, and the end record (kind, CRC, position = end of file): a
//    cache cut short anywhere has no valid end record and is refused at open.
//  * next() checks each block's CRC and structure when it reaches it and
//    throws CacheCorrupt on a mismatch; reaching the end with a count or
//    block number other than the end record's is also CacheCorrupt. A cache
//    is never read as fewer examples than were written.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "learner/error.h"
#include "learner/example.h"
#include "learner/parse/text_parser.h"

namespace learner {

class OutputFile;
constexpr uint32_t kCacheVersion = 3;  // 2: reduction labels (costs, label sets); 3: --cb probabilities

// What a cache must have been made from to be used.
struct CacheKey {
  // Ordered fields: "data" (canonical path; with --allreduce --shard_by line
  // also the rank's share of the lines, stream/pipeline.h), "data_size", "data_mtime_ns",
  // "data_content" (a CRC of the file, or of samples of a file over 8 MiB:
  // src/cache/content_sample.h), "hash", "hash_seed", "labels", "format"
  // (text, json, dsjson or csv with its settings; cache_key.cc).
  std::vector<std::pair<std::string, std::string>> fields;
  // False for standard input with data (a pipe, a non-empty file), whose
  // content cannot be checked: an existing cache is then rebuilt. True for
  // standard input without data (a terminal, /dev/null, an empty file): a
  // cache made from standard input is then read, as VW does (issue 17,
  // defect 3: `learner --cache_file s.cache < /dev/null` wiped the cache).
  bool verifiable = true;
};

// The key of `data_path` ("-" or "" = standard input) parsed with `parse`.
// Throws learner::Error when the file cannot be stat'ed.
CacheKey make_cache_key(const std::string& data_path, const ParseOptions& parse);

// A cache whose bytes do not match their checksums or structure.
class CacheCorrupt : public Error {
 public:
  using Error::Error;
};

// The end record of a complete cache.
struct CacheInfo {
  uint64_t examples = 0;
  uint64_t skipped = 0;     // malformed lines skipped under --lenient while writing
  uint64_t blocks = 0;
  uint64_t text_bytes = 0;  // bytes of text the cache was made from (decompressed)
};

// Whether a cache may replace what is at `path`: nothing (missing, empty, not
// a regular file: opening decides), or a file that starts as a learner cache
// ("LRNRCACH", any version, complete or not). A model, a data file, an
// unreadable file or anything else is not, so that -c / --cache_file naming
// the wrong file cannot destroy it (issue 28).
bool replaceable_by_cache(const std::string& path);
// Throws UsageError naming `path` when !replaceable_by_cache(path).
void refuse_replacing_non_cache(const std::string& path);

class CacheWriter {
 public:
  // Creates "<path>.tmp.<pid>". Throws learner::Error if it cannot, and
  // UsageError (refuse_replacing_non_cache) when `path` is not a cache.
  CacheWriter(std::string path, const CacheKey& key, bool compressed);
  ~CacheWriter();
  CacheWriter(const CacheWriter&) = delete;
  CacheWriter& operator=(const CacheWriter&) = delete;

  // Appends one example. `text_bytes` is the number of text bytes read so
  // far (for throughput figures of later cached passes).
  void add(const Example& ex, uint64_t text_bytes);
  void add_skipped() { ++info_.skipped; }
  // Writes the last block and the end record and renames the file into
  // place. Throws learner::Error on a write failure (the file is removed).
  void commit(uint64_t text_bytes);
  const std::string& path() const { return path_; }

 private:
  void flush_block(uint64_t text_bytes);
  void write_all(const void* data, std::size_t n);

  std::string path_;
  std::unique_ptr<OutputFile> out_;  // learner/io/output_file.h: temporary, renamed in commit()
  bool compressed_;
  CacheInfo info_;
  std::string raw_;         // encoded examples of the open block
  uint32_t block_examples_ = 0;
  uint64_t block_text_start_ = 0;
  std::vector<unsigned char> packed_;  // compression scratch
};

class CacheReader {
 public:
  ~CacheReader();
  CacheReader(const CacheReader&) = delete;
  CacheReader& operator=(const CacheReader&) = delete;

  // Opens `path` if it is a complete cache made with `key`. Otherwise
  // returns nullptr and sets `why`: empty when the file does not exist, else
  // the reason it cannot be used ("it was made with --hash_seed 0 (now 3)",
  // "it is truncated or incomplete (no valid end record)", ...).
  static std::unique_ptr<CacheReader> open(const std::string& path, const CacheKey& key, std::string& why);

  // Decodes the next example into `ex` (its names are cleared, its line is
  // 0). Returns false after the last one. Throws CacheCorrupt.
  bool next(Example& ex);
  // Back to the first example (for the next pass). Block checksums are
  // verified on every pass until one pass has read the whole file with every
  // checksum right; later passes skip them (zlib's CRC-32 was 13-16% of a
  // cached pass) as long as the file's size, modification and change times
  // have not moved since that pass. Any write to the file brings them back.
  void rewind();
  // True while the checksums are skipped (the file was verified unchanged).
  bool trusted() const { return trusted_; }
  const CacheInfo& info() const { return info_; }
  // Text bytes covered by the blocks read since open()/rewind().
  uint64_t text_bytes_read() const { return text_read_; }
  const std::string& path() const { return path_; }

 private:
  CacheReader(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  bool load_block();
  [[noreturn]] void corrupt(const std::string& what) const;

  std::string path_;
  int fd_;
  bool compressed_ = false;
  uint64_t data_begin_ = 0, data_end_ = 0, pos_ = 0;
  CacheInfo info_;
  uint64_t blocks_read_ = 0, examples_read_ = 0, text_read_ = 0;
  uint32_t block_left_ = 0;          // examples left in the loaded block
  bool verified_ = false;            // a whole pass read with every checksum right
  bool trusted_ = false;             // this pass skips the checksums
  std::string verified_stamp_;       // the file's size and times after that pass
  std::vector<char> stored_, raw_;   // block buffers, reused
  const char* cursor_ = nullptr;
  const char* block_end_ = nullptr;
};

}  // namespace learner
