// Test support of tests/bayes: a generated low-rank rating matrix and short sampling options.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "learner/bayes/bpmf.h"

namespace learner::bayes::test {

// r = 3 + b_u + c_i + U_u . V_i + noise (rank 2), every pair kept with probability `density`;
// the pairs left out are the queries.
struct Generated {
  std::vector<Rating> train, test;
};
inline Generated low_rank(std::size_t users, std::size_t items, double density, double noise, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform;
  std::vector<double> b(users), c(items), u(users * 2), v(items * 2);
  for (auto& x : b) x = 0.3 * normal(rng);
  for (auto& x : c) x = 0.3 * normal(rng);
  for (auto& x : u) x = normal(rng);
  for (auto& x : v) x = normal(rng);
  Generated g;
  for (std::uint32_t i = 0; i < users; ++i)
    for (std::uint32_t j = 0; j < items; ++j) {
      const double truth = 3.0 + b[i] + c[j] + u[2 * i] * v[2 * j] + u[2 * i + 1] * v[2 * j + 1];
      if (uniform(rng) < density)
        g.train.push_back({i, j, truth + noise * normal(rng)});
      else
        g.test.push_back({i, j, truth});
    }
  return g;
}

// Options of a short run: rank, sweeps, sweeps left out of the mean.
inline BpmfOptions sampling(int rank, int sweeps, int burn_in) {
  BpmfOptions o;
  o.rank = rank;
  o.sweeps = sweeps;
  o.burn_in = burn_in;
  return o;
}

inline double rmse(const std::vector<double>& p, const std::vector<Rating>& q) {
  double se = 0.0;
  for (std::size_t k = 0; k < q.size(); ++k) se += (p[k] - q[k].value) * (p[k] - q[k].value);
  return std::sqrt(se / static_cast<double>(q.size()));
}

}  // namespace learner::bayes::test
