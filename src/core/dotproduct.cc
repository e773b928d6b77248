#include "learner/core/dotproduct.h"

#include <cmath>

#include "learner/error.h"

namespace learner {
namespace {

uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

DotProduct::DotProduct(const CoreConfig& config)
    : rank_(config.rank),
      l2_(config.dotproduct_l2),
      eta_scale_(config.dotproduct_learning_rate > 0 ? config.dotproduct_learning_rate / config.learning_rate : 1.0),
      adaptive_(config.rule.adaptive),
      init_scale_(config.init_scale),
      seed_(config.random_seed),
      latent_(config.bits, config.rank + 1) {
  if (config.dotproducts.size() != 1)
    throw UsageError("--dotproduct: exactly one pair is supported, got " + std::to_string(config.dotproducts.size()));
  pair_ = config.dotproducts.front();
  if (rank_ < 1 || rank_ > 256) throw UsageError("--rank must be between 1 and 256");
  if (l2_ < 0) throw UsageError("--dotproduct_l2 must be >= 0");
  if (pair_.left.empty() || pair_.right.empty()) throw UsageError("--dotproduct needs two namespaces");
  if (pair_.left == pair_.right) throw UsageError("--dotproduct: the two sides must be different namespaces");
  float* v = latent_.data();
  const std::size_t stride = rank_ + 1;
  for (std::size_t s = 0; s < latent_.slots(); ++s)
    for (unsigned j = 0; j < rank_; ++j) v[s * stride + j] = initial_value(s, j);
  for (auto& v2 : vec_) v2.assign(rank_, 0.0);
}

float DotProduct::initial_value(std::size_t slot, unsigned dim) const {
  const uint64_t h = splitmix64((static_cast<uint64_t>(seed_) << 40) ^ (static_cast<uint64_t>(slot) << 8) ^ dim);
  const double u = static_cast<double>(h >> 11) * (1.0 / 9007199254740992.0) * 2.0 - 1.0;
  return static_cast<float>(1.0 + init_scale_ * u);
}

int DotProduct::side(const NamespaceSpan& ns) const {
  if (pair_.by_full_name) {
    if (ns.name == pair_.left) return 0;
    if (ns.name == pair_.right) return 1;
    return -1;
  }
  if (ns.first == pair_.left[0]) return 0;
  if (ns.first == pair_.right[0]) return 1;
  return -1;
}

double DotProduct::predict(const Example& ex) {
  active_ = false;
  for (int s = 0; s < 2; ++s) {
    terms_[s].clear();
    std::fill(vec_[s].begin(), vec_[s].end(), 0.0);
    sum_x_[s] = 0.0;
    sum_x2_[s] = 0.0;
  }
  for (const NamespaceSpan& ns : ex.namespaces) {
    const int s = side(ns);
    if (s < 0) continue;
    for (uint32_t i = ns.begin; i < ns.end; ++i) {
      const Feature& f = ex.features[i];
      terms_[s].push_back({f.index, f.value});
      const float* v = latent_.slot(f.index);
      for (unsigned j = 0; j < rank_; ++j) vec_[s][j] += static_cast<double>(f.value) * v[j];
      sum_x_[s] += f.value;
      sum_x2_[s] += static_cast<double>(f.value) * f.value;
    }
  }
  if (terms_[0].empty() || terms_[1].empty()) return 0.0;
  double dot = 0.0;
  for (unsigned j = 0; j < rank_; ++j) dot += vec_[0][j] * vec_[1][j];
  return dot - static_cast<double>(rank_) * sum_x_[0] * sum_x_[1];
}

void DotProduct::prepare(double g2, double importance, double eta, PredictionPath& path) {
  active_ = false;
  dyadic0_ = 0.0;
  if (terms_[0].empty() || terms_[1].empty()) return;
  const double eta_l = eta * eta_scale_;
  const std::size_t stride = rank_ + 1;
  double norm2[2] = {0, 0};
  for (int s = 0; s < 2; ++s)
    for (unsigned j = 0; j < rank_; ++j) norm2[s] += vec_[s][j] * vec_[s][j];
  for (int s = 0; s < 2; ++s) {
    rate_[s].resize(terms_[s].size());
    rho_[s] = 0.0;
    for (std::size_t i = 0; i < terms_[s].size(); ++i) {
      const Term& term = terms_[s][i];
      float* v = latent_.slot(term.index);
      const double x2 = static_cast<double>(term.x) * term.x;
      double rate = eta_l;
      // The adaptive sum is kept in every mode: G_f > 0 also marks a trained feature.
      v[rank_] = static_cast<float>(v[rank_] + g2 * x2 * norm2[1 - s]);
      if (adaptive_) rate = v[rank_] > 0 ? eta_l / std::sqrt(static_cast<double>(v[rank_])) : 0.0;
      rate_[s][i] = rate;
      rho_[s] += rate * x2;
    }
  }
  (void)stride;
  mu_ = 0.0;
  if (l2_ > 0) {
    const double x2 = sum_x2_[0] + sum_x2_[1];
    eta_shared_ = x2 > 0 ? (rho_[0] + rho_[1]) / x2 : 0.0;
    for (int s = 0; s < 2; ++s) {
      std::fill(rate_[s].begin(), rate_[s].end(), eta_shared_);
      rho_[s] = eta_shared_ * sum_x2_[s];
    }
    mu_ = 2.0 * eta_shared_ * l2_;
  }
  if (!(rho_[0] > 0) || !(rho_[1] > 0)) return;
  kappa_ = std::sqrt(rho_[0] * rho_[1]);
  r_ = std::sqrt(rho_[0] / rho_[1]);
  const double sr = std::sqrt(r_);
  double P = 0.0, M = 0.0;
  for (unsigned j = 0; j < rank_; ++j) {
    const double a = vec_[0][j] / sr, b = vec_[1][j] * sr;
    P += (a + b) * (a + b);
    M += (a - b) * (a - b);
  }
  path.kappa = kappa_;
  path.P = 0.5 * P;
  path.M = 0.5 * M;
  path.mu = mu_;
  dyadic0_ = 0.5 * (path.P - path.M);
  active_ = true;
  (void)importance;
}

void DotProduct::apply(double t, double importance) {
  if (!active_) return;
  const double x = kappa_ * t;
  const double sh = std::sinh(x);
  const double half = std::sinh(0.5 * x);
  const double ch1 = 2.0 * half * half;  // cosh(x) - 1 without cancellation
  if (!std::isfinite(sh) || !std::isfinite(ch1)) return;
  const double decay = mu_ > 0 ? std::exp(-0.5 * mu_ * importance) : 1.0;
  for (int s = 0; s < 2; ++s) {
    const std::vector<double>& mine = vec_[s];
    const std::vector<double>& other = vec_[1 - s];
    const double cross = s == 0 ? r_ : 1.0 / r_;
    for (std::size_t i = 0; i < terms_[s].size(); ++i) {
      const Term& term = terms_[s][i];
      float* v = latent_.slot(term.index);
      const double k = rate_[s][i] * term.x / rho_[s];
      for (unsigned j = 0; j < rank_; ++j) {
        const double delta = mine[j] * ch1 + cross * other[j] * sh;
        v[j] = static_cast<float>(decay * (v[j] + k * delta));
      }
    }
  }
}

}  // namespace learner
