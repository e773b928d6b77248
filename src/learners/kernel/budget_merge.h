// Private to src/learners: the kernel perceptron's eviction by merging two
// support vectors (--budget_policy merge; Wang, Crammer & Vucetic 2012,
// "Breaking the curse of kernelization: budgeted stochastic gradient
// descent", BSGD's merging), here with a coefficient vector a_j in R^K per
// support vector and with the bias term of kernel_perceptron.h.
//
// m is the vector with the smallest |a_m|; among equals (with unit steps
// most are +-1), the one the average has weighed least, smallest
// |a_bar_m| (then the oldest), so the average loses least. Its partner n
// and the point z = h x_m + (1-h) x_n, h in [0, 1], minimise the change of
// the model in the kernel's feature space,
//   E = | a_m phi(x_m) + a_n phi(x_n) - a_z phi(z) |^2,
// whose best a_z for a given z is the projection
//   a_z = (a_m k(x_m, z) + a_n k(x_n, z)) / k(z, z),
// so  E(h) = A k_mm + B k_nn + 2 C k_mn - (A k_mz^2 + 2 C k_mz k_nz + B k_nz^2) / k_zz
// with A = |a_m|^2, B = |a_n|^2, C = <a_m, a_n>. The kernel values along the
// segment follow from the pair's |x_m|^2, |x_n|^2, <x_m, x_n> and
// |x_m - x_n|_1 alone (z - x_m = (1-h)(x_n - x_m)), so z is built only once
// chosen. Dropping x_m instead changes the model by A k_mm; h = 0 (z = x_n,
// x_m's part projected onto x_n) changes it by A (k_mm - k_mn^2 / k_nn),
// never more, and the search includes h = 0.
//
// Cost of one eviction: one pass over the other B - 1 vectors, each a sparse
// dot product (an L1 distance for laplacian), O(K) for <a_m, a_n>, |a_n|^2
// and |a_bar_n|^2, and E at h = 0 and at one guess
// h0 = (A + C) / (A + B + 2 C) (three kernel values each); the kRefine best
// by that get a golden-section search for h (kIterations evaluations of E). So O(B (nnz + K)), the order
// of one prediction, plus a constant. Measured (callgrind, pendigits, 3000
// examples, --oaa 10, rbf, budget 50): about 93,000 instructions a merge,
// two examples' worth (47,000 instructions an example with "oldest").
//
// The averaged model (a_bar = a - u / T, support_set.h) goes through the
// same linear map: the sums u merge with the coefficients, so
// a_bar_z = (a_bar_m k_mz + a_bar_n k_nz) / k_zz, the best representation of
// a_bar_m phi_m + a_bar_n phi_n on phi(z), and z goes on averaging as m and n
// would have (a_bar_z(T') = wm a_bar_m(T') + wn a_bar_n(T')). A merge whose
// weights or coefficients would not be finite drops x_m instead.
//
// Not done: choosing h for the average too. Requiring that each merge change
// the average by at most dropping x_m from it (|a_bar_m|^2 k_mm) binds when
// x_m is young (a_bar_m near 0) and all but forbids moving x_n; measured on
// a validation cut of pendigits (rbf, gamma 2, 3 passes; m's ties then
// broken by age only) the averaged model fell from 98.1% to 96.7% at budget
// 50 and from 99.3% to 98.5% at 100, below the plain model's 97.6% and 98.7%.
#pragma once

#include <cstdint>

#include "sparse.h"
#include "support_set.h"

namespace learner::detail {

struct MergePlan {
  uint64_t m = 0;
  bool merge = false;   // false: drop m
  uint64_t n = 0;       // the partner
  double h = 0.0;       // z = h x_m + (1 - h) x_n
  double wm = 0.0, wn = 0.0;  // a_z = wm a_m + wn a_n (and the sums alike)
  uint64_t evaluations = 0;   // pair geometries computed (each costs a kernel evaluation)
};

// The merge for evicting one vector of s (size >= 1). steps: the
// averaging's T (support_set.h; the sums are kept with or without
// --averaged), for the tie-break on |a_bar_m|.
MergePlan plan_merge(const SupportSet& s, const KernelFunction& k, double steps);

}  // namespace learner::detail
