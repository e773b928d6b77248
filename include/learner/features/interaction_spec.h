// Interaction specs as VW normalises them (private to the features stage).
//
// normalise_interactions (VW 9.11 parse_args.cc "Sorts the overall list",
// interactions.h sort_and_filter_duplicate_interactions):
//  * sorts the list by (length, unsigned bytes), stably;
//  * unless `leave_duplicates` (--leave_duplicate_interactions), drops a
//    spec whose sorted characters equal an earlier one's: of "-q ba -q ab"
//    only "ab" stays (it sorts first);
//  * sorts a spec's characters when it has a repeated namespace and at least
//    two different ones ("aba" -> "aab", "bab" -> "abb"), so equal
//    namespaces are adjacent; "ba", "abc" and "aaa" keep their order
//    (hashes depend on order). This happens with duplicates left too.
// --permutations plays no part here: it only changes which feature pairs a
// self-interaction generates (feature_builder.h).
//
// expand_wildcards replaces each ':' by the namespace characters `present`
// (sorted): by default the wildcard positions take non-decreasing choices
// (combinations with repetition: "::" over {a,b} -> aa ab bb); with
// `leave_duplicates` every choice (aa ab ba bb), as VW's
// generate_interactions reduction. Specs without ':' are copied. The result
// is normalised as above: VW's per-example compilation of wildcard
// interactions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace learner {

constexpr char kWildcard = ':';

std::vector<std::string> normalise_interactions(const std::vector<std::string>& specs, bool leave_duplicates);

std::vector<std::string> expand_wildcards(const std::vector<std::string>& specs, std::string_view present,
                                          bool leave_duplicates);

}  // namespace learner
