// Deterministic synthetic ratings for the demo and the tests: users and items
// with biases and rank-3 latent tastes, ratings 1..5, written as VW lines
// "rating |u uID |i iID" on standard output.
//
//   gen_ratings [--users 600] [--items 400] [--ratings 60000] [--seed 1]
//
// Exit status: 0; 1 when standard output cannot be written (the message names
// errno's reason); 2 on a usage error (an unknown option, a value missing or
// out of range: --users and --items 1..1000000, --ratings 1..10^12, --seed
// 1..2^63-1).
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/io/standard_output.h"

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

struct Settings {
  long users = 600, items = 400, ratings = 60000, seed = 1;
};

// "--name VALUE": a whole number in [1, max]; UsageError otherwise.
long whole(const std::string& name, const char* text, long max) {
  errno = 0;
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || errno == ERANGE || v < 1 || v > max)
    throw learner::UsageError(name + " needs a whole number in 1.." + std::to_string(max) + ", not '" + text + "'");
  return v;
}

Settings parse(int argc, char** argv) {
  Settings s;
  for (int i = 1; i < argc; ++i) {
    const std::string name = argv[i];
    long* dst = name == "--users" ? &s.users : name == "--items" ? &s.items : name == "--ratings" ? &s.ratings
                : name == "--seed" ? &s.seed : nullptr;
    if (!dst) throw learner::UsageError("unknown argument '" + name + "'");
    if (i + 1 >= argc) throw learner::UsageError(name + " needs a value");
    const long max = dst == &s.ratings ? 1000000000000L : dst == &s.seed ? 0x7fffffffffffffffL : 1000000L;
    *dst = whole(name, argv[++i], max);
  }
  return s;
}

void generate(const Settings& s) {
  const long users = s.users, items = s.items, ratings = s.ratings;
  constexpr int kRank = 3;
  Rng rng{static_cast<uint64_t>(s.seed) * 0x1234567ull};
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
  std::string out;
  char line[64];
  for (long n = 0; n < ratings; ++n) {
    const long u = static_cast<long>(rng.next() % static_cast<uint64_t>(users));
    const long i = std::min<long>(items - 1, std::lower_bound(cdf.begin(), cdf.end(), rng.uniform()) - cdf.begin());
    double r = 3.5 + ub[u] + ib[i] + 0.3 * rng.normal();
    for (int k = 0; k < kRank; ++k) r += uf[u * kRank + k] * itf[i * kRank + k];
    const int rating = static_cast<int>(std::clamp(std::lround(r), 1L, 5L));
    out.append(line, static_cast<std::size_t>(std::snprintf(line, sizeof line, "%d |u %ld |i %ld\n", rating, u + 1, i + 1)));
    if (out.size() >= (1u << 16)) {
      learner::write_stdout(out);
      out.clear();
    }
  }
  learner::write_stdout(out);
  learner::finish_stdout();
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      std::puts("usage: gen_ratings [--users N] [--items N] [--ratings N] [--seed S] > ratings.vw\n"
                "  --users, --items 1..1000000 (default 600, 400); --ratings 1..10^12 (60000); --seed >= 1 (1)");
      return 0;
    }
  Settings settings;
  try {
    settings = parse(argc, argv);
  } catch (const learner::UsageError& e) {
    std::fprintf(stderr, "gen_ratings: %s\nTry 'gen_ratings --help'.\n", e.what());
    return 2;
  }
  try {
    generate(settings);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gen_ratings: %s\n", e.what());
    return 1;
  }
  return 0;
}
