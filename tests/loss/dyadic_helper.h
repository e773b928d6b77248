// Test helper: an explicit dyadic model state (A0, B0 vectors, rates, linear
// part) from which a PredictionPath is built exactly as the core will build it
// (P and M from the vectors, docs/dyadic-update.md section 2), and which can
// be advanced by a step t (cosh/sinh formulas) to re-base the path.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "learner/loss/path.h"

namespace learner::testing {

struct DyadicState {
  std::vector<double> A, B;
  double rho_a = 1.0, rho_b = 1.0;
  double q = 0.0;    // sum eta_i x_i^2 of the linear part
  double lin = 0.0;  // w . x
  double mu = 0.0;   // decay rate of the dyadic part (--dotproduct_l2)

  double r() const { return std::sqrt(rho_a / rho_b); }
  double kappa() const { return std::sqrt(rho_a * rho_b); }
  double prediction() const {
    double dot = 0.0;
    for (size_t i = 0; i < A.size(); ++i) dot += A[i] * B[i];
    return lin + dot;
  }
  PredictionPath path() const {
    PredictionPath p;
    const double sr = std::sqrt(r());
    double P = 0.0, M = 0.0;
    for (size_t i = 0; i < A.size(); ++i) {
      const double plus = A[i] / sr + sr * B[i];
      const double minus = A[i] / sr - sr * B[i];
      P += plus * plus;
      M += minus * minus;
    }
    p.p_lin0 = lin;
    p.q = q;
    p.kappa = kappa();
    p.P = 0.5 * P;
    p.M = 0.5 * M;
    p.mu = mu;
    return p;
  }
  // The state after step t at importance h: A(t) = e^{-mu h/2}(A0 cosh(k t) + r B0 sinh(k t)), ...
  DyadicState advanced(double t, double h = 0.0) const {
    DyadicState s = *this;
    const double k = kappa(), rr = r();
    const double ch = std::cosh(k * t), sh = std::sinh(k * t), decay = std::exp(-0.5 * mu * h);
    for (size_t i = 0; i < A.size(); ++i) {
      s.A[i] = decay * (A[i] * ch + rr * B[i] * sh);
      s.B[i] = decay * (B[i] * ch + A[i] / rr * sh);
    }
    s.lin = lin + q * t;
    return s;
  }
};

inline double log_uniform(std::mt19937_64& rng, double lo, double hi) {
  std::uniform_real_distribution<double> u(std::log(lo), std::log(hi));
  return std::exp(u(rng));
}

// A random state; about 10% near a hyperdiagonal (B0 ~ +/- A0 r^-1, so P or
// M is tiny), 10% with q = 0.
inline DyadicState random_state(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> rank(1, 5);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::normal_distribution<double> n01(0.0, 1.0);
  DyadicState s;
  const int k = rank(rng);
  const double scale = log_uniform(rng, 0.01, 2.0);
  s.rho_a = log_uniform(rng, 1e-3, 3.0);
  s.rho_b = log_uniform(rng, 1e-3, 3.0);
  s.A.resize(k);
  s.B.resize(k);
  for (int i = 0; i < k; ++i) {
    s.A[i] = scale * n01(rng);
    s.B[i] = scale * n01(rng);
  }
  const double kind = u(rng);
  if (kind < 0.1) {
    const double sign = u(rng) < 0.5 ? 1.0 : -1.0;
    const double eps = log_uniform(rng, 1e-12, 1e-3);
    for (int i = 0; i < k; ++i) s.B[i] = sign * s.A[i] / s.r() + eps * scale * n01(rng);
  }
  s.q = u(rng) < 0.1 ? 0.0 : log_uniform(rng, 1e-4, 3.0);
  s.lin = n01(rng);
  return s;
}

// The path after step t (mu = 0) built from the path's own scalars:
// p_lin0 + q t, P e^{2 kappa t}, M e^{-2 kappa t} (exact algebra, no vectors).
inline PredictionPath advanced_path(const PredictionPath& path, double t) {
  PredictionPath p = path;
  p.p_lin0 = path.p_lin0 + path.q * t;
  p.P = path.P * std::exp(2.0 * path.kappa * t);
  p.M = path.M * std::exp(-2.0 * path.kappa * t);
  for (int j = 0; j < path.n_extra; ++j) {
    p.extra[j].P = path.extra[j].P * std::exp(2.0 * path.extra[j].kappa * t);
    p.extra[j].M = path.extra[j].M * std::exp(-2.0 * path.extra[j].kappa * t);
  }
  return p;
}

// A path with the dyadic terms of several random states (several
// --dotproduct pairs); the linear parts add up.
inline PredictionPath multi_term_path(std::mt19937_64& rng, int terms) {
  PredictionPath path;
  for (int j = 0; j < terms; ++j) {
    const PredictionPath one = random_state(rng).path();
    path.p_lin0 += one.p_lin0;
    path.q += one.q;
    path.add_term(one.kappa, one.P, one.M);
  }
  return path;
}

// xorshift64 in [0, 1): the same numbers on every platform (golden hashes rely on it).
class Xorshift {
 public:
  explicit Xorshift(uint64_t seed) : state_(seed) {}
  double operator()() {
    state_ ^= state_ << 13, state_ ^= state_ >> 7, state_ ^= state_ << 17;
    return static_cast<double>(state_ >> 11) * (1.0 / 9007199254740992.0);
  }

 private:
  uint64_t state_;
};

// A training-like decaying update (--dotproduct_l2): one dyadic term of rank 5 with
// vectors near 1, latent rate 0.003 to 0.5 (log-uniform), linear part q and decay mu
// scaled to it, a label 1..5 and importance 1 (70 %) or 0.01..5 (log-uniform).
// The draws happen in a fixed order, so a seed gives the same cases everywhere.
struct DecayingCase {
  PredictionPath path;
  double y = 0.0, h = 0.0;
};
inline DecayingCase random_decaying_case(Xorshift& u) {
  const double rate = 0.003 * std::pow(0.5 / 0.003, u());
  DyadicState s;
  s.rho_a = rate * (0.2 + u());
  s.rho_b = rate * (0.2 + u());
  for (int j = 0; j < 5; ++j) {
    s.A.push_back(1.0 + 0.4 * (u() - 0.5));
    s.B.push_back(1.0 + 0.4 * (u() - 0.5));
  }
  const PredictionPath one = s.path();
  DecayingCase c;
  c.path.q = rate * (0.5 + 2.0 * u());
  c.path.add_term(one.kappa, one.P, one.M);
  c.path.p_lin0 = 3.0 + u() - 0.5 * (one.P - one.M);
  c.path.mu = rate * (0.02 + 0.5 * u());
  c.y = 1.0 + std::floor(5.0 * u());
  c.h = u() < 0.7 ? 1.0 : 0.01 * std::pow(500.0, u());
  return c;
}

}  // namespace learner::testing
