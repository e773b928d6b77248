// Averaging a flat weight table across the ranks of an --allreduce group
// (parallel/allreduce.h), the rule of Vowpal Wabbit's allreduce mode
// (accumulate_weighted_avg; Agarwal, Chapelle, Dudik & Langford, JMLR 2014,
// section 3.2: "the adaptive sums make a natural weight for averaging"):
//
//   slot i of rank r holds the values v_r[0..stride), one of them (index g)
//   the adaptive sum G_r >= 0. With S = sum_r G_r > 0 every value becomes
//   sum_r (G_r / S) v_r: a rank that saw a feature often (or with large
//   gradients) carries it, a rank that never saw it (G_r = 0) does not drag
//   it back towards its start. G itself becomes sum_r G_r^2 / S (VW's "crude
//   max"). With S = 0, or without an adaptive sum (g < 0), the plain mean.
//
// Contract: a collective (every rank calls it with the same table shape);
// afterwards every rank holds the same bits. A group of one changes nothing.
// Memory: a double scratch of at most kAverageChunk slots, whatever the table.
#pragma once

#include <cstddef>

#include "learner/parallel/allreduce.h"

namespace learner {

inline constexpr std::size_t kAverageChunk = std::size_t{1} << 16;  // slots per collective

// `data`: `slots` x `stride` floats; `g`: the index of the adaptive sum in a
// slot, or -1 for the plain mean of every value.
void average_table(AllReduce& group, float* data, std::size_t slots, unsigned stride, int g);

// The plain mean of `n` doubles (the averaged perceptron's sums).
void average_values(AllReduce& group, double* data, std::size_t n);

}  // namespace learner
