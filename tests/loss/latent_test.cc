// The latent-weight update of docs/dyadic-update.md section 2,
//   V[f](t) = V0[f] + eta_f x_f (A(t) - A0) / rho_a   (f in a; b alike),
//   w_i(t)  = w_i0 + eta_i x_i t,
// with t from the loss, against a fine-step explicit integration of the full
// multi-dimensional gradient flow V' = -eta_f g x_f B, w' = -eta_i g x_i.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "dyadic_helper.h"
#include "learner/loss/loss.h"

namespace learner {
namespace {

using Vec = std::vector<double>;

struct Model {
  std::vector<Vec> Va, Vb;  // latent weights of the features of namespaces a and b
  Vec xa, xb, eta_a, eta_b;
  Vec w, x, eta;  // linear part

  Vec sum(const std::vector<Vec>& V, const Vec& xs) const {
    Vec out(V[0].size(), 0.0);
    for (size_t f = 0; f < V.size(); ++f)
      for (size_t j = 0; j < out.size(); ++j) out[j] += xs[f] * V[f][j];
    return out;
  }
  double prediction() const {
    const Vec A = sum(Va, xa), B = sum(Vb, xb);
    double p = 0.0;
    for (size_t i = 0; i < w.size(); ++i) p += w[i] * x[i];
    for (size_t j = 0; j < A.size(); ++j) p += A[j] * B[j];
    return p;
  }
  testing::DyadicState state() const {
    testing::DyadicState s;
    s.A = sum(Va, xa);
    s.B = sum(Vb, xb);
    s.rho_a = s.rho_b = s.q = s.lin = 0.0;
    for (size_t f = 0; f < xa.size(); ++f) s.rho_a += eta_a[f] * xa[f] * xa[f];
    for (size_t f = 0; f < xb.size(); ++f) s.rho_b += eta_b[f] * xb[f] * xb[f];
    for (size_t i = 0; i < x.size(); ++i) {
      s.q += eta[i] * x[i] * x[i];
      s.lin += w[i] * x[i];
    }
    return s;
  }
};

Model random_model(std::mt19937_64& rng, int k) {
  std::normal_distribution<double> n(0.0, 1.0);
  std::uniform_real_distribution<double> rate(0.05, 0.6);
  Model m;
  auto latent = [&](int features, std::vector<Vec>& V, Vec& xs, Vec& etas) {
    for (int f = 0; f < features; ++f) {
      Vec v(k);
      for (double& c : v) c = 0.5 * n(rng);
      V.push_back(v);
      xs.push_back(n(rng));
      etas.push_back(rate(rng));
    }
  };
  latent(3, m.Va, m.xa, m.eta_a);
  latent(2, m.Vb, m.xb, m.eta_b);
  for (int i = 0; i < 4; ++i) {
    m.w.push_back(0.3 * n(rng));
    m.x.push_back(n(rng));
    m.eta.push_back(rate(rng));
  }
  return m;
}

// The model's weights as one flat vector [Va..., Vb..., w...] and back.
Vec flatten(const Model& m) {
  Vec v;
  for (const Vec& f : m.Va) v.insert(v.end(), f.begin(), f.end());
  for (const Vec& f : m.Vb) v.insert(v.end(), f.begin(), f.end());
  v.insert(v.end(), m.w.begin(), m.w.end());
  return v;
}
Model unflatten(Model m, const Vec& v) {
  size_t at = 0;
  for (Vec& f : m.Va)
    for (double& c : f) c = v[at++];
  for (Vec& f : m.Vb)
    for (double& c : f) c = v[at++];
  for (double& c : m.w) c = v[at++];
  return m;
}

// Classical RK4 of the full flow over [0, h] on the flat state; stops for good
// once g = 0 (the hinge kink), locating that point by halving the last step.
Model integrate_flow(const Model& m0, const Loss& loss, double y, double h, int steps) {
  const size_t k = m0.Va[0].size(), na = m0.Va.size(), nb = m0.Vb.size(), nw = m0.w.size();
  Vec A(k), B(k);
  auto prediction = [&](const Vec& v) {
    std::fill(A.begin(), A.end(), 0.0);
    std::fill(B.begin(), B.end(), 0.0);
    for (size_t f = 0; f < na; ++f)
      for (size_t j = 0; j < k; ++j) A[j] += m0.xa[f] * v[f * k + j];
    for (size_t f = 0; f < nb; ++f)
      for (size_t j = 0; j < k; ++j) B[j] += m0.xb[f] * v[(na + f) * k + j];
    double p = 0.0;
    for (size_t j = 0; j < k; ++j) p += A[j] * B[j];
    for (size_t i = 0; i < nw; ++i) p += v[(na + nb) * k + i] * m0.x[i];
    return p;
  };
  auto derivative = [&](const Vec& v, Vec& d) {
    const double g = loss.first_derivative(prediction(v), y);  // also fills A, B
    for (size_t f = 0; f < na; ++f)
      for (size_t j = 0; j < k; ++j) d[f * k + j] = -m0.eta_a[f] * g * m0.xa[f] * B[j];
    for (size_t f = 0; f < nb; ++f)
      for (size_t j = 0; j < k; ++j) d[(na + f) * k + j] = -m0.eta_b[f] * g * m0.xb[f] * A[j];
    for (size_t i = 0; i < nw; ++i) d[(na + nb) * k + i] = -m0.eta[i] * g * m0.x[i];
  };
  Vec v = flatten(m0), k1(v.size()), k2(v.size()), k3(v.size()), k4(v.size()), tmp(v.size());
  auto rk4 = [&](const Vec& s, double dh, Vec& out) {
    derivative(s, k1);
    for (size_t i = 0; i < s.size(); ++i) tmp[i] = s[i] + dh / 2 * k1[i];
    derivative(tmp, k2);
    for (size_t i = 0; i < s.size(); ++i) tmp[i] = s[i] + dh / 2 * k2[i];
    derivative(tmp, k3);
    for (size_t i = 0; i < s.size(); ++i) tmp[i] = s[i] + dh * k3[i];
    derivative(tmp, k4);
    for (size_t i = 0; i < s.size(); ++i)
      out[i] = s[i] + dh / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  };
  Vec next(v.size());
  const double dh = h / steps;
  for (int i = 0; i < steps; ++i) {
    if (loss.first_derivative(prediction(v), y) == 0.0) break;
    rk4(v, dh, next);
    if (loss.first_derivative(prediction(next), y) == 0.0) {
      double lo = 0.0, hi = dh;  // the flow stops at the kink inside this step
      for (int b = 0; b < 60; ++b) {
        const double mid = 0.5 * (lo + hi);
        rk4(v, mid, next);
        (loss.first_derivative(prediction(next), y) == 0.0 ? hi : lo) = mid;
      }
      rk4(v, lo, next);
      return unflatten(m0, next);
    }
    v.swap(next);
  }
  return unflatten(m0, v);
}

// The closed-form weights after step t.
Model apply_step(const Model& m, double t) {
  const testing::DyadicState s0 = m.state(), s1 = s0.advanced(t);
  Model r = m;
  for (size_t f = 0; f < m.Va.size(); ++f)
    for (size_t j = 0; j < s0.A.size(); ++j)
      r.Va[f][j] += m.eta_a[f] * m.xa[f] * (s1.A[j] - s0.A[j]) / s0.rho_a;
  for (size_t f = 0; f < m.Vb.size(); ++f)
    for (size_t j = 0; j < s0.B.size(); ++j)
      r.Vb[f][j] += m.eta_b[f] * m.xb[f] * (s1.B[j] - s0.B[j]) / s0.rho_b;
  for (size_t i = 0; i < m.w.size(); ++i) r.w[i] += m.eta[i] * m.x[i] * t;
  return r;
}

double max_difference(const Model& a, const Model& b) {
  double d = 0.0;
  for (size_t f = 0; f < a.Va.size(); ++f)
    for (size_t j = 0; j < a.Va[f].size(); ++j) d = std::max(d, std::fabs(a.Va[f][j] - b.Va[f][j]));
  for (size_t f = 0; f < a.Vb.size(); ++f)
    for (size_t j = 0; j < a.Vb[f].size(); ++j) d = std::max(d, std::fabs(a.Vb[f][j] - b.Vb[f][j]));
  for (size_t i = 0; i < a.w.size(); ++i) d = std::max(d, std::fabs(a.w[i] - b.w[i]));
  return d;
}

void check_against_flow(const char* name, double y, double h, double tol, bool expect_kink) {
  LossSpec spec;
  spec.name = name;
  const auto loss = make_loss(spec);
  std::mt19937_64 rng(77);
  int kinks = 0;
  for (int trial = 0; trial < 8; ++trial) {
    const Model m = random_model(rng, 1 + trial % 3);
    const PredictionPath path = m.state().path();
    const double t = loss->update(path, y, h);
    const Model closed = apply_step(m, t);
    const Model flow = integrate_flow(m, *loss, y, h, 4000);
    EXPECT_NEAR(closed.prediction(), path.at(t), 1e-10 * path.magnitude(t)) << name << trial;
    EXPECT_LT(max_difference(closed, flow), tol) << name << " trial " << trial << " t=" << t;
    kinks += loss->first_derivative(closed.prediction(), y) == 0.0 ||
             std::fabs(closed.prediction() * y - 1.0) < 1e-9;
  }
  if (expect_kink) {
    EXPECT_GT(kinks, 0) << name;
  }
}

TEST(LatentTest, SquaredMatchesTheFullFlow) {
  check_against_flow("squared", 1.7, 0.3, 1e-9, false);
  check_against_flow("squared", -0.4, 3.0, 1e-9, false);
}

TEST(LatentTest, HingeMatchesTheFullFlowIncludingTheStopAtTheKink) {
  check_against_flow("hinge", 1.0, 0.05, 1e-9, false);  // short: the kink is not reached
  check_against_flow("hinge", -1.0, 8.0, 1e-7, true);   // long: stops at y p = 1
}

}  // namespace
}  // namespace learner
