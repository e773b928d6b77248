// Loss functions and their importance-aware updates.
//
// A loss is small, pure and stateless. It never touches weights: the core
// builds the PredictionPath of one example and asks the loss for the final
// step t; the core then moves its weights to that t (docs/dyadic-update.md
// section 3; Karampatziakis & Langford, "Online Importance Weight Aware
// Updates", arXiv:1011.1576).
//
// Conventions shared by all losses:
//  * loss(p, y) is what the progress table reports; first_derivative is
//    dl/dp; the losses use VW's scaling (squared is (p-y)^2, not /2) so that
//    figures compare with VW's (docs/vw-compat.md section 3).
//  * update(path, y, h) returns t after importance weight h: the solution of
//    dt/dh = -g(path.at(t, h), y), t(0) = 0. Properties (tested):
//      safety      for losses with minimum_at_label(), p never passes the
//                  label (or the kink);
//      invariance  update(h1) then update(h2) (on the path re-based at the
//                  end of the first) equals update(h1 + h2);
//      descent     as h -> 0, t ~ -g(p0, y) * h.
//    On the linear path the closed forms reproduce VW's get_update() exactly
//    (so VW's reference predictions can be matched); other paths use the
//    exact piecewise closed forms or a 1-D adaptive ODE (src/loss/smooth.h).
//    Accuracy there (smooth losses): t to a relative 1e-8 by the Taylor
//    series of the squared family and of logistic (flow_series.h,
//    logistic_series.h) and by the ODE on a decaying path (mu > 0); 1e-10
//    by the other ODE forms. 1e-8 is a sixth of the float weights' half ulp
//    (2^-24 = 6e-8): a stored weight lies within about one ulp of the one
//    the exact flow gives, and invariance holds to that tolerance. With one
//    dyadic term the decaying stop (h_used < h) is located on the series to
//    2^-40 of a piece (src/loss/decay_stop.h), not by the ODE.
//    VW's quirks are kept on the linear path, where they break invariance:
//    classic is the plain step (it can overshoot the label); hinge with
//    |y| != 1 stops at p + y (1 - y p) instead of the kink 1/y; logistic with
//    y strictly inside (-1, 1) mixes the updates for +1 and -1. Poisson, as
//    VW, reports the deviance 2 (y log y - y p - y + e^p) but its derivatives
//    and update use g = e^p - y (half the deviance's derivative).
//  * plain_update(p, y, h) = -g(p, y) * h (the non-invariant step; classic
//    loss uses it for update() too, as VW does).
//  * update() and step() allocate nothing (they run once per example).
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>

#include "learner/loss/path.h"

namespace learner {

// The outcome of one update. h_used < h only on a decaying path (mu > 0,
// --dotproduct_l2) when the update stopped because p reached the label or the
// kink (the seed's rule: "stop updating when p = y"; smooth losses also stop
// within 1e-9 of the gap, or where the decay holds p within 1e-3 of the gap
// off p*, or give up after 5000 steps in a stiff regime); the core must then
// apply the decay e^{-mu h_used / 2} to the latent weights, not e^{-mu h / 2}.
// With mu = 0, h_used == h (or 0 when h <= 0).
struct UpdateStep {
  double t = 0.0;
  double h_used = 0.0;
};

// How a binary sub-problem of a reduction is coded for a loss: the two
// labels and the decision "positive when p > threshold".
struct BinaryCoding {
  double negative = -1.0;
  double positive = 1.0;
  double threshold = 0.0;
  double label(bool is_positive) const { return is_positive ? positive : negative; }
};

// A prediction range [min, max].
struct Range {
  double min = 0.0, max = 0.0;
};

// The minimiser over constants c of sum_y w_y loss(c, y): the weighted mean
// (squared), the weighted tau-quantile (pinball), the log-odds of the +-1
// labels (logistic), the majority sign (hinge, perceptron), the log of the
// mean (poisson), or a search between the smallest and largest label.
struct ConstantRule {
  enum class Kind : uint8_t { kSearch, kMean, kQuantile, kLogOdds, kMajoritySign, kLogMean };
  Kind kind = Kind::kSearch;
  double tau = 0.5;  // kQuantile
};

class Loss {
 public:
  virtual ~Loss() = default;
  virtual std::string_view name() const = 0;
  virtual double loss(double p, double y) const = 0;
  virtual double first_derivative(double p, double y) const = 0;
  virtual double second_derivative(double p, double y) const = 0;
  virtual double update(const PredictionPath& path, double y, double h) const = 0;
  // update() plus the importance actually consumed (see UpdateStep). Every
  // built-in loss overrides it and its update() returns step().t.
  virtual UpdateStep step(const PredictionPath& path, double y, double h) const {
    return {update(path, y, h), h > 0.0 ? h : 0.0};
  }
  // step(PredictionPath::linear(p0, q), y, h): the update of a model with no
  // dyadic term, asked for on every example; a loss may answer it without
  // building the path (the same bits).
  virtual UpdateStep affine_step(double p0, double q, double y, double h) const {
    return step(PredictionPath::linear(p0, q), y, h);
  }
  virtual double plain_update(double p, double y, double h) const { return -first_derivative(p, y) * h; }
  // g^2 used by the adaptive (AdaGrad) accumulators, per unit importance.
  virtual double square_grad(double p, double y) const {
    const double g = first_derivative(p, y);
    return g * g;
  }
  // True when the loss's minimum over p is at the label (squared, quantile,
  // absolute, expectile, classic): updates are then capped at p^-1(y) (except
  // classic's plain step on the linear path, as VW). Hinge and perceptron
  // stop at their kink (1/y, 0) too, and on non-affine paths poisson and
  // logistic with |y| < 1 stop at their stationary point (log y,
  // logit((y+1)/2)), although this returns false for them.
  virtual bool minimum_at_label() const { return false; }
  // True for the piecewise-linear losses (hinge, quantile, absolute,
  // perceptron): second_derivative() is 0 wherever it is defined, so it
  // cannot scale a step (the batch learners use a stand-in, batch_learner.h).
  virtual bool piecewise_linear() const { return false; }
  // The labels the loss is defined for: [label_min(), label_max()] (logistic
  // [-1, 1], poisson [0, inf); any label otherwise). The parser rejects
  // others (ParseOptions::label_domain).
  virtual double label_min() const { return -std::numeric_limits<double>::infinity(); }
  virtual double label_max() const { return std::numeric_limits<double>::infinity(); }
  // The clipping range predictions start with, before labels widen it (VW:
  // [0, 0]; [-50, 50] for losses on a log or logit scale).
  virtual Range initial_range() const { return {}; }
  // Labels and threshold of a reduction's binary sub-problems: -1/+1 and
  // p > 0, except where predictions are not on a -1..1 scale (poisson).
  virtual BinaryCoding binary_coding() const { return {}; }
  // How the constant that minimises the average loss of a label sample is
  // found (report/best_constant.h): in closed form where the loss has one,
  // else by a 1-D search.
  virtual ConstantRule constant_rule() const { return {}; }
  // True when a prediction is the log-odds of the label +1, so that
  // sigmoid(p) is a probability (logistic): --probabilities needs it.
  virtual bool predicts_log_odds() const { return false; }
  // Smallest importance weight that moves the prediction from path.at(0) to v
  // (design note section 4); +infinity when v is not reachable. The default
  // integrates dt / -g(p(t), y) numerically (rtol 1e-8) along the path at
  // h = 0 (a decaying path, mu > 0, is treated as if mu were 0).
  virtual double min_importance(const PredictionPath& path, double y, double v) const;
};

struct LossSpec {
  std::string name = "squared";  // squared|classic|logistic|hinge|quantile|absolute|perceptron|poisson|expectile
  double quantile_tau = 0.5;
  double expectile_q = 0.5;      // in (0, 0.5] as in VW
};

// Throws learner::UsageError for an unknown name or a parameter out of range.
std::unique_ptr<Loss> make_loss(const LossSpec& spec);

}  // namespace learner
