// Shared fixture of the top-N tests: two taste groups, and how many of a
// model's recommendations come from the user's own group.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "learner/topn/factors.h"
#include "learner/topn/interactions.h"
#include "learner/topn/recommend.h"

namespace learner::topn::test_groups {

// Users u0..u9 like items i0..i7, users u10..u19 items i8..i15, each user
// rating 5 of their group's items.
inline InteractionSet two_taste_groups() {
  InteractionSet set;
  std::string text;
  char line[32];
  for (int u = 0; u < 20; ++u)
    for (int n = 0; n < 5; ++n) {
      std::snprintf(line, sizeof line, "u%d i%d 5\n", u, (u < 10 ? 0 : 8) + (u + 3 * n) % 8);
      text += line;
    }
  read_interactions_text(text, set);
  return set;
}

// Of the 60 recommendations (each user's top 3, own items excluded) of `f`
// on `set` (two_taste_groups), how many are from the user's own group.
inline int own_group_recommendations(const Factors& f, const InteractionSet& set) {
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  const FactorScorer scorer(f);
  std::vector<uint32_t> users(20);
  for (uint32_t u = 0; u < 20; ++u) users[u] = u;
  const TopLists top = recommend(scorer, &own, users, 3, 1);
  int right = 0;
  for (uint32_t u = 0; u < 20; ++u)
    for (const TopItem& t : top.row(u)) {
      const std::string& name = set.items.name(t.item);  // "i0".."i7": the first group
      right += (name.size() == 2 && name[1] - '0' < 8) == (u < 10);
    }
  return right;
}

}  // namespace learner::topn::test_groups
