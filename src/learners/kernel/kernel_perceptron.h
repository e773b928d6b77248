// The kernel perceptron (seed 002, "Kernel Perceptron") with one support set
// shared by all K sub-models and per-sub-model coefficients: a mistake on an
// example stores it once, however many classes' parts it corrects, and one
// kernel evaluation per support vector serves every class (predict_each
// computes them once per example and learn() on the same example reuses
// them), where K separate kernel perceptrons would evaluate K times.
//
//   f_c(x) = sum_j a_j[c] k'(x_j, x),   k'(x_j, x) = k(x_j, x) + x0_j x0
//   mistake (y p <= 0, p = base + sum_c s_c f_c(x), y = +1 if label > 0 else
//   -1):  a_new[c] += rate importance y s_c
// where x0 is the value of the constant feature (kConstantIndex) in x: the
// constant is taken out of the kernel and enters linearly (k' is a sum of
// kernels, so still a kernel). That is seed 002's bias, b_c = sum_j a_j[c]
// x0_j, carried by the support vectors: with a linear kernel this is exactly
// the primal perceptron with its constant feature; under --noconstant there
// is no bias; and evicting a vector removes its share of the bias, so a
// budgeted model stays the exact expansion over its support set (a bias
// kept apart would keep the share of every evicted mistake).
//
// Vectors: indices masked to -b bits, duplicates summed, sorted, zeros
// dropped; kept in one flat pool with their squared and L1 norms.
// Kernels: linear <x,x'>; poly (gamma <x,x'> + coef0)^degree;
// rbf exp(-gamma |x-x'|^2); laplacian exp(-gamma |x-x'|_1).
//
// Budget N > 0 bounds the support set. When it is full, a mistake first
// makes room, then inserts, by the policy (--budget_policy):
// "merge" (the default) replaces the vector m of smallest |a_m| (ties: of
// smallest averaged |a_bar_m|) and the partner n that changes the model
// least by one vector z = h x_m + (1-h) x_n with the coefficients'
// projection onto it (budget_merge.h: BSGD's merging, Wang, Crammer &
// Vucetic 2012); every kernel here allows it, as k(x_m, z), k(x_n, z) and
// k(z, z) follow from the pair's dot product, norms and distances. It
// costs one pass over the set per eviction (B - 1 pair geometries, the cost
// of one prediction), and keeps the accuracy where dropping loses it:
// pendigits (rbf, gamma 2, 3 passes, budget 250) 97.3% test against 77.7%
// with "oldest".
// "oldest" drops the earliest inserted (a sliding window over recent
// mistakes, the forgetron's choice); "smallest" drops
// argmin_j max_c |a_j[c]| (ties go to the oldest, so with unit steps, where
// every |a_j| is 1, it is "oldest" unless importance weights or repeated
// examples made coefficients differ). A loaded model with more than N
// vectors is cut to N by the same policy.
// An example identical to the one last seen (same features) adds to the
// vector it already inserted instead of inserting a copy.
//
// Averaging (averaging.h, the lazy sums of linear_learner.h on the
// coefficients): the average of f_1..f_T over the learn() calls so far,
// restricted to the support vectors still in the set. Exact while the
// budget is not reached. Once it is, "merge" merges the sums with the
// coefficients (the average goes through the same projection as the
// current model), so the average keeps the evicted vectors' share; pendigits
// as above: 97.8% averaged, and at least the plain model's accuracy at every
// budget of the benchmark's sweep (50..4000). The dropping policies take an evicted vector's
// share of the average with it; the survivors' averaged coefficients grow
// with their age and the bias they carry is that of a window of mistakes:
// 22.6% averaged there. Do not combine averaging with a dropping policy
// whose budget fills.
//
// Kernel values that are not finite (extreme --gamma, --coef0 or feature
// values: poly overflows) never reach the coefficients: an example with
// one is not learned from (counted as a dropped update), and a merge whose
// weights are not finite drops x_m instead.
//
// learn() recomputes p from the cached kernel values (exact and cheap)
// rather than trusting p_hat. write_text() writes per support vector j
// "sv<j>[c]:a_j[c]" (non-zero coefficients) and "sv<j>: index:value ...
// [constant:x0]" (masked indices; names are not used).
//
// Name in model files: "kernel"; sections "kernel.config" (the kernel and
// its parameters, checked on load), "kernel.support" and,
// with state when averaged, "kernel.average" (version 1). Without state an
// averaged model holds the average. Reported loss: "perceptron".
#pragma once

#include "learner/plugin.h"

#include <cstdint>
#include <memory>
#include <string>

#include "learner/learner.h"
#include "learner/learners/averaging.h"

namespace learner {

enum class KernelKind : uint8_t { kLinear, kPoly, kRbf, kLaplacian };
enum class Eviction : uint8_t { kOldest, kSmallest, kMerge };

struct KernelConfig {
  uint32_t bits = 18;        // -b: feature indices are masked to bits
  uint32_t sub_models = 1;   // K
  KernelKind kernel = KernelKind::kRbf;
  int degree = 2;            // --degree (poly), >= 1
  double coef0 = 1.0;        // --coef0 (poly)
  double gamma = 1.0;        // --gamma (poly, rbf, laplacian), > 0
  double rate = 1.0;         // -l
  uint64_t budget = 0;       // --budget: max support vectors, 0 = unbounded
  Eviction eviction = Eviction::kMerge;
  bool averaged = false;     // --averaged
};

// "linear|poly|rbf|laplacian" and "merge|oldest|smallest"; throw learner::Error
// for other names.
KernelKind parse_kernel(const std::string& name);
Eviction parse_eviction(const std::string& name);
const char* eviction_name(Eviction e);

class KernelLearner : public Learner, public Averaging {
 public:
  bool classifier() const override { return true; }
  Averaging* averaging_interface() override { return this; }
  // Kernel evaluations so far (for the report: evaluations per example).
  virtual uint64_t kernel_evaluations() const = 0;
  virtual uint64_t support_size() const = 0;
  virtual uint64_t updates() const = 0;  // mistakes that changed the model
};

// Throws learner::Error for bits outside 1..32, sub_models 0, degree outside
// 1..kMaxDegree, gamma outside (0, kMaxGamma], |coef0| > kMaxCoef0, rate not
// finite and positive.
inline constexpr int kMaxDegree = 64;
inline constexpr double kMaxGamma = 1e6, kMaxCoef0 = 1e6;
std::unique_ptr<KernelLearner> make_kernel_perceptron(const KernelConfig& config);

// Its command-line plug-in (plugin.h): --kernel KIND and its settings.

}  // namespace learner
