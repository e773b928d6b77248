// The structured (Crammer-Singer style) multiclass SVM of seed 001 with the
// cost weights v fixed (objective 1 without learning v; issue 14 scope 1),
// as a Learner over K sub-models, trained with diagonal AdaGrad whose L1 and
// L2 terms are handled by composite mirror descent (COMID; Duchi, Hazan &
// Singer, JMLR 2011, section 5.1 "diagonal matrices", the closed-form
// composite step), with the regulariser of idle coordinates applied lazily.
//
// How a reduction drives it (the MIRA protocol of learner.h): for an example
// with truth y it calls predict_each() over the K classes for the scores s_k
// (s_k = w_k.x, the constant feature's weight being the class bias b_k), finds
// the loss-augmented argmax k* with costs c_k (struct_hinge.h), and calls
// learn() with parts {y: +1, k*: -1}, label = c_{k*} (the required margin)
// and p_hat = s_y - s_{k*}; when k* = y, parts {y: +1, y: -1} and label 0
// (no loss, but the step still counts: see below). With one part it is a
// binary SVM: y = +1 if label > 0 else -1, required margin 1.
//
// Per learn() call t (importance a > 0), with p the parts' signed sum and
// margin m = y p against the required margin l:
//     loss  f_t(w) = a max(0, l - m) + lambda_1 |w'|_1 + lambda_2 |w'|_2^2,
// w' being every weight except the constant feature's (the biases b are not
// regularised, as in objective 1). So lambda_1 and lambda_2 are per example:
// the seed's lambda over N examples is N times ours.
// The hinge's gradient is G = -a y g with g = sum_c s_c x at sub-model c (the
// signed sum's gradient, merged per slot) when m < l, else 0. Per slot i:
//     S_i += G_i^2,  h_i = sqrt(S_i)     (AdaGrad's diagonal, no delta: a slot
//                                         with S_i = 0 has never moved and is 0)
//     z_i = h_i w_i - eta G_i
//     w_i <- sign(z_i) max(0, |z_i| - eta lambda_1) / (h_i + 2 eta lambda_2)
// (the minimiser over w of eta G.w + eta psi(w) + (1/2)(w - w_t)' H (w - w_t),
// psi = lambda_1 |w|_1 + lambda_2 |w|^2; the constant feature's slots use
// lambda = 0). A slot outside the example has G_i = 0 and still takes the
// step: w <- sign(w) max(0, a |w| - c) with a = h / (h + 2 eta lambda_2),
// c = eta lambda_1 / (h + 2 eta lambda_2). Iterated k times this is
//     w_k = sign(w) max(0, a^k |w| - c (1 - a^k) / (1 - a))   (c k when a = 1),
// exact because the iterates shrink monotonically and 0 is a fixed point. The
// learner keeps each slot's last step and applies the k skipped steps when
// the slot is next read or written (lazy truncation), so a step costs
// O(features x parts), and the result equals the eager update of every slot.
//
// Layout: feature h of class k at slot (h K + k) & (2^bits - 1), as the other
// linear learners (linear_learner.h).
//
// Weights and S are doubles (the lazy steps are then exact to rounding).
//
// Model file: name "struct_svm"; sections, version 1: "struct_svm.config"
// (bits, K, whether state follows), "struct_svm.weights" (u64 n, n doubles:
// without state the weights with every pending step applied, with state the
// stored weights as they are) and, with state, "struct_svm.adagrad" (the step
// count; u64 n, n doubles of S; u64 n, n u64 last steps), so that training
// resumes exactly. eta and the
// lambdas are options (the CLI stores them). A model loaded without state
// resumes with S = 0 and step 0: a slot is regularised again from its next
// update on. Reported loss: "hinge".
#pragma once

#include <cstdint>
#include <memory>

#include "learner/learner.h"

namespace learner {

struct StructSvmConfig {
  uint32_t bits = 18;      // -b
  uint32_t classes = 2;    // K, the sub-models
  double rate = 0.5;       // eta (-l), finite > 0
  double l1 = 0.0;         // lambda_1 >= 0, per example
  double l2 = 0.0;         // lambda_2 >= 0, per example
};

class StructSvm : public Learner {
 public:
  // learn() calls that moved the weights.
  virtual uint64_t updates() const = 0;
  // learn() calls so far (the steps of the lazy regulariser).
  virtual uint64_t steps() const = 0;
};

// Throws learner::Error for bits outside 1..32, classes 0, a rate that is not
// finite and positive, or lambda_1, lambda_2 negative or not finite.
std::unique_ptr<StructSvm> make_struct_svm(const StructSvmConfig& config);

}  // namespace learner
