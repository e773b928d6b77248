// Private to src/learners: the class scores of one example over a table
// whose K sub-models are interleaved (VW's layout: slot (h K + c) & mask, so
// a feature's K weights are one row, except where the row wraps at the
// table's end).
//
// add_row_scores: out[c] += sum over x of f.value * w[(f.index K + c) & mask]
// for c < K; features outer, classes inner; each product in float, each sum
// in double, in the order of x. K = 2..16 have fixed loops in vector types,
// built for the baseline (SSE2) and, where the CPU has it, AVX2, chosen at
// run time; neither uses FMA, so every K gives bit for bit the scalar loop's
// sums. LEARNER_NO_AVX2 in the environment forces the baseline (a test runs
// both and compares them).
#pragma once

#include <cstdint>
#include <vector>

#include "learner/example.h"

namespace learner::detail {

void add_row_scores(const float* weights, uint64_t mask, uint32_t k, const std::vector<Feature>& x, double* out);

}  // namespace learner::detail
