#include "vw_latent.h"

#include <cerrno>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "learner/error.h"

namespace learner {
namespace {

constexpr unsigned kMaxRank = 256;  // --rank's declared range

// The rank K of "abK" (--lrq, VW reads K with strtoul base 0, so 0x10 is
// 16; learner takes the same forms, and K in 1..256).
unsigned parse_rank(const std::string& s, const std::string& digits, const char* flag, const char* what) {
  const std::string where = std::string(flag) + " '" + s + "': ";
  if (digits.empty() || digits[0] < '0' || digits[0] > '9')
    throw UsageError(where + "the rank after the " + what + " must be a number");
  char* end = nullptr;
  errno = 0;
  const unsigned long k = std::strtoul(digits.c_str(), &end, 0);
  if (*end != '\0' || errno == ERANGE) throw UsageError(where + "the rank after the " + what + " must be a number");
  if (k < 1 || k > kMaxRank) throw UsageError(where + "the rank must be between 1 and " + std::to_string(kMaxRank));
  return static_cast<unsigned>(k);
}

unsigned lrq_rank(const std::string& s) {
  if (s.find(':') != std::string::npos) throw UsageError("--lrq does not take wildcards (':'), got '" + s + "'");
  if (s.size() < 3)
    throw UsageError("--lrq takes two namespace letters and a rank, e.g. --lrq ab5; got '" + s + "'");
  return parse_rank(s, s.substr(2), "--lrq", "two namespace letters");
}

// "abcK" (VW's --lrqfa): the namespace letters, then the rank in decimal
// digits (VW splits at the last non-digit and reads K with atoi).
std::pair<std::string, unsigned> lrqfa_fields(const std::string& s) {
  if (s.find(':') != std::string::npos) throw UsageError("--lrqfa does not take wildcards (':'), got '" + s + "'");
  const std::size_t last = s.find_last_not_of("0123456789");
  if (last == std::string::npos || last + 1 == s.size())
    throw UsageError("--lrqfa takes namespace letters and a rank, e.g. --lrqfa abc4; got '" + s + "'");
  return {s.substr(0, last + 1), parse_rank(s, s.substr(last + 1), "--lrqfa", "namespace letters")};
}

// VW's lrq sums over every left and right feature, so a namespace paired
// with itself is |A|^2 (DotProduct's self pair); gd_mf keeps separate left
// and right vectors per feature, which learner's model has not.
void add_pair(CoreConfig& c, char left, char right, const std::string& flag, bool self_allowed) {
  if (left == right && !self_allowed)
    throw UsageError(flag + ": VW's matrix factorisation gives a feature separate left and right vectors, so '" +
                     std::string(2, left) + "' is not learner's self pair (A.A); use --lrq " + std::string(2, left) +
                     "K or --dotproduct " + std::string(2, left));
  for (const DotProductPair& p : c.dotproducts)
    if (!p.by_full_name && p.left[0] == left && p.right[0] == right) return;  // repeated: VW keeps one
  c.dotproducts.push_back({std::string(1, left), std::string(1, right), false});
}

}  // namespace

namespace detail {

bool apply_vw_latent_spellings(const OptionValues& v, CoreConfig& c, const std::vector<std::string>& interactions,
                               bool rank_on_command_line, bool& takes_interactions) {
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
    for (const std::string& s : lrq) add_pair(c, s[0], s[1], "--lrq '" + s + "'", true);
    c.rank = rank;
    applied = true;
  }
  if (v.given("lrqfa")) {
    const auto [fields, rank] = lrqfa_fields(v.text("lrqfa"));
    if (!lrq.empty() && rank != c.rank)
      throw UsageError("--lrqfa: learner uses one rank for all pairs, --lrq gives " + std::to_string(c.rank) +
                       " and --lrqfa " + std::to_string(rank));
    if (v.given("rank") && lrq.empty() && c.rank != rank)
      throw UsageError("--lrqfa gives rank " + std::to_string(rank) + " but --rank is " + std::to_string(c.rank));
    if (!c.dotproduct_fields.empty() && c.dotproduct_fields != fields)
      throw UsageError("--lrqfa " + fields + " conflicts with --dotproduct_fields " + c.dotproduct_fields +
                       " (given, or restored from the -i model)");
    c.dotproduct_fields = fields;
    c.rank = rank;
    applied = true;
  }
  if (v.flag("lrqdropout")) {
    if (lrq.empty())
      throw UsageError("--lrqdropout applies to --lrq (VW's); for other latent models give --dotproduct_dropout 0.5");
    if (v.given("dotproduct_dropout") && c.dotproduct_dropout != 0.5 && c.dotproduct_dropout != 0)
      throw UsageError("--lrqdropout means --dotproduct_dropout 0.5, but --dotproduct_dropout is " +
                       std::to_string(c.dotproduct_dropout));
    c.dotproduct_dropout = 0.5;
  }
  if (!applied && rank_on_command_line && !c.has_latent() && !interactions.empty()) {
    // VW's --rank: the interactions are the factorised pairs, and only them.
    for (const std::string& s : interactions) {
      if (s.size() != 2)
        throw UsageError("--rank with -q/--interactions (VW's matrix factorisation) takes pairs only, got '" + s + "'");
      if (s.find(':') != std::string::npos)
        throw UsageError("--rank with -q (VW's matrix factorisation) does not take wildcards (':'), got '" + s + "'");
      add_pair(c, s[0], s[1], "--rank with -q " + s, false);
    }
    takes_interactions = true;
    applied = true;
  }
  return applied;
}

}  // namespace detail
}  // namespace learner
