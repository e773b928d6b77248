#include "vw_latent.h"

#include <cerrno>
#include <cstdlib>
#include <string>
#include <vector>

#include "learner/error.h"

namespace learner {
namespace {

constexpr unsigned kMaxRank = 256;  // --rank's declared range

// "abK": two namespace letters and a rank (VW reads K with strtoul base 0,
// so 0x10 is 16; learner takes the same forms, and K in 1..256).
unsigned lrq_rank(const std::string& s) {
  if (s.find(':') != std::string::npos) throw UsageError("--lrq does not take wildcards (':'), got '" + s + "'");
  if (s.size() < 3)
    throw UsageError("--lrq takes two namespace letters and a rank, e.g. --lrq ab5; got '" + s + "'");
  const std::string digits = s.substr(2);
  if (digits[0] < '0' || digits[0] > '9')
    throw UsageError("--lrq '" + s + "': the rank after the two namespace letters must be a number");
  char* end = nullptr;
  errno = 0;
  const unsigned long k = std::strtoul(digits.c_str(), &end, 0);
  if (*end != '\0' || errno == ERANGE)
    throw UsageError("--lrq '" + s + "': the rank after the two namespace letters must be a number");
  if (k < 1 || k > kMaxRank)
    throw UsageError("--lrq '" + s + "': the rank must be between 1 and " + std::to_string(kMaxRank));
  return static_cast<unsigned>(k);
}

void add_pair(CoreConfig& c, char left, char right, const std::string& flag) {
  if (left == right)
    throw UsageError(flag + ": learner's dyadic model needs two different namespaces, got '" + std::string(2, left) +
                     "' (VW would pair a namespace with itself)");
  for (const DotProductPair& p : c.dotproducts)
    if (!p.by_full_name && p.left[0] == left && p.right[0] == right) return;  // repeated: VW keeps one
  c.dotproducts.push_back({std::string(1, left), std::string(1, right), false});
}

}  // namespace

bool apply_vw_latent_spellings(const OptionValues& v, Options& o, bool rank_on_command_line) {
  CoreConfig& c = o.core;
  const std::vector<std::string> lrq = v.list("lrq");
  bool applied = false;
  if (!lrq.empty()) {
    unsigned rank = 0;
    for (const std::string& s : lrq) {
      const unsigned k = lrq_rank(s);
      if (rank != 0 && k != rank)
        throw UsageError("--lrq: learner uses one rank for all pairs, got " + std::to_string(rank) + " and " +
                         std::to_string(k) + " ('" + s + "')");
      rank = k;
    }
    if (v.given("rank") && c.rank != rank)
      throw UsageError("--lrq gives rank " + std::to_string(rank) + " but --rank is " + std::to_string(c.rank));
    for (const std::string& s : lrq) add_pair(c, s[0], s[1], "--lrq '" + s + "'");
    c.rank = rank;
    applied = true;
  } else if (rank_on_command_line && c.dotproducts.empty() && !o.features.interactions.empty()) {
    // VW's --rank: the interactions are the factorised pairs, and only them.
    for (const std::string& s : o.features.interactions) {
      if (s.size() != 2)
        throw UsageError("--rank with -q/--interactions (VW's matrix factorisation) takes pairs only, got '" + s + "'");
      if (s.find(':') != std::string::npos)
        throw UsageError("--rank with -q (VW's matrix factorisation) does not take wildcards (':'), got '" + s + "'");
      add_pair(c, s[0], s[1], "--rank with -q " + s);
    }
    o.features.interactions.clear();
    applied = true;
  }
  if (applied && !v.given("dotproduct_center")) c.center = 0.0;
  return applied;
}

}  // namespace learner
