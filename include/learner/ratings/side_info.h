// Side information for learner-ratings (--users, --items): one feature string per id,
// " f1 f2 ...", each feature preceded by a blank, ready to be written after "|a" / "|g"
// (or after the id in "|u" / "|i" under --side-in-ui). Same grammar and messages as the
// awk program of scripts/ratings2vw that this replaces.
//
// Users (--users): MovieLens 100K u.user "id|age|gender|occupation|zip" or 1M users.dat
// "id::gender::age::occupation::zip" (a line with "::" is the latter), giving
//   " age_<bucket> sex_<gender> occ_<occupation>[ zip3_<first 3 bytes of zip>]"
// with buckets under18 18-24 25-34 35-44 45-49 50-55 56+ (the MovieLens 1M buckets).
// Items (--items): 100K u.item "id|title|date|video date|url|19 flags 0/1" (genres in the
// order of u.genre), 1M movies.dat "id::title::A|B" or movies.csv (header "movieId,..." or
// "itemId,..."; the id is before the first comma, the genres after the last one, so quoted
// titles with commas are fine), giving " A B" ("(no genres listed)" gives nothing).
//
// One trailing '\r' per line is stripped. A control byte other than tab is an error (the
// features become VW text: learner/parse/line_bytes.h). Errors throw learner::InputError "<file>:<line>:
// <reason>": a blank line, a wrong field count, a bad id (see is_token), a non-numeric age,
// an empty gender or occupation, a genre flag other than 0/1, an id listed twice, and an
// empty file (line 0).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

#include "learner/io/line_reader.h"

namespace learner::ratings {

using FeatureTable = std::unordered_map<std::string, std::string>;

FeatureTable load_users(LineReader& in);
FeatureTable load_items(LineReader& in);

// A feature name: each run of blanks, tabs, '|' and ':' becomes one '_'.
std::string clean(std::string_view s);

// --centered: " a b" -> " a ~a:-1 b ~b:-1" (side features have the value 1).
std::string twins(std::string_view features);

// The MovieLens 1M age bucket of an age in years.
const char* age_bucket(unsigned long long age);

}  // namespace learner::ratings
