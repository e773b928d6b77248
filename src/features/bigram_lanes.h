// The grams of --ngram 2 (a bigram or skip-gram of one gap), written as
// add_ngrams writes them (text_generate.cc): out[i] = {1.0f,
// in[i].index * kQuadraticConstant + in[i + gap].index} for i < grams, 32-bit
// wrapping arithmetic. Eight grams a step with AVX2 where the CPU has it
// (run-time check; the baseline x86-64 build has no 32-bit vector multiply),
// the rest one at a time: the same bytes either way. `in` [0, grams + gap)
// and `out` [0, grams) must not overlap.
#pragma once

#include <cstdint>

#include "learner/example.h"

namespace learner {

void write_bigrams(const Feature* in, uint32_t gap, uint32_t grams, Feature* out);
// The one-at-a-time loop alone (the reference the tests compare with).
void write_bigrams_portable(const Feature* in, uint32_t gap, uint32_t grams, Feature* out);

}  // namespace learner
