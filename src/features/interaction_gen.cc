// Cartesian products of interaction terms: a flat loop for pairs, recursion
// for longer interactions.
#include "interaction_gen.h"

#include "learner/parse/hash.h"

namespace learner {
namespace {

struct Crosser {
  const Feature* features;
  const InteractionTerm* terms;
  std::size_t count;
  std::vector<Feature>& out;

  // Picks term `depth` from position index `start` on, given the hash and
  // value of the picks so far.
  void walk(std::size_t depth, uint32_t start, uint32_t hash, float value) const {
    const InteractionTerm& term = terms[depth];
    const bool last = depth + 1 == count;
    for (uint32_t i = start; i < term.size; ++i) {
      const Feature& f = features[term.positions[i]];
      uint32_t h = interaction_hash(hash, f.index);
      if (last) {
        out.push_back(Feature{value * f.value, h});
      } else {
        walk(depth + 1, terms[depth + 1].same_as_previous ? i : 0, h, value * f.value);
      }
    }
  }
};

struct NameCrosser {
  const std::vector<std::string>& names;
  const InteractionTerm* terms;
  std::size_t count;
  std::vector<std::string>& out;
  std::string prefix;

  void walk(std::size_t depth, uint32_t start) {
    const InteractionTerm& term = terms[depth];
    const std::size_t keep = prefix.size();
    for (uint32_t i = start; i < term.size; ++i) {
      if (depth > 0) prefix += '*';
      prefix += names[term.positions[i]];
      if (depth + 1 == count) {
        out.push_back(prefix);
      } else {
        walk(depth + 1, terms[depth + 1].same_as_previous ? i : 0);
      }
      prefix.resize(keep);
    }
  }
};

}  // namespace

uint64_t interaction_count(const InteractionTerm* terms, std::size_t count) {
  // Runs of the same term with the i <= j rule pick a multiset: C(n + r - 1, r).
  constexpr uint64_t kMax = ~uint64_t{0};
  __extension__ using Wide = unsigned __int128;  // a GCC/Clang type: no -Wpedantic warning
  uint64_t total = count == 0 ? 0 : 1;
  for (std::size_t p = 0; p < count;) {
    std::size_t r = 1;
    while (p + r < count && terms[p + r].same_as_previous) ++r;
    const uint64_t n = terms[p].size;
    uint64_t picks = 1;  // C(n + r - 1, r), computed exactly step by step
    for (uint64_t k = 1; k <= r; ++k) {
      const Wide v = static_cast<Wide>(picks) * (n + k - 1) / k;
      picks = v > kMax ? kMax : static_cast<uint64_t>(v);
    }
    const Wide t = static_cast<Wide>(total) * picks;
    total = t > kMax ? kMax : static_cast<uint64_t>(t);
    p += r;
  }
  return total;
}

void generate_interaction(const Feature* features, const InteractionTerm* terms, std::size_t count,
                          std::vector<Feature>& out) {
  if (count == 0) return;
  if (count == 2) {  // the common -q case, kept flat
    const InteractionTerm& a = terms[0];
    const InteractionTerm& b = terms[1];
    for (uint32_t i = 0; i < a.size; ++i) {
      const Feature& fa = features[a.positions[i]];
      const uint32_t half = kFnvPrime * fa.index;
      for (uint32_t j = b.same_as_previous ? i : 0; j < b.size; ++j) {
        const Feature& fb = features[b.positions[j]];
        out.push_back(Feature{fa.value * fb.value, half ^ fb.index});
      }
    }
    return;
  }
  // The first pick's hash is its index itself: walk from depth 1 under each.
  const InteractionTerm& first = terms[0];
  Crosser crosser{features, terms, count, out};
  for (uint32_t i = 0; i < first.size; ++i) {
    const Feature& f = features[first.positions[i]];
    if (count == 1) {
      out.push_back(f);
    } else {
      crosser.walk(1, terms[1].same_as_previous ? i : 0, f.index, f.value);
    }
  }
}

void generate_interaction_names(const std::vector<std::string>& names, const InteractionTerm* terms,
                                std::size_t count, std::vector<std::string>& out) {
  if (count == 0) return;
  NameCrosser crosser{names, terms, count, out, {}};
  crosser.walk(0, 0);
}

}  // namespace learner
