// The prediction path: how the prediction p moves with the step t of one
// importance-aware update (docs/dyadic-update.md sections 2-3).
//
// With g = dl/dp and t(h) = -integral_0^h g dh', every model this project
// trains moves its prediction along
//
//     p(t, h) = p_lin0 + q t + e^{-mu h} (P e^{2 kappa t} - M e^{-2 kappa t}) / 2
//
//  * linear model (VW's default update): kappa = P = M = mu = 0, q = eta * H
//    where H is VW's sensitivity ("pred_per_update") and eta the learning
//    rate; the weights then move by w_i += eta * t * (per-feature factor).
//  * dyadic model p = w.x + A.B: q = sum eta_i x_i^2 over linear features,
//    kappa = sqrt(rho_a rho_b), P = |A0/sqrt(r) + sqrt(r) B0|^2 / 2,
//    M = |A0/sqrt(r) - sqrt(r) B0|^2 / 2 computed from the vectors (never as
//    d + c, d - c), and p_lin0 = p0 - (P - M)/2 so that p(0, 0) = p0.
//  * mu = 2 eta lambda with --dotproduct_l2 lambda (decay of the dyadic part).
//
// q >= 0, P >= 0, M >= 0, kappa >= 0, so for mu = 0, p is non-decreasing in t
// (dp/dt >= q). That is what makes p^-1 well defined.
#pragma once

#include <stdexcept>

namespace learner {

struct PredictionPath {
  // Further dyadic terms (several --dotproduct pairs, or a reduction's
  // difference of two dyadic scores): p gains
  // e^{-mu h} (P_j e^{2 kappa_j t} - M_j e^{-2 kappa_j t}) / 2 for each.
  // Each term is non-decreasing in t, so p stays monotone.
  // Only extra[0, n_extra) is ever read, so a new path leaves the rest
  // unset (zeroing all 15 cost ~60 instructions an example on the dyadic
  // learner's thread).
  struct Term {
    double kappa, P, M;
  };
  // Including the first (kappa, P, M). Fixed storage, so a path is a plain
  // value (no allocation per example); 16 covers 8 --dotproduct pairs under
  // a two-component reduction (scoring filter tree). DotProduct refuses
  // configurations that could need more (kMaxDotProductPairs), and
  // add_term() throws std::length_error rather than drop a term.
  static constexpr int kMaxTerms = 16;

  double p_lin0 = 0.0;
  double q = 0.0;
  double kappa = 0.0;
  double P = 0.0;
  double M = 0.0;
  double mu = 0.0;
  Term extra[kMaxTerms - 1];
  int n_extra = 0;
  bool has_extra() const { return n_extra > 0; }
  // Adds a dyadic term: the first fills (kappa, P, M), later ones `extra`.
  void add_term(double k, double p, double m) {
    if (kappa == 0.0 && P == 0.0 && M == 0.0) {
      kappa = k;
      P = p;
      M = m;
    } else if (n_extra < kMaxTerms - 1) {
      extra[n_extra++] = Term{k, p, m};
    } else {
      throw std::length_error("PredictionPath: more than kMaxTerms dyadic terms");
    }
  }

  static PredictionPath linear(double p0, double q) {
    PredictionPath path;
    path.p_lin0 = p0;
    path.q = q;
    return path;
  }
  bool is_linear() const { return mu == 0.0 && !has_extra() && (kappa == 0.0 || (P == 0.0 && M == 0.0)); }

  // p at step t after importance h (h only matters when mu > 0).
  double at(double t, double h = 0.0) const;
  // dp/dt at (t, h).
  double slope(double t, double h = 0.0) const;
  // For mu = 0: the t with p(t) = target, found by Newton with backtracking
  // from the linearisation, bracketed, iteration-capped. Returns +/-kMaxStep
  // (never inf or NaN) when the target is out of reach within that cap.
  // The result is on the near side: at(t) never passes the target as seen
  // from at(0) (safety caps rely on it). A decaying path is inverted at h = 0.
  double inverse(double target) const;
  // inverse(target) of linear(p0, q) (of any path with p_lin0 = p0, slope q
  // and no dyadic term, P = M = 0), to the last bit, without building a
  // path: the losses' closed forms cap their steps with it on every update.
  static double affine_inverse(double p0, double q, double target);

  // Added for the numerical updates (not part of the original contract):
  // p(t_ref + dt, h) - p(t_ref, h) without cancellation when dt is small
  // (expm1 instead of a difference of two nearly equal exponentials).
  double change(double t_ref, double dt, double h = 0.0) const;
  // |p_lin0| + |q t| + the two dyadic terms: the scale of the rounding error of at(t, h).
  double magnitude(double t, double h = 0.0) const;
  // True when p is affine in t and independent of h (no dyadic term moves):
  // the linear closed forms apply with p0 = at(0).
  bool is_affine() const { return is_linear() || (!has_extra() && P == 0.0 && M == 0.0); }

  // |t| never exceeds this in well-scaled units; documented cap for the
  // near-hyperdiagonal case (x ~ 0 and A0 ~ -B0) where p^-1 would need an
  // enormous step. A loss's step() measures it in units where dp/dt(0) = 1
  // when that slope is below 1e-4 (src/loss/rescale.h: a huge importance
  // weight makes it tiny), so |t| <= kMaxStep / slope there.
  static constexpr double kMaxStep = 1e6;
  // at() and slope() saturate at +/-kHuge instead of overflowing (each
  // exponential term is capped), so nothing downstream sees inf or NaN.
  static constexpr double kHuge = 1e300;
};

}  // namespace learner
