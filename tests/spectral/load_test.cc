// Rating files into RatingSets (learner/spectral/load.h): ids, levels and file:line errors.
#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/spectral/load.h"

namespace learner::spectral {
namespace {

using ratings::RatingFormat;

TEST(Load, DenseIdsAndSortedLevels) {
  auto in = LineReader::from_string("7\t3\t4\t1\n9\t3\t2\t1\n7\t5\t4\t1\n", "t.tsv");
  IdMap users, items;
  const RatingSet r = read_training(*in, RatingFormat::kAuto, users, items);
  EXPECT_EQ(r.n_users, 2u);
  EXPECT_EQ(r.n_items, 2u);
  EXPECT_EQ(r.levels, (std::vector<double>{2.0, 4.0}));
  ASSERT_EQ(r.entries.size(), 3u);
  EXPECT_EQ(r.entries[1].user, 1u);
  EXPECT_EQ(r.entries[1].level, 0u);
  EXPECT_EQ(r.entries[2].item, 1u);
  auto test = LineReader::from_string("9::5::3\n1::3::5\n", "t.dat");
  const auto q = read_queries(*test, RatingFormat::kAuto, users, items);
  ASSERT_EQ(q.size(), 2u);
  EXPECT_EQ(q[0].user, 1u);
  EXPECT_EQ(q[0].item, 1u);
  EXPECT_EQ(q[0].rating, 3.0);
  EXPECT_EQ(q[1].user, IdMap::kMissing);
}

void expect_error(const std::string& data, const std::string& what) {
  auto in = LineReader::from_string(data, "bad.tsv");
  IdMap users, items;
  try {
    read_training(*in, RatingFormat::kAuto, users, items);
    ADD_FAILURE() << "no error for " << data;
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), what);
  }
}

TEST(Load, BadInputNamesFileAndLine) {
  expect_error("1\t2\t3\n1\t2\tx\n", "bad.tsv:2: rating \"x\" is not a number");
  expect_error("1\t2\t3\n1\t2\n", "bad.tsv:2: expected 3 or 4 fields user<TAB>item<TAB>rating[<TAB>timestamp], found 2");
  expect_error("1\t2\t3\n\n", "bad.tsv:2: blank line");
  expect_error("", "bad.tsv:0: no ratings");
  std::string many;
  for (int i = 0; i < 65; ++i) many += "1\t" + std::to_string(i) + "\t" + std::to_string(i) + ".5\n";
  expect_error(many, "bad.tsv:65: more than 64 distinct rating values: the spectral predictor needs rating levels");
}

}  // namespace
}  // namespace learner::spectral
