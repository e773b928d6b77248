// The features of a plain namespace (weight 1, no --hash all, no names or
// tokens kept: the common case) in one walk over the line's bitmaps (private
// to the parse stage; namespace_parser.cc calls it).
//
// The walk keeps one 64-bit word of colon-or-stop bits (line_scan.h) in a
// register and takes its set bits in order: a token's first bit is where its
// name ends (a colon, or the blank, bar or line end that ends a bare name),
// a valued token's next bit is where its value ends. Each feature is left as
// words - its value's bytes and its name's bytes, from one 8-byte load each
// ending at them - in a block of 64, which finish_feature_batch
// (feature_batch.h) turns into Features together: values read, names hashed.
//
// A name of more than 8 bytes (or that ends before the line's eighth byte)
// is hashed in the walk (plain_name_hash). Anything else - a value of more
// than 8 bytes with its sign or without a digit, exponents, strings, a
// second colon in a token - ends the walk: it returns false,
// and the caller reads the whole namespace again with the general loop,
// which takes or refuses everything. Every feature the walk gives is what
// the general loop would have made of it (tests/parse/plain_walk_test.cc).

#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "learner/example.h"
#include "learner/parse/hash_inline.h"
#include "feature_batch.h"
#include "line_scan.h"
#include "number_inline.h"

namespace learner {

struct PlainWalkEnd {
  std::size_t pos;     // `end` when the namespace is done, else the blank before the token handed back
  uint32_t anonymous;  // ':value' features counted so far (VW numbers them from 0 in each namespace)
};

// The 8 bytes of the line that end at `at` (at >= 8).
inline uint64_t word_ending_at(const char* at) {
  uint64_t v;
  std::memcpy(&v, at - 8, 8);
  return v;
}

// hash_feature(name, seed, false) for the bytes [start, stop) of a name, at
// least one, none of them a byte <= 0x20 (nothing to trim): an all-digit
// name is its number plus the seed, any other murmur3 of its bytes.
inline uint32_t plain_name_hash(const char* text, std::size_t start, std::size_t stop, uint32_t seed) {
  const unsigned first = static_cast<unsigned>(static_cast<unsigned char>(text[start])) - '0';
  if (first <= 9) {
    uint32_t number = first;
    std::size_t i = start + 1;
    for (; i < stop; ++i) {
      const unsigned digit = static_cast<unsigned>(static_cast<unsigned char>(text[i])) - '0';
      if (digit > 9) break;
      number = number * 10 + digit;  // wraps like VW's 64-bit sum, mod 2^32
    }
    if (i == stop) return number + seed;
  }
  return detail::murmur3_32_inline(std::string_view(text + start, stop - start), seed);
}

// The features of the namespace between `pos` (a blank, or end) and `end`
// (a bar or the line's end) of `line`, whose bitmaps `scan` holds, appended
// to `features`; the line has no control byte (every byte <= 0x20 is a
// blank). Returns false, having appended some or none, at the first token
// the walk does not take (the caller then parses the namespace again with
// the general loop, which takes or refuses everything).
inline bool walk_plain_features(std::string_view line, std::size_t pos, std::size_t end, const LineScan& scan,
                                uint32_t ns_hash, std::vector<Feature>& features) {
  const char* const text = line.data();
  const LineScan::Word* const words = scan.words();
  constexpr std::size_t kBlock = 64;
  static_assert(kBlock + 4 <= FeatureWords::kSize);
  FeatureWords batch;  // a block of features as words, finished by finish_feature_batch
  Feature block[FeatureWords::kSize];
  std::size_t count = 0;
  uint32_t anonymous = 0;
  const auto flush = [&]() {
    uint64_t zeros = 0;
    if (count < 4) {  // one to three features (a rating line's namespaces): one at a time, no padded lanes
      if (!finish_feature_batch_portable(batch, count, ns_hash, block, zeros)) return false;
    } else {
      for (std::size_t i = count; i % 4 != 0; ++i) {  // padding: value 1, index 0
        batch.value[i] = 0x3130303030303030ull;
        batch.name[i] = 0;
        batch.index[i] = 0;
      }
      if (!finish_feature_batch(batch, (count + 3) & ~std::size_t{3}, ns_hash, block, zeros)) return false;
    }
    std::size_t kept = count;
    if (zeros != 0) {  // VW drops value-0 features
      kept = 0;
      for (std::size_t i = 0; i < count; ++i)
        if ((zeros >> i & 1) == 0) block[kept++] = block[i];
    }
    features.insert(features.end(), block, block + kept);
    count = 0;
    return true;
  };
  // The colon and stop bits of word w not taken yet.
  std::size_t w = pos >> 6;
  uint64_t bits = (words[w].stop | words[w].colon) & (~uint64_t{1} << (pos & 63));
  const auto next_bit = [&]() {
    while (bits == 0) {
      ++w;
      bits = words[w].stop | words[w].colon;
    }
    const std::size_t at = (w << 6) + static_cast<std::size_t>(__builtin_ctzll(bits));
    bits &= bits - 1;
    return at;
  };
  for (;;) {
    // pos ends the last token: a blank, or end (then start > end).
    std::size_t start = pos + 1;
    if (start >= end) break;
    if (static_cast<unsigned char>(text[start]) <= ' ') {  // more blanks
      start = scan.skip_blanks(start, end);
      if (start == end) break;
      w = start >> 6;
      bits = (words[w].stop | words[w].colon) & (~uint64_t{0} << (start & 63));
    }
    const std::size_t name_end = next_bit();
    if (name_end == end || text[name_end] != ':') {  // a bare name, value 1
      batch.value[count] = 0x3130303030303030ull;  // "00000001"
      pos = name_end;
    } else {
      const std::size_t stop = next_bit();
      const std::size_t first = name_end + 1;
      if (stop == first || (stop != end && text[stop] == ':')) return false;  // no value, or a second colon
      const std::size_t n = stop - first;
      if (n - 1 >= 8) return false;  // more than 8 bytes (with the sign)
      if (n <= 2) {  // no digit: ".", "-", "+", "-.", "+." (and "5.": the general loop's too)
        const auto last = static_cast<unsigned char>(text[stop - 1]);
        if (last - unsigned{'0'} > 9 && (n == 1 || last == '.')) return false;
      }
      // The value's n bytes right-aligned in a word, zero bytes in front:
      // one load ending at the value when the line has 8 bytes there.
      batch.value[count] = stop >= 8 ? word_ending_at(text + stop) & (~uint64_t{0} << (8 * (8 - n)))
                                     : detail::load_short(text + stop - n, n) << (8 * (8 - n));
      pos = stop;
    }
    // The name: its bytes for the batch to hash, or its index now.
    const std::size_t n = name_end - start;
    if (n - 1 < 8 && name_end >= 8) {
      batch.name[count] = word_ending_at(text + name_end) >> (64 - 8 * n);
    } else {
      batch.name[count] = 0;
      batch.index[count] = n == 0 ? ns_hash + anonymous++ : plain_name_hash(text, start, name_end, ns_hash);
    }
    if (++count == kBlock && !flush()) return false;
  }
  return flush();
}

}  // namespace learner
