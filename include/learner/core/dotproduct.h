// The dyadic term of --dotproduct (design/dyadic-update.md).
//
// For a pair (a, b) every feature f of a namespace selected by a or b owns k
// latent weights V[f][0..k) plus one adaptive sum G_f, stored together in the
// latent table at the feature's slot (stride k + 1): changing --rank never
// needs new input. Per example
//
//   A = sum_{f in a} x_f V[f],  B = sum_{f in b} x_f V[f],
//   dyadic(p) = A.B - k s_a s_b,  s_a = sum_{f in a} x_f, s_b likewise,
//
// the "-k s_a s_b" offset being the +1 change of variables of the note (1):
// latent weights start at 1 + init_scale * u, u uniform in [-1, 1] from a
// hash of (slot, dimension, --random_seed), so the dyadic term starts at about
// 0 and A.B = a.b + a.1 + 1.b for one-hot namespaces.
//
// Update (note section 2): feature f's rate eta_f = eta_L / sqrt(G_f) with the
// adaptive rule (G_f += importance g^2 x_f^2 |other side|^2) or the global
// rate otherwise; rho_a = sum eta_f x_f^2, kappa = sqrt(rho_a rho_b),
// r = sqrt(rho_a / rho_b), and after the loss chooses t
//
//   A(t) = A0 cosh(kappa t) + r B0 sinh(kappa t),  B(t) = B0 cosh + A0/r sinh,
//   V[f] += eta_f x_f (A(t) - A0) / rho_a   (f in a; b likewise with B, rho_b),
//
// with cosh(x) - 1 evaluated as 2 sinh^2(x/2) (no cancellation). With
// --dotproduct_l2 lambda all latent features of the example share one rate
// eta = (rho_a + rho_b) / (sum_a x^2 + sum_b x^2) and every latent weight is
// multiplied by e^{-eta lambda h} (the path gets mu = 2 eta lambda).
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

  // Gathers the latent features of `ex` and returns the dyadic part of p.
  double predict(const Example& ex);
  // Accumulates adaptive sums for gradient g2 = importance * g^2 and adds
  // kappa, P, M, mu of the example to `path` (whose p_lin0 the caller then
  // sets so that p(0) = p_hat). `eta` is the base learning rate.
  void prepare(double g2, double importance, double eta, PredictionPath& path);
  // Moves the latent weights of the example to step t after importance h.
  void apply(double t, double importance);
  // Dyadic part at t = 0 of the example last prepared: (P - M) / 2.
  double offset() const { return dyadic0_; }

  WeightTable& latent() { return latent_; }
  const WeightTable& latent() const { return latent_; }
  unsigned rank() const { return rank_; }
  // Whether a namespace belongs to the left (0) / right (1) side, or -1.
  int side(const NamespaceSpan& ns) const;
  // Initial value of latent weight (slot, dim).
  float initial_value(std::size_t slot, unsigned dim) const;

 private:
  struct Term {
    uint32_t index;
    float x;
  };
  DotProductPair pair_;
  unsigned rank_;
  double l2_;
  double eta_scale_;  // --dotproduct_lr / -l ratio (1 when unset)
  bool adaptive_;
  double init_scale_;
  uint32_t seed_;
  WeightTable latent_;
  // Scratch of the example last predicted.
  std::vector<Term> terms_[2];
  std::vector<double> vec_[2];     // A0, B0
  std::vector<double> rate_[2];    // eta_f per term
  double sum_x_[2] = {0, 0}, sum_x2_[2] = {0, 0};
  double rho_[2] = {0, 0};
  double kappa_ = 0, r_ = 1, mu_ = 0, eta_shared_ = 0, dyadic0_ = 0;
  bool active_ = false;
};

}  // namespace learner
