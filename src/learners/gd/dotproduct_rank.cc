// The dyadic model's loops over the k latent dimensions (rank_dispatch.h:
// compiled for the common ranks): gathering an example's latent vectors,
// its terms of the prediction path, and the update along the path.
#include <algorithm>
#include <cmath>

#include "learner/learners/gd/dotproduct.h"
#include "rank_dispatch.h"

namespace learner {

template <unsigned K>
void DotProduct::add_namespace(const Example& ex, const NamespaceSpan& ns, uint32_t sub, uint32_t salt,
                               const float* unseen, float unseen_linear, State& st, int s) {
  const unsigned k = K ? K : rank_;
  double* acc = st.vec.data() + s * k;
  double sum_x = 0.0, sum_x2 = 0.0;
  for (uint32_t i = ns.begin; i < ns.end; ++i) {
    const Feature& f = ex.features[i];
    float* v = latent_slot(f.index, sub, salt);
    const double x = f.value;
    st.terms[s].push_back({v, x, 0.0});
    const float* w = v;
    if (unseen && v[k] == 0.0f) {  // untrained: its side's means, the linear weight's too
      w = unseen;
      if (const float* lin = linear_weight(v, salt)) st.unseen_linear += x * (unseen_linear - *lin);
    }
    for (unsigned j = 0; j < k; ++j) acc[j] += x * w[j];
    sum_x += x;
    sum_x2 += x * x;
  }
  st.sum_x[s] += sum_x;
  st.sum_x2[s] += sum_x2;
}

double DotProduct::gather(const Example& ex, uint32_t sub, double sign) {
  return detail::for_rank(rank_, [&](auto rank) { return gather_in<rank.value>(ex, sub, sign); });
}

template <unsigned K>
double DotProduct::gather_in(const Example& ex, uint32_t sub, double sign) {
  const unsigned k = K ? K : rank_;
  double total = 0.0;
  for (std::size_t p = 0; p < pairs_.size(); ++p) {
    if (used_ == states_.size()) states_.emplace_back(k);
    State& st = states_[used_];
    st.sign = sign;
    st.active = false;
    for (int s = 0; s < 2; ++s) {
      st.terms[s].clear();
      st.sum_x[s] = 0.0;
      st.sum_x2[s] = 0.0;
    }
    if constexpr (K != 0) {
      for (unsigned j = 0; j < 2 * K; ++j) st.vec[j] = 0.0;
    } else {
      std::fill(st.vec.begin(), st.vec.end(), 0.0);
    }
    const PairKey& key = keys_[p];
    st.sub = sub;
    st.pair = static_cast<uint32_t>(p);
    st.unseen_linear = 0.0;
    // Cold start, once the means are in use (dotproduct.h): an untrained
    // feature enters with its side's mean vector and linear weight.
    const float* unseen_mean[2] = {nullptr, nullptr};
    float unseen_weight[2] = {0.0f, 0.0f};
    if (unseen_active_)
      for (int s = 0; s < 2; ++s) {
        unseen_mean[s] = unseen(sub, p, s);
        unseen_weight[s] = unseen_linear(sub, p, s);
      }
    for (const NamespaceSpan& ns : ex.namespaces)
      if (const int s = side(ns, p); s >= 0)
        add_namespace<K>(ex, ns, sub, key.salt[s], unseen_mean[s], unseen_weight[s], st, s);
    st.self = key.self;
    if (st.self) {  // B = A: the same namespace (and latent vectors) on both sides
      if (st.terms[0].empty()) continue;
      std::copy(st.vec.begin(), st.vec.begin() + k, st.vec.begin() + k);
      st.sum_x[1] = st.sum_x[0];
    } else if (st.terms[0].empty() || st.terms[1].empty()) {
      continue;  // an absent side: no term, no state
    }
    ++used_;
    const double* a = st.vec.data();
    const double* b = a + k;
    double dot = 0.0, norm_a = 0.0, norm_b = 0.0;
    for (unsigned j = 0; j < k; ++j) {
      dot += a[j] * b[j];
      norm_a += a[j] * a[j];
      norm_b += b[j] * b[j];
    }
    st.norm2[0] = norm_a;
    st.norm2[1] = norm_b;
    st.predicted = (1.0 - dropout_) * sign * (dot - static_cast<double>(k) * center_ * center_ * st.sum_x[0] * st.sum_x[1]);
    total += st.predicted + sign * st.unseen_linear;
  }
  return total;
}

template <unsigned K>
double DotProduct::add_to_path(State& st, PredictionPath& path) const {
  const unsigned k = K ? K : rank_;
  if (st.self) {
    // |A|^2 along A(s) = A0 e^{2 rho s}: (P e^{2 kappa s} - M e^{-2 kappa s}) / 2 with kappa = 2 rho.
    st.active = st.rho[0] > 0;
    if (!st.active) return 0.0;
    st.kappa = 2.0 * st.rho[0];
    double P = 2.0 * st.norm2[0], M = 0.0;
    if (st.sign < 0) std::swap(P, M);
    path.add_term(st.kappa, P, M);
    return 0.5 * (P - M);
  }
  st.active = st.rho[0] > 0 && st.rho[1] > 0;
  if (!st.active) return 0.0;
  st.kappa = std::sqrt(st.rho[0] * st.rho[1]);
  st.r = st.kappa / st.rho[1];  // sqrt(rho_a / rho_b)
  st.inv_r = st.rho[1] / st.kappa;
  // P = sum (a/sqrt(r) + b sqrt(r))^2 / 2 = sum (a + r b)^2 / (2 r), M
  // likewise with a - r b: sums of squares (no cancellation), no sqrt(r).
  const double* a0 = st.vec.data();
  const double* b0 = a0 + k;
  double P = 0.0, M = 0.0;
  for (unsigned j = 0; j < k; ++j) {
    const double rb = st.r * b0[j];
    P += (a0[j] + rb) * (a0[j] + rb);
    M += (a0[j] - rb) * (a0[j] - rb);
  }
  const double half_inv_r = 0.5 * st.inv_r;
  P *= half_inv_r;
  M *= half_inv_r;
  if (st.sign < 0) std::swap(P, M);  // the pair moves along -t
  path.add_term(st.kappa, P, M);
  return 0.5 * (P - M);
}

double DotProduct::add_paths(PredictionPath& path) {
  double dyadic0 = 0.0;
  bool any = false;
  for (std::size_t n = 0; n < used_; ++n) {
    dyadic0 += detail::for_rank(rank_, [&](auto rank) { return add_to_path<rank.value>(states_[n], path); });
    any = any || states_[n].active;
  }
  if (any) path.mu = mu_;
  return dyadic0;
}

template <unsigned K>
void DotProduct::move_terms(const std::vector<Term>& terms, const double* delta, double rho, double decay) const {
  const unsigned rank = K ? K : rank_;
  for (const Term& term : terms) {
    float* v = term.slot;
    const double k = term.rate * term.x / rho;
    for (unsigned j = 0; j < rank; ++j) v[j] = static_cast<float>(decay * (v[j] + k * delta[j]));
  }
}

void DotProduct::apply(double t, double importance) {
  detail::for_rank(rank_, [&](auto rank) { apply_in<rank.value>(t, importance); });
}

template <unsigned K>
void DotProduct::apply_in(double t, double importance) {
  const unsigned k = K ? K : rank_;
  const double decay = mu_ > 0 ? std::exp(-0.5 * mu_ * importance) : 1.0;
  // With k a constant the moves sit in a local array, which no state can
  // alias (r, sinh and cosh - 1 stay in registers); else in delta_.
  double local[K ? 2 * K : 1];
  double* const da = K ? local : delta_.data();
  double* const db = da + k;
  for (std::size_t n = 0; n < used_; ++n) {
    const State& st = states_[n];
    if (!st.active) continue;
    // sinh(x) and cosh(x) - 1 from one expm1, without cancellation:
    // with m = e^x - 1, sinh = m (m + 2) / (2 (m + 1)), cosh - 1 = m^2 / (2 (m + 1)).
    const double x = st.kappa * st.sign * t;
    const double m = std::expm1(x);
    if (st.self) {  // A(s) - A0 = A0 (e^{kappa s} - 1)
      if (!std::isfinite(m)) continue;
      for (unsigned j = 0; j < k; ++j) da[j] = st.vec[j] * m;
      move_terms<K>(st.terms[0], da, st.rho[0], decay);
      continue;
    }
    const double half_over = 0.5 / (m + 1.0);
    const double sh = m * (m + 2.0) * half_over;
    const double ch1 = m * m * half_over;
    if (!std::isfinite(sh) || !std::isfinite(ch1)) continue;
    // A(s) - A0 = A0 (cosh - 1) + r B0 sinh, B(s) - B0 = B0 (cosh - 1) + A0/r sinh.
    const double* a = st.vec.data();
    const double* b = a + k;
    const double r = st.r, inv_r = st.inv_r;
    for (unsigned j = 0; j < k; ++j) {
      da[j] = a[j] * ch1 + r * b[j] * sh;
      db[j] = b[j] * ch1 + inv_r * a[j] * sh;
    }
    move_terms<K>(st.terms[0], da, st.rho[0], decay);
    move_terms<K>(st.terms[1], db, st.rho[1], decay);
  }
}

}  // namespace learner
