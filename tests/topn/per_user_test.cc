// learner-topn eval --per_user: each evaluated user's figures (protocols.h),
// whose plain means are the protocols' aggregates, on a small scorer.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "learner/topn/protocols.h"

namespace learner::topn {
namespace {

// Item i scores (i * 7 + 3 * user) mod 11: a different order per user.
class ModScorer final : public Scorer {
 public:
  explicit ModScorer(std::size_t items) : items_(items) {}
  std::size_t items() const override { return items_; }
  void score(uint32_t user, std::span<float> out) const override {
    for (std::size_t i = 0; i < items_; ++i) out[i] = static_cast<float>((i * 7 + 3 * user) % 11);
  }

 private:
  std::size_t items_;
};

std::vector<Interaction> pairs(std::initializer_list<std::pair<uint32_t, uint32_t>> list, float rating = 5.0f) {
  std::vector<Interaction> out;
  double time = 0;
  for (const auto& [u, i] : list) out.push_back({u, i, rating, ++time});
  return out;
}

TEST(TopnPerUser, FoldsUsersAreTheAggregatesTerms) {
  const std::size_t n_users = 4, n_items = 11;
  const auto train = pairs({{0, 1}, {0, 2}, {1, 3}, {2, 4}, {2, 5}, {3, 6}});
  // User 3 has no relevant item (its test pair is rated 2): it is not evaluated.
  auto test = pairs({{0, 3}, {0, 8}, {1, 0}, {1, 9}, {2, 10}});
  test.push_back({3, 7, 2.0f, 9.0});
  const UserItems known(n_users, n_items, train), relevant(n_users, n_items, test, 4.0f);
  const ModScorer scorer(n_items);
  std::vector<UserResult> users;
  const TopnMetrics all = evaluate_folds(scorer, known, relevant, 3, 1, &users);
  ASSERT_EQ(users.size(), 3u);
  EXPECT_EQ(all.users, 3u);
  double p = 0, r = 0, ndcg = 0, ap = 0, hit = 0;
  for (std::size_t n = 0; n < users.size(); ++n) {
    EXPECT_EQ(users[n].user, n);  // in user order
    EXPECT_EQ(users[n].m.users, 1u);
    p += users[n].m.precision;
    r += users[n].m.recall;
    ndcg += users[n].m.ndcg;
    ap += users[n].m.map;
    hit += users[n].m.hit_rate;
  }
  EXPECT_DOUBLE_EQ(p / 3, all.precision);
  EXPECT_DOUBLE_EQ(r / 3, all.recall);
  EXPECT_DOUBLE_EQ(ndcg / 3, all.ndcg);
  EXPECT_DOUBLE_EQ(ap / 3, all.map);
  EXPECT_DOUBLE_EQ(hit / 3, all.hit_rate);
  // User 1 by hand: scores (7i + 3) mod 11, training item 3 left out; the best three are
  // items 1 (10), 4 (9) and 7 (8); its relevant items {0, 9}: no hit.
  EXPECT_EQ(users[1].m.hit_rate, 0.0);
  // The same run without per_user gives the same aggregate.
  const TopnMetrics again = evaluate_folds(scorer, known, relevant, 3, 2);
  EXPECT_EQ(again.precision, all.precision);
  EXPECT_EQ(again.ndcg, all.ndcg);
}

TEST(TopnPerUser, LeaveOneOutRowsAreTheAggregatesTerms) {
  const std::size_t n_users = 3, n_items = 11;
  const auto train = pairs({{0, 1}, {1, 2}, {2, 3}});
  const auto held_out = pairs({{0, 5}, {1, 6}, {2, 20}});  // item 20 is outside the catalogue: a miss
  std::vector<Interaction> all_rows = train;
  all_rows.insert(all_rows.end(), held_out.begin(), held_out.end());
  const UserItems known(n_users, n_items, all_rows);
  const ModScorer scorer(n_items);
  std::vector<UserResult> rows;
  const LooResult r = evaluate_loo(scorer, known, held_out, 5, 3, 7, &rows);
  ASSERT_EQ(rows.size(), 3u);
  double hit = 0, ndcg = 0;
  for (std::size_t n = 0; n < rows.size(); ++n) {
    EXPECT_EQ(rows[n].user, held_out[n].user);
    EXPECT_EQ(rows[n].m.hit_rate, rows[n].rank >= 1 && rows[n].rank <= 3 ? 1.0 : 0.0);
    EXPECT_DOUBLE_EQ(rows[n].m.ndcg, rows[n].rank >= 1 ? loo_ndcg(rows[n].rank, 3) : 0.0);
    hit += rows[n].m.hit_rate;
    ndcg += rows[n].m.ndcg;
  }
  EXPECT_EQ(rows[2].rank, 0u);  // the miss: no rank
  EXPECT_EQ(rows[2].m.hit_rate, 0.0);
  EXPECT_DOUBLE_EQ(hit / 3, r.hit_rate);
  EXPECT_DOUBLE_EQ(ndcg / 3, r.ndcg);
  const LooResult again = evaluate_loo(scorer, known, held_out, 5, 3, 7);
  EXPECT_EQ(again.hit_rate, r.hit_rate);
  EXPECT_EQ(again.ndcg, r.ndcg);
}

}  // namespace
}  // namespace learner::topn
