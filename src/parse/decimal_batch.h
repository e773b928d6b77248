// Short decimals read a batch at a time (private to the parse stage): the
// plain-namespace walk (plain_features.h) gathers its features' values as
// words and reads them together, four at a time with AVX2 where the CPU has
// it (checked at run time), one at a time with short_decimal_word elsewhere.
// The same values either way: the digits' integer, one IEEE division by a
// power of ten (Clinger's exact case), narrowed to float: strtod's value.
#pragma once

#include <cstddef>
#include <cstdint>

namespace learner {

// words[i] holds a value's 1..8 bytes (after its sign) right-aligned, first
// byte lowest, '0' bytes in front (number_inline.h short_decimal_word); a
// one-byte value must be a digit (the caller checks: "." alone is no
// number). signs[i] is 0x80000000 for a '-', else 0. Writes count floats to
// `values` and returns true when every word is digits with at most one '.';
// false otherwise (values then undefined). `count` is a multiple of 4.
bool read_decimal_batch(const uint64_t* words, const uint32_t* signs, std::size_t count, float* values);
// The same one word at a time (short_decimal_word): the path without AVX2,
// public for the tests that compare the two.
bool read_decimal_batch_portable(const uint64_t* words, const uint32_t* signs, std::size_t count, float* values);

}  // namespace learner
