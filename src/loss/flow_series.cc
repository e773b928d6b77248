// Taylor series of the squared-family flow (see flow_series.h).
#include "flow_series.h"

#include "decay_stop.h"
#include "learner/cpu_features.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace learner::detail {
namespace {

constexpr int N = kFlowSeriesMaxOrder;
constexpr double kEps = std::numeric_limits<double>::epsilon();
// The largest c h p'(0) + 2 kappa c h |y - p0| given to one series piece.
constexpr double kPieceStiffness = 2.0;

struct Reciprocals {  // 1 / n, so that the recurrences multiply
  double v[N + 1];
  constexpr Reciprocals() : v() {
    v[0] = 0.0;
    for (int n = 1; n <= N; ++n) v[n] = 1.0 / n;
  }
};
constexpr Reciprocals kInv;

struct SeriesTerm {
  double two_kappa, P, M;
  double up[N], down[N];  // Taylor coefficients of e^{2 kappa t(s)} and e^{-2 kappa t(s)}
};

// kStopped: the decaying flow reached the ODE's stop within the piece (decay_stop.h).
enum class Piece { kDone, kNotConverged, kTooClose, kStopped };

// The decaying stop located on a converged one-term piece (decay_stop.h):
// a[1..n+1] the coefficients of t'(s), reversed[N - m] = (U_m, V_m).
template <typename Pair>
[[gnu::noinline]] Piece stop_on_piece(const DecayStopRule& rule, double q, const SeriesTerm& term, double ch,
                                      const Pair* a, const Pair* reversed, int n, double& t, double& s) {
  double slope[N + 1], up[N + 1], down[N + 1];
  for (int m = 1; m <= n + 1; ++m) slope[m] = a[m][0];
  for (int m = 1; m <= n; ++m) {
    up[m] = reversed[N - m][0];
    down[m] = reversed[N - m][1];
  }
  const double kappa = 0.5 * term.two_kappa;
  return locate_decay_stop(rule, q, kappa, term.P, term.M, ch, slope, n + 1, up, down, n, t, s) ? Piece::kStopped
                                                                                                 : Piece::kTooClose;
}

// The common case, one dyadic term. With a_k = k b_k,
// U = e^{2 kappa t}, V = e^{-2 kappa t} and R_n = sum_{k=1..n-1} a_k (U, V)_{n-k}
// (everything but the newest coefficient a_n; U_0 = V_0 = 1):
//   (U_n, V_n) = (2 kappa, -2 kappa) (R_n + a_n) / n,
//   a_{n+1} = -(c h / n) (q a_n + kappa P (R_n + a_n)_U + kappa M (R_n + a_n)_V)
//           = w_n Q a_n + w_n (kappa P R_{n,U} + kappa M R_{n,V}),
// with w_n = -c h / n and Q = q + kappa (P + M) = p'(0) > 0. R_n does not
// depend on a_n, so the dependency chain from one coefficient to the next is
// one multiply and one add; the convolutions run beside it.
// With the L2 decay e^{-mu h s} of the term (mu_h = mu h > 0) U and V stand
// for e^{+-2 kappa t(s) - mu h s}, whose derivatives add -mu h U and -mu h V:
//   (U_n, V_n) = ((2 kappa, -2 kappa) (R_n + a_n) - mu h (U, V)_{n-1}) / n,
//   a_{n+1} gains w_n (-mu h / 2) (P U_{n-1} - M V_{n-1}),
// and the piece must keep p clear of y by `margin` (see series_piece): with
// y - p(s) = t'(s) / (c h), checked on a grid of s.
// Also returns in `gap` the remaining y - p at the end of the piece: for the
// flow dt/ds = c h (y - p), that is t'(1) / (c h) = (sum_n a_n) / (c h).
// kDecay: mu_h > 0 (a separate instantiation keeps the common mu = 0 loop as it was).
template <bool kDecay>
[[gnu::always_inline]] inline
// With kDecay and `stop` set, a piece that comes within `margin` of y has the
// ODE's stop located on it (kStopped, t at the stop and its s in `gap`), or
// is kTooClose when the stop does not fall inside it.
Piece single_term_piece(double q, const SeriesTerm& term, double ch, double a1, double mu_h, double d, double margin,
                        const DecayStopRule* decay_stop, double& t, double& gap) {
  // (U_k, V_k) side by side, so that both convolutions run as one on pairs
  // of doubles (GCC vector extension: SSE2 on x86-64, plain code elsewhere);
  // a_k is kept on both lanes, ready to multiply a pair. The pairs are
  // stored newest first, reversed[N - k] = (U_k, V_k), so that the
  // convolution walks both arrays upwards.
  typedef double Pair __attribute__((vector_size(16)));
  typedef double Quad __attribute__((vector_size(32)));
  Pair a[N + 1];
  Pair reversed[N + 1];
  const double kappa = 0.5 * term.two_kappa, kp = kappa * term.P, km = kappa * term.M;
  const double slope = q + (kp + km);
  const Pair scale_uv = {term.two_kappa, -term.two_kappa};
  a[1] = Pair{a1, a1};
  // w_n (kappa P, kappa M), to take the drive from R_n as one pair product.
  const Pair kpm = {kp, km};
  Pair newest = {0.0, 0.0};  // (U, V)_{n-1}, kept out of memory (0 in the convolution of n = 1)
  Pair previous = {1.0, 1.0};  // (U, V)_{n-1} for the decay (U_0 = V_0 = 1)
  const double half_mu_h = 0.5 * mu_h;
  double sum = a1, slope_sum = a1;
  double reach = 0.0;  // kDecay: sum_{m >= 2} |a_m| so far, in the order of m (the convergence test's bound)
  StopRule stop(a1);
  for (int n = 1; n < N; ++n) {
    const Pair* older = reversed + (N - n);  // older[k] = (U, V)_{n-k}
    // k = 1 pairs a_1 with the newest (U, V)_{n-1}, the only product not
    // ready early: it is added last, so that the chain from one order to the
    // next holds one multiply and one add of the convolution. The others
    // (all ready) go on two accumulators.
    // The two accumulators side by side in four lanes, (rest, rest2): one
    // 256-bit product and sum per two k in the AVX2 build (two SSE2 ones
    // otherwise), each lane's adds in the same order as two Pairs'.
    Quad both = {0.0, 0.0, 0.0, 0.0};
    int k = 2;
    for (; k + 1 < n; k += 2) {
      Quad ak, ok;
      __builtin_memcpy(&ak, a + k, sizeof ak);
      __builtin_memcpy(&ok, older + k, sizeof ok);
      both += ak * ok;
    }
    Pair rest = {both[0], both[1]};
    const Pair rest2 = {both[2], both[3]};
    if (k < n) rest += a[k] * older[k];
    rest += rest2;
    rest += a[1] * newest;  // 0 for n = 1
    const double inv_n = kInv.v[n], w = -ch * inv_n;
    const Pair drive = (w * kpm) * rest;
    double next = (w * slope) * a[n][0] + (drive[0] + drive[1]);
    newest = scale_uv * inv_n * (rest + a[n]);
    if constexpr (kDecay) {
      next -= w * half_mu_h * (term.P * previous[0] - term.M * previous[1]);
      newest -= (mu_h * inv_n) * previous;
      previous = newest;
    }
    reversed[N - n] = newest;
    a[n + 1] = Pair{next, next};
    if constexpr (kDecay) reach += std::fabs(next);
    const double b = next * kInv.v[n + 1];
    sum += b;
    slope_sum += next;
    const Step step = stop.after_term(n, b, sum);
    if (step == Step::kGiveUp) return Piece::kNotConverged;
    if (step == Step::kConverged) {
      // d (y - p(s)) = d t'(s) / (c h) > margin, by Horner on t' on a grid of
      // s; unless |t'(s) - a_1| <= sum_{m >= 2} |a_m| proves it for every s.
      // The grid s = 1/16 .. 15/16 two points at a time (a_m is on both lanes; the last pair
      // repeats 15/16): the same products and sums per point as one at a time.
      if constexpr (kDecay) {
        if (!((d * a1 - reach) / ch > margin))
          for (int i = 1; i < 16; i += 2) {
            const Pair s = {i / 16.0, (i + 1 < 16 ? i + 1 : i) / 16.0};
            Pair slope_s = a[n + 1];
            for (int m = n; m >= 1; --m) slope_s = slope_s * s + a[m];
            const Pair clear = d * slope_s / ch;
            if (!(clear[0] > margin) || !(clear[1] > margin))
              return decay_stop ? stop_on_piece(*decay_stop, q, term, ch, a, reversed, n, t, gap) : Piece::kTooClose;
          }
      }
      t = sum;
      gap = slope_sum / ch;
      return Piece::kDone;
    }
  }
  return Piece::kNotConverged;
}

// One series step of importance h on `path` (already re-based to the start
// of the piece). d: the direction of y seen from the first piece's p0;
// margin: with mu > 0, how close to y the flow may come (see the header).
// Inlined into the two builds below (series_piece picks one at run time),
// single_term_piece with it.
[[gnu::always_inline]] inline Piece series_piece_body(const PredictionPath& path, double y, double c, double h,
                                                      double d, double margin, const DecayStopRule* decay_stop,
                                                      double& t, double& gap) {
  gap = std::numeric_limits<double>::quiet_NaN();  // unknown unless the single-term form sets it
  SeriesTerm terms[PredictionPath::kMaxTerms];
  int n_terms = 0;
  auto add = [&](double kappa, double P, double M) {
    if (!(P > 0.0 || M > 0.0) || !(kappa > 0.0)) return true;
    if (!(P < 1e100 && M < 1e100 && kappa < 1e100)) return false;
    SeriesTerm& term = terms[n_terms++];
    term.two_kappa = 2.0 * kappa;
    term.P = P;
    term.M = M;
    term.up[0] = term.down[0] = 1.0;
    return true;
  };
  if (!add(path.kappa, path.P, path.M)) return Piece::kNotConverged;
  for (int j = 0; j < path.n_extra; ++j)
    if (!add(path.extra[j].kappa, path.extra[j].P, path.extra[j].M)) return Piece::kNotConverged;

  // Coefficients in s = h' / h: b (step t), p (prediction), dyadic (sum of
  // the terms before decay), decay = e^{-mu h s}.
  double b[N + 1], kb[N + 1], p[N], dyadic[N], decay[N];
  const double mu_h = path.mu * h;
  decay[0] = 1.0;
  dyadic[0] = 0.0;
  for (int j = 0; j < n_terms; ++j) dyadic[0] += 0.5 * (terms[j].P - terms[j].M);
  p[0] = path.p_lin0 + dyadic[0];
  if (!std::isfinite(p[0])) return Piece::kNotConverged;
  const double ch = c * h;
  b[0] = kb[0] = 0.0;
  b[1] = ch * (y - p[0]);
  kb[1] = b[1];
  if (!(d * b[1] > 0.0)) {  // at (or, by rounding, past) y: no further move
    t = 0.0;
    return Piece::kDone;
  }
  if (n_terms == 1)
    return mu_h == 0.0 ? single_term_piece<false>(path.q, terms[0], ch, kb[1], 0.0, d, margin, nullptr, t, gap)
                       : single_term_piece<true>(path.q, terms[0], ch, kb[1], mu_h, d, margin, decay_stop, t, gap);
  double sum = b[1];
  StopRule stop(b[1]);
  int order = 0;  // the last coefficient of p used
  for (int n = 1; n < N; ++n) {
    double dn = 0.0;
    for (int j = 0; j < n_terms; ++j) {
      SeriesTerm& term = terms[j];
      // Two accumulators per sum halve the dependency chain of the adds.
      double su = 0.0, sd = 0.0, su2 = 0.0, sd2 = 0.0;
      int k = 1;
      for (; k < n; k += 2) {
        su += kb[k] * term.up[n - k];
        sd += kb[k] * term.down[n - k];
        su2 += kb[k + 1] * term.up[n - k - 1];
        sd2 += kb[k + 1] * term.down[n - k - 1];
      }
      if (k == n) {
        su += kb[k] * term.up[0];
        sd += kb[k] * term.down[0];
      }
      su += su2;
      sd += sd2;
      const double scale = term.two_kappa * kInv.v[n];
      term.up[n] = scale * su;
      term.down[n] = -scale * sd;
      dn += 0.5 * (term.P * term.up[n] - term.M * term.down[n]);
    }
    dyadic[n] = dn;
    double pn = path.q * b[n];
    if (mu_h != 0.0) {
      decay[n] = decay[n - 1] * (-mu_h) * kInv.v[n];
      for (int k = 0; k <= n; ++k) pn += decay[k] * dyadic[n - k];
    } else {
      pn += dn;
    }
    p[n] = pn;
    b[n + 1] = -ch * pn * kInv.v[n + 1];
    kb[n + 1] = (n + 1) * b[n + 1];
    sum += b[n + 1];
    const Step next = stop.after_term(n, b[n + 1], sum);
    if (next == Step::kGiveUp) return Piece::kNotConverged;
    if (next == Step::kConverged) {
      order = n;
      break;
    }
  }
  if (order == 0) return Piece::kNotConverged;
  if (mu_h != 0.0) {
    // The decaying ODE stops where p comes within its margin of y; the
    // series must stay clear of it over the whole piece, checked on a grid
    // of s by Horner on p(s) (the end is checked exactly by the caller).
    for (int i = 1; i < 16; ++i) {
      const double s = i / 16.0;
      double ps = p[order];
      for (int n = order - 1; n >= 0; --n) ps = ps * s + p[n];
      if (!(d * (y - ps) > margin)) return Piece::kTooClose;
    }
  }
  t = sum;
  return Piece::kDone;
}

// series_piece_body for any x86-64 (SSE2) and for AVX2: the same operations
// in the same order (AVX2 brings no fused multiply-add: every product and
// sum rounds as in the SSE2 build, so the results are the same bits), in
// three-operand VEX form, without most of the SSE2 build's register copies.
Piece series_piece_portable(const PredictionPath& path, double y, double c, double h, double d, double margin,
                            const DecayStopRule* decay_stop, double& t, double& gap) {
  return series_piece_body(path, y, c, h, d, margin, decay_stop, t, gap);
}

#if defined(__x86_64__) && defined(__GNUC__)
[[gnu::target("avx2")]] Piece series_piece_avx2(const PredictionPath& path, double y, double c, double h, double d,
                                                double margin, const DecayStopRule* decay_stop, double& t,
                                                double& gap) {
  return series_piece_body(path, y, c, h, d, margin, decay_stop, t, gap);
}
#endif

bool allow_avx2 = true;  // flow_series_allow_avx2

Piece series_piece(const PredictionPath& path, double y, double c, double h, double d, double margin,
                   const DecayStopRule* decay_stop, double& t, double& gap) {
#if defined(__x86_64__) && defined(__GNUC__)
  if (allow_avx2 && cpu_has_avx2()) return series_piece_avx2(path, y, c, h, d, margin, decay_stop, t, gap);
#endif
  return series_piece_portable(path, y, c, h, d, margin, decay_stop, t, gap);
}

// The pieces of one step (see flow_series), shared by the first piece, on
// the caller's path, and the later ones, on re-based copies.
struct PieceWalk : PieceSchedule {
  double y, c, d, margin;
  const DecayStopRule* stop;  // mu > 0: the ODE's stop, located on a one-term piece
  double gap = 0.0;  // y - p at the end of the last piece, from its series (NaN: unknown)
  bool stopped = false;  // the flow reached the stop: h_done is the importance used

  // One converged piece on `path` (re-based to h_done), halving it until its
  // series converges: kFinished when it reaches h, kMore with its step in
  // `dt` otherwise, kFail when the step is left to the ODE.
  After advance(const PredictionPath& path, double& dt) {
    while (true) {
      const Piece r = series_piece(path, y, c, next(), d, margin, stop, dt, gap);
      if (r == Piece::kTooClose) return After::kFail;
      if (r == Piece::kStopped) {  // gap holds s at the stop
        stopped = true;
        t_done += dt;
        h_done = std::min(h, h_done + gap * piece);
        gap = std::numeric_limits<double>::quiet_NaN();
        return After::kFinished;
      }
      if (r == Piece::kDone) return converged(dt);
      if (!halve()) return After::kFail;
    }
  }
};

// The pieces after the first, each on the path re-based to its start (out of
// line: most steps are one piece, and a PredictionPath is large enough that
// making one costs a visible share of a one-piece step). False: give up.
[[gnu::noinline]] bool later_pieces(const PredictionPath& path, double dt, PieceWalk& walk) {
  PredictionPath rebased = rebased_path(path, dt, walk.piece);
  while (true) {
    walk.piece *= 2.0;  // a converged piece lets the next one double
    const PieceSchedule::After next = walk.advance(rebased, dt);
    if (next != PieceSchedule::After::kMore) return next == PieceSchedule::After::kFinished;
    rebased = rebased_path(rebased, dt, walk.piece);
  }
}

}  // namespace

void flow_series_allow_avx2(bool allow) { allow_avx2 = allow; }

// The path re-based after step dt at importance dh (flow_series.h).
PredictionPath rebased_path(const PredictionPath& path, double dt, double dh) {
  PredictionPath next = path;
  next.p_lin0 = path.p_lin0 + path.q * dt;
  const double decay = -path.mu * dh;
  next.P = path.P * std::exp(2.0 * path.kappa * dt + decay);
  next.M = path.M * std::exp(-2.0 * path.kappa * dt + decay);
  for (int j = 0; j < path.n_extra; ++j) {
    next.extra[j].P = path.extra[j].P * std::exp(2.0 * path.extra[j].kappa * dt + decay);
    next.extra[j].M = path.extra[j].M * std::exp(-2.0 * path.extra[j].kappa * dt + decay);
  }
  return next;
}

bool flow_series(const PredictionPath& path, const PathStart& start, double y, double c, double h, double& t,
                 double& h_used) {
  h_used = h;
  // p, p' and the rounding scale at t = 0 (every exponential is 1 there).
  const double p0 = start.p, slope0 = start.slope, magnitude0 = start.magnitude;
  if (!std::isfinite(p0)) return false;
  if (p0 == y) {
    t = 0.0;
    return true;
  }
  const double d = y > p0 ? 1.0 : -1.0;
  const double gap0 = std::fabs(y - p0);
  // With mu > 0 the decaying ODE stops within 1e-3 of the initial gap (plus
  // rounding) of y; stay clear of twice that.
  const double margin = path.mu > 0.0 ? 2.0 * (1e-3 * gap0 + 64.0 * kEps * magnitude0) : 0.0;

  // Pieces. The series in s converges fast when the relaxation rate
  // c h p'(0) and the path curvature 2 kappa |t| ~ 2 kappa c h gap0 are
  // O(1): the first piece is cut to that size up front (rather than after a
  // failed attempt); a piece whose series does not converge is halved (at
  // most kFlowSeriesMaxHalvings times in all), a converged one lets the
  // next piece double.
  double curvature = 2.0 * path.kappa;
  for (int j = 0; j < path.n_extra; ++j) curvature = std::max(curvature, 2.0 * path.extra[j].kappa);
  const double stiffness = c * h * (slope0 + curvature * gap0) + path.mu * h;
  // The decaying ODE's stop (smooth_ode.cc decaying_update: its reach and hover from the initial gap).
  const DecayStopRule stop_rule{d, 1e-9 * gap0 + 64.0 * kEps * magnitude0, 1e-3 * gap0, c, path.mu};
  PieceWalk walk{{h, stiffness > kPieceStiffness ? h * kPieceStiffness / stiffness : h}, y, c, d, margin,
                 path.mu > 0.0 ? &stop_rule : nullptr};
  double dt = 0.0;
  const PieceSchedule::After first = walk.advance(path, dt);
  if (first == PieceSchedule::After::kFail) return false;
  if (first == PieceSchedule::After::kMore && !later_pieces(path, dt, walk)) return false;
  const double t_done = walk.t_done, gap = walk.gap;
  const int pieces = walk.pieces;
  if (walk.stopped) {  // at the decaying ODE's stop, short of y (checked: rounding never carries p past it)
    if (!(d * (y - path.at(t_done, walk.h_done)) >= 0.0)) return false;
    t = t_done;
    h_used = walk.h_done;
    return true;
  }

  // The flow never passes y; rounding at the very end of a converged flow
  // could, and then the ODE's capped formulation decides. A one-piece step
  // whose series says p ends well short of y (more than 1e-6 of the initial
  // gap, about 1e4 times the series' error, and clear of p's rounding; with
  // mu > 0 also beyond the margin) needs no evaluation of p to know it.
  if (pieces == 0 && d * gap > margin + 1e-6 * gap0 + 64.0 * kEps * magnitude0) {
    t = t_done;
    return true;
  }
  const double end_gap = d * (y - path.at(t_done, h));
  if (!(end_gap >= 0.0)) return false;
  if (path.mu > 0.0 && !(end_gap > margin)) return false;
  t = t_done;
  return true;
}

}  // namespace learner::detail
