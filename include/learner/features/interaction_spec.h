// Interaction specs as VW normalises them (private to the features stage).
//
// normalise_interactions, unless `permutations` (then specs are kept as given):
//  * drops a spec whose sorted characters equal an earlier one's ("ba" after
//    "ab"): the first in list order is kept;
//  * sorts a spec's characters when it has a repeated namespace and at least
//    two different ones ("aba" -> "aab", "bab" -> "abb"), so equal
//    namespaces are adjacent; "ba", "abc" and "aaa" keep their order
//    (hashes depend on order).
//
// expand_wildcards replaces each ':' by the namespace characters `present`
// (sorted). Without permutations the wildcard positions take non-decreasing
// choices (combinations with repetition: "::" over {a,b} -> aa ab bb); with
// permutations every choice (aa ab ba bb). Specs without ':' are copied. The
// result is sorted by (length, characters) and, unless permutations,
// normalised: VW's per-example compilation of wildcard interactions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace learner {

constexpr char kWildcard = ':';

std::vector<std::string> normalise_interactions(const std::vector<std::string>& specs, bool permutations);

std::vector<std::string> expand_wildcards(const std::vector<std::string>& specs, std::string_view present,
                                          bool permutations);

}  // namespace learner
