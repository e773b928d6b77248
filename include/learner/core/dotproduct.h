// The dyadic terms of --dotproduct (design/dyadic-update.md).
//
// For a pair (a, b) every feature f of a namespace selected by a or b owns k
// latent weights V[f][0..k) plus one adaptive sum G_f, stored together in the
// latent table at the feature's slot (stride k + 1): changing --rank never
// needs new input. Per example and pair
//
//   A = sum_{f in a} x_f V[f],  B = sum_{f in b} x_f V[f],
//   dyadic = A.B - k s_a s_b,  s_a = sum_{f in a} x_f, s_b likewise,
//
// the "-k s_a s_b" offset being the +1 change of variables of the note (1):
// latent weights start at 1 + init_scale * u, u uniform in [-1, 1] from a
// hash of (slot, dimension, --random_seed), so the dyadic term starts near 0
// and A.B - k = a.b + a.1 + 1.b for one-hot namespaces.
//
// Several pairs (--dotproduct repeated) must use disjoint namespaces, so each
// pair keeps its own closed-form path and the prediction path is their sum.
// A reduction's sub-model ("component": weights at index + offset, entering p
// with sign +1 or -1) has its own latent vectors; a component with sign -1
// moves along -t, i.e. its term enters the path with P and M swapped.
//
// Update (note section 2): feature f's rate eta_f = eta_L / sqrt(G_f) with
// the adaptive rule (G_f += importance g^2 x_f^2 |other side|^2; kept in every
// mode, so G_f > 0 marks a trained feature) or eta_L otherwise;
// rho_a = sum eta_f x_f^2, kappa = sqrt(rho_a rho_b), r = sqrt(rho_a / rho_b),
// and after the loss chooses t (s = sign * t)
//
//   A(s) = A0 cosh(kappa s) + r B0 sinh(kappa s),  B(s) = B0 cosh + A0/r sinh,
//   V[f] += eta_f x_f (A(s) - A0) / rho_a   (f in a; b likewise with B, rho_b),
//
// with sinh(x) and cosh(x) - 1 both from m = expm1(x) (no cancellation). With
// --dotproduct_l2 lambda all latent features of the example share one rate
// eta = (sum rho) / (sum x^2) and every latent weight touched is multiplied
// by e^{-eta lambda h} (the path gets mu = 2 eta lambda).
#pragma once

#include <cstdint>
#include <vector>

#include "learner/core/config.h"
#include "learner/core/weight_table.h"
#include "learner/example.h"
#include "learner/loss/path.h"

namespace learner {

class DotProduct {
 public:
  explicit DotProduct(const CoreConfig& config);  // throws UsageError for bad pairs

  // Starts a new example: forgets the terms gathered so far.
  void reset() { used_ = 0; }
  // Asks the memory system for the latent slots `ex` will use (a hint; the
  // learning loop calls it for the example after the current one).
  void prefetch(const Example& ex) const;
  // Gathers the latent features of `ex` for one component (weights at index
  // + offset, sign +1/-1) and returns its signed dyadic part of p.
  double gather(const Example& ex, uint32_t offset, double sign);
  // Accumulates adaptive sums for g2 = importance * g^2 and adds every
  // gathered term (kappa, P, M, mu) to `path`. Returns the dyadic part at
  // t = 0, sum of sign A0.B0, which the caller subtracts from p_lin0.
  double prepare(double g2, double eta, PredictionPath& path);
  // With false, prepare() computes rates as if the adaptive sums had grown
  // but writes nothing (what-if paths for active learning).
  void set_accumulate(bool on) { accumulate_ = on; }
  // Moves the latent weights gathered to step t after importance h.
  void apply(double t, double importance);

  WeightTable& latent() { return latent_; }
  const WeightTable& latent() const { return latent_; }
  unsigned rank() const { return rank_; }
  // Which pair and side (0 left, 1 right) a namespace belongs to, or -1.
  int side(const NamespaceSpan& ns, std::size_t pair) const;
  int side(const NamespaceSpan& ns) const;  // any pair
  float initial_value(std::size_t slot, unsigned dim) const;

 private:
  struct Term {
    uint32_t index;
    float x;
  };
  // One (component, pair) of the current example.
  struct State {
    double sign = 1.0;
    std::vector<Term> terms[2];
    std::vector<double> vec[2];   // A0, B0
    std::vector<double> rate[2];  // eta_f per term
    double sum_x[2] = {0, 0}, sum_x2[2] = {0, 0}, rho[2] = {0, 0};
    double kappa = 0, r = 1;
    bool active = false;
  };

  std::vector<DotProductPair> pairs_;
  unsigned rank_;
  double l2_;
  double eta_scale_;  // --dotproduct_lr / -l (1 when unset)
  bool adaptive_;
  double init_scale_;
  uint32_t seed_;
  WeightTable latent_;
  std::vector<State> states_;  // reused across examples
  std::size_t used_ = 0;
  double mu_ = 0;
  bool accumulate_ = true;
};

}  // namespace learner
