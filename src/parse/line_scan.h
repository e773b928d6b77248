// The vectorised scan of one VW text line (private to the parse stage): one
// pass over the line marks its separators in bitmaps, 64 bytes a word (bit i
// of word w is byte 64 w + i), and the parser then walks tokens with bit
// operations instead of testing every byte: the end of a token is the next
// set bit of `blank`, its first ':' the next set bit of `colon` before it, a
// namespace the text up to the next set bit of `bar`.
//
// The scan runs 16 bytes a step with SSE2 (part of every x86-64) and byte by
// byte elsewhere; it reads only the line's own bytes (a last, partial chunk
// is read as the 16 bytes that end the line, or from a blank-padded copy
// when the line is shorter than 16 bytes). Bits past the line's end are
// clear in every bitmap but `stop`, which marks blanks, bars and the line's
// end (bit size()): a token's end is found with no bound to check.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace learner {

class LineScan {
 public:
  // Marks the blanks (space, tab), colons and bars of `line`, and notes
  // whether it holds a control byte (below 0x20 other than tab, or 0x7f). The
  // bitmaps are reused from line to line: no allocation once they fit the
  // longest line.
  void scan(std::string_view line);

  std::size_t size() const { return size_; }
  bool has_control() const { return control_; }
  // The first blank / colon / bar at or after `pos` and before `limit`
  // (limit <= size()), else `limit`.
  std::size_t next_blank(std::size_t pos, std::size_t limit) const { return next<&Word::blank, 0>(pos, limit); }
  std::size_t next_colon(std::size_t pos, std::size_t limit) const { return next<&Word::colon, 0>(pos, limit); }
  std::size_t next_bar(std::size_t pos, std::size_t limit) const { return next<&Word::bar, 0>(pos, limit); }
  // The first byte at or after `pos` (before `limit`) that is not a blank, else `limit`.
  std::size_t skip_blanks(std::size_t pos, std::size_t limit) const { return next<&Word::blank, ~0ull>(pos, limit); }
  // The first blank, bar or the line's end (size()) at or after pos <= size():
  // where a token that starts before it ends.
  std::size_t token_end(std::size_t pos) const { return first_set<false>(pos); }
  // The same or the first colon, whichever comes first: where a feature's name ends.
  std::size_t name_end(std::size_t pos) const { return first_set<true>(pos); }

 public:
  struct Word {
    uint64_t blank, colon, bar, stop;  // stop: blank | bar | the bit of the line's end
  };
  // The bitmaps, size() / 64 + 1 words (for walks that keep a word in a register).
  const Word* words() const { return words_.data(); }

 private:

  // The first bit at or after pos set in stop (or colon too, kColon); the
  // end's bit ends the search.
  template <bool kColon>
  std::size_t first_set(std::size_t pos) const {
    std::size_t w = pos >> 6;
    uint64_t m = (words_[w].stop | (kColon ? words_[w].colon : 0)) >> (pos & 63);
    if (m != 0) return pos + static_cast<std::size_t>(__builtin_ctzll(m));
    do {
      ++w;
      m = words_[w].stop | (kColon ? words_[w].colon : 0);
    } while (m == 0);
    return (w << 6) + static_cast<std::size_t>(__builtin_ctzll(m));
  }

  // The first bit at or after pos (before limit) set in (word.*kField ^ kFlip).
  template <uint64_t Word::*kField, uint64_t kFlip>
  std::size_t next(std::size_t pos, std::size_t limit) const {
    if (pos >= limit) return limit;
    std::size_t w = pos >> 6;
    const uint64_t m = ((words_[w].*kField) ^ kFlip) >> (pos & 63);
    if (m != 0) return std::min(pos + static_cast<std::size_t>(__builtin_ctzll(m)), limit);
    for (++w; (w << 6) < limit; ++w) {
      const uint64_t later = (words_[w].*kField) ^ kFlip;
      if (later != 0) return std::min((w << 6) + static_cast<std::size_t>(__builtin_ctzll(later)), limit);
    }
    return limit;
  }

  std::vector<Word> words_;
  std::size_t size_ = 0;
  bool control_ = false;
};

}  // namespace learner
