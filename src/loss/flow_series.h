// The squared-family flow by its Taylor series (internal to src/loss).
//
// For the squared, classic-on-a-curved-path and expectile losses the update
// solves dt/dh = c (y - p(t, h)), t(0) = 0 (c = 2 w with w the expectile side
// weight, constant along the flow since p never crosses y). On a dyadic path
//
//     p(t, h) = p_lin0 + q t + e^{-mu h} sum_j (P_j e^{2 k_j t} - M_j e^{-2 k_j t}) / 2
//
// every function of t here is an exponential of t, so the Taylor coefficients
// of t(h) follow from the classical power-series recurrences (Moore, "Methods
// and Applications of Interval Analysis", 1979, ch. 3: for E = e^u,
// n E_n = sum_{k=1..n} k u_k E_{n-k}): O(n^2) multiply-adds per order and no
// transcendental function at all, since every exponential is 1 at t = 0.
// With s = h' / h the series in s is summed at s = 1 and accepted only when
// its terms have become negligible (two consecutive terms under 1e-8 |t|):
// the result is then the exact flow to about 1e-8, a sixth of the float
// weights' half ulp (loss.h states the accuracy), consistent with the
// adaptive ODE (smooth_ode.cc) it replaces for the typical small steps of
// online training, about ten times faster.
//
// flow_series() returns false, and leaves the work to the ODE, when the
// series has not converged within kFlowSeriesMaxOrder terms even on short
// pieces of the step (huge c h p'(0) or k t), or when the result would
// break the ODE's contract: p passing y
// (rounding at the very end of a converged flow) or, with mu > 0, coming
// within the stop margin of y along a step of several dyadic terms, or of
// one term when the ODE's stop is not inside the piece (with one term the
// stop itself is located on the series, decay_stop.h).
#pragma once

#include <algorithm>
#include <cmath>

#include "learner/loss/path.h"
#include "numeric.h"

namespace learner::detail {

inline constexpr int kFlowSeriesMaxOrder = 28;
// A step whose series does not converge is cut into pieces (halved, then
// doubled again after each converged piece; the path is re-based between
// pieces at the cost of two exponentials per dyadic term).
inline constexpr int kFlowSeriesMaxHalvings = 8;
inline constexpr int kFlowSeriesMaxPieces = 24;
// Two consecutive terms below this fraction of the sum end a series (one
// small term is not enough: the terms of a sum of exponentials can dip
// before they decay); the remainder is then of that order, a sixth of the
// float weights' half ulp (2^-24 = 6e-8). It was 1e-10 (the ODE's rtol)
// until issue 32: 1e-8 ends a series about two orders earlier (the squared
// flow's series cost 20% less on rating lines) and keeps the exactness
// tests (invariance, the fine-step integrations) within their 1e-8.
inline constexpr double kSeriesTol = 1e-8;

// The stopping rule of the flow series (this one and logistic_series.h),
// fed each new term in turn.
enum class Step { kMore, kConverged, kGiveUp };
class StopRule {
 public:
  explicit StopRule(double first) : limit_(1e6 * std::fabs(first)), previous_(std::fabs(first)) {}
  // After term n + 1 (`last`) was added to `sum` (term 1 being `first`).
  Step after_term(int n, double last, double sum) {
    const double size = std::fabs(last);
    if (!std::isfinite(sum) || size > limit_) return Step::kGiveUp;
    // Converged: this term and the one before under the tolerance.
    if (std::max(size, previous_) <= kSeriesTol * std::fabs(sum)) return Step::kConverged;
    // Half way with terms still above 1e-5 |t|: this piece is too long to
    // converge within the maximal order; give up early so that a shorter one
    // is tried.
    if (n == kFlowSeriesMaxOrder / 2 && size > 1e-5 * std::fabs(sum)) return Step::kGiveUp;
    previous_ = size;
    return Step::kMore;
  }

 private:
  double limit_;     // a term above 1e6 |first| means divergence
  double previous_;  // |term n|
};

// The pieces of one series step of importance h (this one and
// logistic_series.h): each piece runs on the path re-based to h_done; one
// whose series does not converge is halved (at most kFlowSeriesMaxHalvings
// times in all), a converged one lets the next piece double, and at most
// kFlowSeriesMaxPieces pieces make a step.
struct PieceSchedule {
  enum class After { kFinished, kMore, kFail };
  double h;
  double piece;  // the size of the next piece (after kMore: of the one just done)
  double t_done = 0.0, h_done = 0.0;
  int halvings = 0, pieces = 0;

  // The next piece, clipped to what is left of h.
  double next() {
    piece = std::min(piece, h - h_done);
    return piece;
  }
  // The piece did not converge: halve it; false when out of halvings.
  bool halve() {
    if (++halvings > kFlowSeriesMaxHalvings) return false;
    piece *= 0.5;
    return true;
  }
  // The piece converged with step dt.
  After converged(double dt) {
    t_done += dt;
    h_done = h - piece <= h_done ? h : h_done + piece;
    if (h_done >= h) return After::kFinished;
    return ++pieces >= kFlowSeriesMaxPieces ? After::kFail : After::kMore;
  }
};

// The path re-based after step dt at importance dh: p_lin0 + q dt, and each
// dyadic term times e^{+-2 kappa dt - mu dh}.
PredictionPath rebased_path(const PredictionPath& path, double dt, double dh);

// On success t is the step after importance h (> 0); c > 0. `start` is
// path_start(path) (numeric.h), which the caller has already computed.
// h_used: h, or with mu > 0 the importance at which the flow reached the
// decaying ODE's stop (located on the series: decay_stop.h), as
// UpdateStep::h_used.
bool flow_series(const PredictionPath& path, const PathStart& start, double y, double c, double h, double& t,
                 double& h_used);

// The series pieces are built twice (flow_series.cc): for any x86-64 (SSE2)
// and for AVX2, chosen at run time, with the same bits. false keeps to the
// portable build (for tests that compare the two); true (the default) takes
// AVX2 where the CPU has it. Not synchronised: set it before any thread steps.
void flow_series_allow_avx2(bool allow);

}  // namespace learner::detail
