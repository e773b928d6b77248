// The features of a plain namespace (weight 1, no --hash all, no names or
// tokens kept: the common case) in one walk over the line's bitmaps (private
// to the parse stage; namespace_parser.cc calls it).
//
// The walk keeps one 64-bit word of colon-or-stop bits (line_scan.h) in a
// register and takes its set bits in order: a token's first bit is where its
// name ends (a colon, or the blank, bar or line end that ends a bare name),
// a valued token's next bit is where its value ends. Values read as short
// decimals (number_inline.h, the same arithmetic as parse_number) from one
// 8-byte load ending at the value; features go to a small buffer and into
// Example::features a block at a time.
//
// Anything else (a value that is not a short decimal: long literals,
// exponents, strings, errors; a second colon in a token) is handed back: the
// walk stops before that token and returns its position, for the general
// loop to go on from there with the same anonymous-feature count. Every
// feature this walk takes is what the general loop would have made of it.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "learner/example.h"
#include "learner/parse/hash_inline.h"
#include "decimal_batch.h"
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

// hash_feature(name, seed, false) for the n >= 1 bytes of a name that ends at
// `stop`, none of them a byte <= 0x20 (nothing to trim): an all-digit name is
// its number plus the seed, any other murmur3 of its bytes, read with one
// load when the line has 8 bytes up to its end and the name fits in them.
inline uint32_t plain_name_hash(const char* text, std::size_t start, std::size_t stop, uint32_t seed) {
  const std::size_t n = stop - start;
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
  if (n > 8 || stop < 8) return detail::murmur3_32_inline(std::string_view(text + start, n), seed);
  // murmur3 of <= 8 bytes: whole 4-byte blocks, then the tail (a zero tail
  // changes nothing: its scramble is 0).
  uint64_t v = word_ending_at(text + stop) >> (64 - 8 * n);
  uint32_t h = seed;
  for (std::size_t blocks = n >> 2; blocks != 0; --blocks) {
    h ^= detail::murmur_scramble(static_cast<uint32_t>(v));
    h = std::rotl(h, 13) * 5 + 0xe6546b64u;
    v >>= 32;
  }
  h ^= detail::murmur_scramble(static_cast<uint32_t>(v));
  h ^= static_cast<uint32_t>(n);
  h ^= h >> 16;  // fmix32
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
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
  // A block of features; the valued ones' values wait in `pending` (their
  // words, signs and slots; padded to a multiple of 4 into the spare slots).
  Feature block[kBlock + 4];
  uint64_t pending[kBlock + 3];
  uint32_t signs[kBlock + 3];
  float values[kBlock + 3];
  uint8_t slots[kBlock + 3];
  std::size_t count = 0, waiting = 0;
  uint32_t anonymous = 0;
  const auto flush = [&]() {
    for (std::size_t i = waiting; i % 4 != 0; ++i) {  // "1"s into the spare slots
      pending[i] = 0x3130303030303030ull;
      signs[i] = 0;
      slots[i] = static_cast<uint8_t>(kBlock);
    }
    if (!read_decimal_batch(pending, signs, (waiting + 3) & ~std::size_t{3}, values)) return false;
    bool zero = false;
    for (std::size_t i = 0; i < waiting; ++i) {
      block[slots[i]].value = values[i];
      zero |= values[i] == 0.0f;
    }
    if (zero) {  // VW drops value-0 features
      std::size_t kept = 0;
      for (std::size_t i = 0; i < count; ++i)
        if (block[i].value != 0.0f) block[kept++] = block[i];
      count = kept;
    }
    features.insert(features.end(), block, block + count);
    count = waiting = 0;
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
      block[count++] = Feature{1.0f, plain_name_hash(text, start, name_end, ns_hash)};
      pos = name_end;
    } else {
      const std::size_t stop = next_bit();
      const std::size_t first = name_end + 1;
      if (stop == first || (stop != end && text[stop] == ':')) return false;  // no value, or a second colon
      const char sign = text[first];
      const std::size_t n = stop - first - (sign == '-' || sign == '+');
      if (n - 1 >= 8) return false;  // not 1..8 bytes after the sign
      if (n == 1 && static_cast<unsigned char>(text[stop - 1] - '0') > 9) return false;  // ".", or not a number
      // The value's n bytes right-aligned in a word, '0's in front: one
      // load ending at the value when the line has 8 bytes there.
      pending[waiting] = (stop >= 8 ? word_ending_at(text + stop) & (~uint64_t{0} << (8 * (8 - n)))
                                    : detail::load_short(text + stop - n, n) << (8 * (8 - n))) |
                         detail::zeros_in_front(n);
      signs[waiting] = sign == '-' ? 0x80000000u : 0u;
      slots[waiting++] = static_cast<uint8_t>(count);
      block[count++].index =
          name_end == start ? ns_hash + anonymous++ : plain_name_hash(text, start, name_end, ns_hash);
      pos = stop;
    }
    if (count == kBlock && !flush()) return false;
  }
  return flush();
}

}  // namespace learner
