// Deterministic synthetic ratings for the demo and the tests: users and items
// with biases and rank-3 latent tastes, ratings 1..5, written as VW lines
// "rating |u uID |i iID". Standard library only.
//
//   gen_ratings [--users 600] [--items 400] [--ratings 60000] [--seed 1]
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Rng {
  uint64_t s;
  uint64_t next() {
    s += 0x9E3779B97F4A7C15ull;
    uint64_t z = s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }
  double normal() {
    const double u = std::max(uniform(), 1e-300), v = uniform();
    return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * v);
  }
};

long arg(int argc, char** argv, const char* name, long fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) {
      char* end;
      const long v = std::strtol(argv[i + 1], &end, 10);
      if (*end || v <= 0) {
        std::fprintf(stderr, "gen_ratings: %s needs a positive integer\n", name);
        std::exit(2);
      }
      return v;
    }
  return fallback;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      std::puts("usage: gen_ratings [--users N] [--items N] [--ratings N] [--seed S] > ratings.vw");
      return 0;
    }
  const long users = arg(argc, argv, "--users", 600), items = arg(argc, argv, "--items", 400);
  const long ratings = arg(argc, argv, "--ratings", 60000), seed = arg(argc, argv, "--seed", 1);
  constexpr int kRank = 3;
  Rng rng{static_cast<uint64_t>(seed) * 0x1234567ull};
  std::vector<double> ub(users), ib(items), uf(users * kRank), itf(items * kRank), pop(items);
  for (auto& b : ub) b = 0.4 * rng.normal();
  for (auto& b : ib) b = 0.5 * rng.normal();
  for (auto& f : uf) f = 0.6 * rng.normal();
  for (auto& f : itf) f = 0.6 * rng.normal();
  // Item popularity is skewed, as in real rating logs.
  double total = 0;
  for (long i = 0; i < items; ++i) total += pop[i] = 1.0 / std::pow(i + 1.0, 0.7);
  std::vector<double> cdf(items);
  double acc = 0;
  for (long i = 0; i < items; ++i) cdf[i] = (acc += pop[i] / total);
  for (long n = 0; n < ratings; ++n) {
    const long u = static_cast<long>(rng.next() % static_cast<uint64_t>(users));
    const long i = std::min<long>(items - 1, std::lower_bound(cdf.begin(), cdf.end(), rng.uniform()) - cdf.begin());
    double r = 3.5 + ub[u] + ib[i] + 0.3 * rng.normal();
    for (int k = 0; k < kRank; ++k) r += uf[u * kRank + k] * itf[i * kRank + k];
    const int rating = static_cast<int>(std::clamp(std::lround(r), 1L, 5L));
    std::printf("%d |u %ld |i %ld\n", rating, u + 1, i + 1);
  }
  return 0;
}
