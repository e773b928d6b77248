// Micro-benchmarks of the learning core alone: predict + learn per example
// on ratings-shaped examples (`rating |u uID |i iID`, a ml-100k-sized
// catalogue), parsed and built once up front, so that the time is the core's
// (no parser thread, no cross-core traffic); the next example's weights are
// prefetched as the driver does. Linear against
// --dotproduct ui --rank k, per loss: the core's side of the speed target
// of scripts/bench/movielens.sh.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "learner/learners/gd/config.h"
#include "learner/learners/gd/model.h"
#include "learner/features/feature_builder.h"
#include "learner/loss/loss.h"
#include "learner/parse/text_parser.h"
#include "../learners/gd/fixed_config.h"

namespace learner {
namespace {

constexpr int kUsers = 943, kItems = 1682, kExamples = 80000;

struct Built {
  Example ex;
  std::vector<Feature> features;
};

// Ratings from a rank-2 model plus noise, rounded to 1..5 (deterministic).
const std::vector<Built>& ratings() {
  static const std::vector<Built> examples = [] {
    std::mt19937_64 rng(7);
    std::normal_distribution<double> g(0.0, 1.0);
    std::vector<double> user(2 * kUsers), item(2 * kItems);
    for (double& v : user) v = 0.5 * g(rng);
    for (double& v : item) v = 0.5 * g(rng);
    std::uniform_int_distribution<int> pick_user(0, kUsers - 1), pick_item(0, kItems - 1);
    const TextParser parser(ParseOptions{});
    const FeatureBuilder builder(FeatureSpec{});
    std::vector<Built> out(kExamples);
    for (Built& b : out) {
      const int u = pick_user(rng), i = pick_item(rng);
      const double r = 3.5 + user[2 * u] * item[2 * i] + user[2 * u + 1] * item[2 * i + 1] + 0.8 * g(rng);
      const int rating = std::clamp(static_cast<int>(std::lround(r)), 1, 5);
      const std::string line = std::to_string(rating) + " |u u" + std::to_string(u) + " |i i" + std::to_string(i);
      parser.parse(line, b.ex, "bench", 1);
      builder.build(b.ex, b.features);
    }
    return out;
  }();
  return examples;
}

// rank 0: the linear model. sgd: plain SGD (--sgd) instead of VW's default
// adaptive, normalized rule.
void learn(benchmark::State& state, const char* loss_name, unsigned rank, bool sgd = false) {
  CoreConfig config = fixed_config();
  if (sgd) {
    config.rule.adaptive = false;
    config.rule.normalized = false;
  }
  if (rank > 0) {
    config.dotproducts.push_back({"u", "i", false});
    config.rank = rank;
  }
  LossSpec spec;
  spec.name = loss_name;
  const auto loss = make_loss(spec);
  Model model(config, *loss);
  const std::vector<Built>& examples = ratings();
  std::size_t n = 0;
  for (auto _ : state) {
    const Built& b = examples[n];
    if (++n == examples.size()) n = 0;
    model.prefetch(examples[n].ex, examples[n].features);  // as the driver does
    const double p = std::clamp(model.predict(b.ex, b.features), 1.0, 5.0);
    model.learn(b.ex, b.features, p, b.ex.label, b.ex.importance);
    benchmark::DoNotOptimize(p);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_LearnLinear(benchmark::State& s, const char* loss) { learn(s, loss, 0); }
void BM_LearnDyadic(benchmark::State& s, const char* loss) { learn(s, loss, static_cast<unsigned>(s.range(0))); }
BENCHMARK_CAPTURE(BM_LearnLinear, squared, "squared");
BENCHMARK_CAPTURE(BM_LearnDyadic, squared, "squared")->Arg(1)->Arg(5);
BENCHMARK_CAPTURE(BM_LearnLinear, quantile, "quantile");
void BM_LearnLinearSgd(benchmark::State& s, const char* loss) { learn(s, loss, 0, true); }
void BM_LearnDyadicSgd(benchmark::State& s, const char* loss) { learn(s, loss, 5, true); }
BENCHMARK_CAPTURE(BM_LearnLinearSgd, squared, "squared");
BENCHMARK_CAPTURE(BM_LearnDyadicSgd, squared, "squared");
BENCHMARK_CAPTURE(BM_LearnDyadic, quantile, "quantile")->Arg(5);

}  // namespace
}  // namespace learner
