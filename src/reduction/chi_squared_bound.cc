#include "chi_squared_bound.h"

#include <algorithm>
#include <cmath>

#include "learner/model/model_file.h"

namespace learner {

namespace {

// VW's isclose: |x - y| <= atol + 1e-5 |y|.
bool chi_squared_close(double x, double y, double atol = 1e-8) { return std::abs(x - y) <= atol + 1e-5 * std::abs(y); }

constexpr double kChiInfinity = std::numeric_limits<double>::infinity();

// The tail both of VW's candidate formulas (infinite or finite fake weight)
// share: no candidate unless z <= 0 and y z >= 0 (y z within 1e-9 of 0 counts
// as y = 0); kappa = sqrt(y / (2 z)); kappa close to 0 gives the unbounded
// duals with score `sign_r`, else the score x - sqrt(2 y z) with duals kappa,
// n and the gamma, beta that `fill(duals)` sets from them.
template <class Consider, class Fill>
void chi_squared_candidate(double x, double y, double z, double sign_r, double n, Consider& consider, Fill fill) {
  if (chi_squared_close(y * z, 0.0, 1e-9)) y = 0.0;
  if (!(z <= 0.0 && y * z >= 0.0)) return;
  const double kappa = std::sqrt(y / (2.0 * z));
  ChiSquaredDuals d;
  d.n = n;
  if (chi_squared_close(kappa, 0.0)) {
    d.unbounded = true;
    consider(sign_r, d);
    return;
  }
  d.kappa = kappa;
  fill(d);
  consider(x - std::sqrt(2.0 * y * z), d);
}

}  // namespace

double ChiSquaredBound::quantile(double alpha) {
  // VW's least-squares fit of the chi-squared(1) quantile at 1 - alpha on
  // log(alpha)^1..8 and exp(alpha)^1..8.
  static constexpr double kIntercept = -1.73754;
  static constexpr double kLog[8] = {-1.40684,     0.0758363, 0.00726577, 0.000468688,
                                     0.0000214395, 1.0643e-6, 6.43011e-8, 2.0475e-9};
  static constexpr double kExp[8] = {1.16356,    -0.575446,  0.329796,   -0.136076,
                                     0.0396764,  -0.00763232, 0.00087113, -0.0000445128};
  const double l = std::log(alpha), e = std::exp(alpha);
  double lp = l, ep = e, q = kIntercept;
  for (int i = 0; i < 8; ++i) {
    q += kLog[i] * lp;
    q += kExp[i] * ep;
    lp *= l;
    ep *= e;
  }
  return q;
}

ChiSquaredBound::ChiSquaredBound(double alpha, double tau, double wmin, double wmax, double rmin, double rmax)
    : alpha_(alpha), tau_(tau), wmin_(wmin), wmax_(wmax), rmin_(rmin), rmax_(rmax), delta_(quantile(alpha)) {}

bool ChiSquaredBound::valid() const {
  return alpha_ > 0.0 && alpha_ <= 1.0 && tau_ > 0.0 && tau_ <= 1.0 && wmin_ < wmax_ && wmin_ < 1.0 && wmax_ > 1.0 &&
         rmin_ <= rmax_;
}

void ChiSquaredBound::update(double w, double r) {
  if (!(w >= 0.0)) return;
  n_ = tau_ * n_ + 1.0;
  sumw_ = tau_ * sumw_ + w;
  sumwsq_ = tau_ * sumwsq_ + w * w;
  sumwr_ = tau_ * sumwr_ + w * r;
  sumwsqr_ = tau_ * sumwsqr_ + w * w * r;
  sumwsqrsq_ = tau_ * sumwsqrsq_ + w * w * r * r;
  rmin_ = std::min(rmin_, r);
  rmax_ = std::max(rmax_, r);
  wmin_ = std::min(wmin_, w);
  wmax_ = std::max(wmax_, w);
  stale_ = true;
}

double ChiSquaredBound::phi() const {
  const double wfake = sumw_ < n_ ? wmax_ : wmin_;
  double g;
  if (wfake == kChiInfinity) {
    g = 1.0 + 1.0 / n_;
  } else {
    const double a = (wfake + sumw_) / (1.0 + n_);
    const double b = (wfake * wfake + sumwsq_) / (1.0 + n_);
    g = (n_ + 1.0) * (a - 1.0) * (a - 1.0) / (b - a * a);
  }
  return (-g - delta_) / (2.0 * (n_ + 1.0));
}

ChiSquaredDuals ChiSquaredBound::duals_at(double r, double sign, double phi, double& score) const {
  if (n_ <= 0.0) {
    score = r;
    ChiSquaredDuals d;
    d.unbounded = true;
    return d;
  }
  bool found = false;
  ChiSquaredDuals best;
  double best_score = 0.0;
  // A candidate replaces the best only when strictly lower (VW's min_element: the first of equals).
  auto consider = [&](double s, const ChiSquaredDuals& d) {
    if (!found || s < best_score) {
      best_score = s;
      best = d;
      found = true;
    }
  };
  for (const double wfake : {wmin_, wmax_}) {
    if (wfake == kChiInfinity) {
      const double x = sign * (r + (sumwr_ - sumw_ * r) / n_);
      const double y = (r * sumw_ - sumwr_) * (r * sumw_ - sumwr_) / (n_ * (1.0 + n_)) -
                       (r * r * sumwsq_ - 2.0 * r * sumwsqr_ + sumwsqrsq_) / (1.0 + n_);
      const double z = phi + 1.0 / (2.0 * n_);
      chi_squared_candidate(x, y, z, sign * r, n_, consider, [&](ChiSquaredDuals& d) {
        d.gamma = -d.kappa * (1.0 + n_) / n_ + sign * (r * sumw_ - sumwr_) / n_;
        d.beta = -sign * r;
      });
    } else {
      const double barw = (wfake + sumw_) / (1.0 + n_);
      const double barwsq = (wfake * wfake + sumwsq_) / (1.0 + n_);
      const double barwr = sign * (wfake * r + sumwr_) / (1.0 + n_);
      const double barwsqr = sign * (wfake * wfake * r + sumwsqr_) / (1.0 + n_);
      const double barwsqrsq = (wfake * wfake * r * r + sumwsqrsq_) / (1.0 + n_);
      if (barwsq > barw * barw) {
        const double spread = barwsq - barw * barw;
        const double x = barwr + (1.0 - barw) * (barwsqr - barw * barwr) / spread;
        const double y = (barwsqr - barw * barwr) * (barwsqr - barw * barwr) / spread - (barwsqrsq - barwr * barwr);
        const double z = phi + 0.5 * (1.0 - barw) * (1.0 - barw) / spread;
        chi_squared_candidate(x, y, z, sign * r, n_, consider, [&](ChiSquaredDuals& d) {
          d.beta = (-d.kappa * (1.0 - barw) - (barwsqr - barw * barwr)) / spread;
          d.gamma = -d.kappa - d.beta * barw - barwr;
        });
      }
    }
  }
  if (!found) {
    score = rmin_;
    ChiSquaredDuals d;
    d.unbounded = true;
    d.n = n_;
    return d;
  }
  score = best_score;
  return best;
}

void ChiSquaredBound::recompute() {
  duals_ = duals_at(rmin_, 1.0, phi(), score_);
  score_ = std::clamp(score_, rmin_, rmax_);
  stale_ = false;
}

double ChiSquaredBound::qlb(double w, double r, double sign) {
  if (stale_) recompute();
  return duals_.qfunc(w, r, sign);
}

double ChiSquaredBound::lower_bound() {
  if (stale_) recompute();
  return score_;
}

void ChiSquaredBound::save(ModelWriter& out) const {
  for (double x : {alpha_, tau_, n_, sumw_, sumwsq_, sumwr_, sumwsqr_, sumwsqrsq_, rmin_, rmax_, wmin_, wmax_}) out.put(x);
}

void ChiSquaredBound::load(ModelReader& in) {
  for (double* x : {&alpha_, &tau_, &n_, &sumw_, &sumwsq_, &sumwr_, &sumwsqr_, &sumwsqrsq_, &rmin_, &rmax_, &wmin_, &wmax_})
    *x = in.get<double>();
  delta_ = quantile(alpha_);
  stale_ = true;
}

}  // namespace learner
