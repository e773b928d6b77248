// Micro-benchmarks of one importance-aware update on dyadic paths shaped like
// those of online training on ratings (--dotproduct ui --rank 5): small
// rates, latent vectors near the +1 start, residuals of about one rating.
// Build with -DLEARNER_MICROBENCH=ON; run build/micro_bench.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "learner/loss/loss.h"
#include "learner/loss/path.h"

namespace learner {
namespace {

struct Case {
  PredictionPath path;
  double y;
};

std::vector<Case> training_like_cases(double rate_scale) {
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<Case> cases(1024);
  for (Case& c : cases) {
    const double rho_a = rate_scale * (0.2 + u(rng)), rho_b = rate_scale * (0.2 + u(rng));
    const double kappa = std::sqrt(rho_a * rho_b), r = std::sqrt(rho_a / rho_b);
    double P = 0.0, M = 0.0, dot = 0.0;
    for (int j = 0; j < 5; ++j) {
      const double a = 1.0 + 0.3 * (u(rng) - 0.5), b = 1.0 + 0.3 * (u(rng) - 0.5);
      P += (a / std::sqrt(r) + b * std::sqrt(r)) * (a / std::sqrt(r) + b * std::sqrt(r));
      M += (a / std::sqrt(r) - b * std::sqrt(r)) * (a / std::sqrt(r) - b * std::sqrt(r));
      dot += a * b;
    }
    c.path.q = rate_scale * 3.0 * (0.5 + u(rng));
    c.path.kappa = kappa;
    c.path.P = 0.5 * P;
    c.path.M = 0.5 * M;
    const double p0 = 3.5 + (u(rng) - 0.5);
    c.path.p_lin0 = p0 - 0.5 * (c.path.P - c.path.M);
    c.y = 1.0 + std::floor(5.0 * u(rng));
  }
  return cases;
}

// The same paths around 0 with labels -1 / +1 (logistic on click-like data).
std::vector<Case> binary_cases(double rate_scale) {
  std::vector<Case> cases = training_like_cases(rate_scale);
  for (Case& c : cases) {
    c.path.p_lin0 -= 3.5;
    c.y = c.y > 3.0 ? 1.0 : -1.0;
  }
  return cases;
}

void run(benchmark::State& state, const char* loss_name, double rate_scale, bool binary = false) {
  LossSpec spec;
  spec.name = loss_name;
  const auto loss = make_loss(spec);
  const std::vector<Case> cases = binary ? binary_cases(rate_scale) : training_like_cases(rate_scale);
  std::size_t i = 0;
  for (auto _ : state) {
    const Case& c = cases[i++ & 1023];
    benchmark::DoNotOptimize(loss->step(c.path, c.y, 1.0));
  }
  state.SetItemsProcessed(state.iterations());
}

// rate_scale ~ the per-feature rate: 0.01 is late training, 0.1 early.
void BM_SquaredDyadic(benchmark::State& s) { run(s, "squared", s.range(0) * 1e-3); }
void BM_QuantileDyadic(benchmark::State& s) { run(s, "quantile", s.range(0) * 1e-3); }
void BM_LogisticDyadic(benchmark::State& s) { run(s, "logistic", s.range(0) * 1e-3, true); }
BENCHMARK(BM_SquaredDyadic)->Arg(10)->Arg(100);
BENCHMARK(BM_QuantileDyadic)->Arg(10)->Arg(100);
BENCHMARK(BM_LogisticDyadic)->Arg(10)->Arg(100);

}  // namespace
}  // namespace learner
