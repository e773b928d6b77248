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

// The top n of `f` for users 0..n_users-1 of `set`, each user's own training items excluded
// (one thread).
inline TopLists top_of_first_users(const Factors& f, const InteractionSet& set, uint32_t n_users, unsigned n) {
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  const FactorScorer scorer(f);
  std::vector<uint32_t> users(n_users);
  for (uint32_t u = 0; u < n_users; ++u) users[u] = u;
  return recommend(scorer, &own, users, n, 1);
}

// Of the 60 recommendations (each user's top 3, own items excluded) of `f`
// on `set` (two_taste_groups), how many are from the user's own group.
inline int own_group_recommendations(const Factors& f, const InteractionSet& set) {
  const TopLists top = top_of_first_users(f, set, 20, 3);
  int right = 0;
  for (uint32_t u = 0; u < 20; ++u)
    for (const TopItem& t : top.row(u)) {
      const std::string& name = set.items.name(t.item);  // "i0".."i7": the first group
      right += (name.size() == 2 && name[1] - '0' < 8) == (u < 10);
    }
  return right;
}

}  // namespace learner::topn::test_groups
