// The empirical-likelihood lower bound on a policy's value behind --cb_dro
// (VW 9.11's estimators::chi_squared, after Karampatziakis, Langford and
// Mineiro, "Empirical Likelihood for Contextual Bandits", 2020): a running,
// exponentially decayed (time constant tau) summary of importance weights w
// and rewards r, and the dual solution of the chi-squared-ball (Cressie-Read
// power 2) problem
//
//   min_Q E_Q[w r]  over reweightings Q of the samples (plus one fake sample
//   of weight wmin or wmax) with E_Q[w] = 1 and 2 x chi^2(Q, empirical) <=
//   the chi-squared(1 dof) quantile at confidence alpha.
//
// qfunc(w, r) is the optimal reweighting of a sample (w, r): 1 when the
// constraint does not bind, else -(gamma + (beta + r) w) / ((n + 1) kappa).
// Arithmetic is VW's (doubles, its polynomial fit of the chi-squared
// quantile, its candidate duals and tie rules), so --cb_dro's weights are
// VW's. The state is kept in model files (VW keeps none).
#pragma once

#include <limits>

namespace learner {

class ModelReader;
class ModelWriter;

struct ChiSquaredDuals {
  bool unbounded = false;
  double kappa = 0.0, gamma = 0.0, beta = 0.0, n = 0.0;
  // The optimal weight of a sample (w, r) (sign 1: lower bound, -1: upper).
  double qfunc(double w, double r, double sign) const {
    return unbounded ? 1.0 : -(gamma + (beta + sign * r) * w) / ((n + 1.0) * kappa);
  }
};

class ChiSquaredBound {
 public:
  ChiSquaredBound(double alpha, double tau, double wmin = 0.0, double wmax = std::numeric_limits<double>::infinity(),
                  double rmin = 0.0, double rmax = 1.0);
  // alpha in (0, 1], tau in (0, 1], wmin < 1 < wmax, wmin < wmax, rmin <= rmax.
  bool valid() const;
  // Adds a sample (ignored when w < 0).
  void update(double w, double r);
  // The optimal weight of (w, r) under the current duals (recomputed when stale).
  double qlb(double w, double r, double sign);
  // The decayed sample count.
  double effective_n() const { return n_; }
  // The lower bound on the value (the duals' score, clamped to [rmin, rmax]).
  double lower_bound();

  // VW's chi-squared(1 dof) inverse survival function (a fitted polynomial in log alpha and exp alpha).
  static double quantile(double alpha);

  void save(ModelWriter& out) const;
  void load(ModelReader& in);

 private:
  double phi() const;
  // The best dual candidate at reward r (sign: lower / upper bound): its score and duals.
  ChiSquaredDuals duals_at(double r, double sign, double phi, double& score) const;
  void recompute();

  double alpha_, tau_, wmin_, wmax_, rmin_, rmax_;
  double n_ = 0.0, sumw_ = 0.0, sumwsq_ = 0.0, sumwr_ = 0.0, sumwsqr_ = 0.0, sumwsqrsq_ = 0.0;
  double delta_;
  bool stale_ = true;
  double score_ = 0.0;
  ChiSquaredDuals duals_;
};

}  // namespace learner
