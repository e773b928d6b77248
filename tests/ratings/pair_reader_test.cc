// Pair lines (learner/ratings/pair_reader.h) in every format, with and without ratings, and
// every error with its file and line.
#include "learner/ratings/pair_reader.h"

#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/parse/number.h"

namespace learner::ratings {
namespace {

struct Pair {
  std::string user, item;
  bool has_rating;
  float value;
  bool operator==(const Pair&) const = default;
};

std::vector<Pair> read_all(const std::string& data, RatingFormat format = RatingFormat::kAuto) {
  auto in = LineReader::from_string(data, "pairs.txt");
  PairReader reader(*in, format);
  PairRecord r;
  std::vector<Pair> out;
  while (reader.next(r)) out.push_back({std::string(r.user), std::string(r.item), r.has_rating, r.value});
  return out;
}

std::string error_of(const std::string& data, RatingFormat format = RatingFormat::kAuto) {
  try {
    read_all(data, format);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(PairReader, EveryFormatWithAndWithoutRatings) {
  const std::vector<Pair> plain{{"196", "242", false, 0.0f}, {"22", "377", false, 0.0f}};
  for (const std::string data : {"196 242\n22 377\n", "196\t242\n22\t377\n", "  196 \t 242  \n22  377\r\n",
                                 "196::242\n22::377\n", "196,242\n22,377\n", "userId,movieId\n196,242\n22,377\n",
                                 "item,user\n242,196\n377,22\n"})
    EXPECT_EQ(read_all(data), plain) << data;
  const std::vector<Pair> rated{{"196", "242", true, 3.0f}, {"22", "377", true, 1.5f}};
  for (const std::string data : {"196\t242\t3\t881250949\n22\t377\t1.5\n", "196 242 3\n22 377 1.5 99\n",
                                 "196::242::3::881250949\n22::377::1.5\n", "196,242,3\n22,377,1.5,x,y\n",
                                 "userId,movieId,rating,timestamp\n196,242,3,881250949\n22,377,1.5,1\n"})
    EXPECT_EQ(read_all(data), rated) << data;
  // Lines may differ in whether they carry a rating.
  EXPECT_EQ(read_all("1 2\n3 4 5\n"), (std::vector<Pair>{{"1", "2", false, 0.0f}, {"3", "4", true, 5.0f}}));
  // A header without a rating column: none is read.
  EXPECT_EQ(read_all("user_id,item_id,when\n1,2,3\n"), (std::vector<Pair>{{"1", "2", false, 0.0f}}));
  EXPECT_TRUE(read_all("").empty());
}

TEST(PairReader, AnExplicitFormatIsUsed) {
  EXPECT_EQ(read_all("1,2 3\n", RatingFormat::kTab), (std::vector<Pair>{{"1,2", "3", false, 0.0f}}));
  EXPECT_EQ(error_of("a b,c\n", RatingFormat::kCsv), "pairs.txt:1: bad user id \"a b\"");
  EXPECT_EQ(error_of("1 2\n", RatingFormat::kDcolon),
            "pairs.txt:1: expected 2 to 4 fields user::item[::rating[::timestamp]], found 1");
}

TEST(PairReader, ErrorsNameFileAndLine) {
  EXPECT_EQ(error_of("12\n"),
            "pairs.txt:1: cannot detect the format (no \"::\", tab, comma or space between a user and an item); use "
            "--format");
  EXPECT_EQ(error_of("1 2\n3\n"),
            "pairs.txt:2: expected 2 to 4 fields user item [rating [timestamp]] (separated by tabs or spaces), found 1");
  EXPECT_EQ(error_of("1 2\n1 2 3 4 5\n"),
            "pairs.txt:2: expected 2 to 4 fields user item [rating [timestamp]] (separated by tabs or spaces), found 5");
  EXPECT_EQ(error_of("1::2\n3\n"), "pairs.txt:2: expected 2 to 4 fields user::item[::rating[::timestamp]], found 1");
  EXPECT_EQ(error_of("1,2\n3\n"), "pairs.txt:2: expected at least 2 comma-separated fields, found 1");
  EXPECT_EQ(error_of("1 2\n\n"), "pairs.txt:2: blank line");
  EXPECT_EQ(error_of("1 2\n3 4 x\n"), "pairs.txt:2: rating \"x\" is not a number");
  EXPECT_EQ(error_of("1 2 nan\n"), "pairs.txt:1: rating \"nan\" is not a finite number");
  EXPECT_EQ(error_of("1 2 1e99\n"), std::string("pairs.txt:1: rating \"1e99\" ") + kOverflowReason);
  EXPECT_EQ(error_of("1 2\n3|x 4\n"), "pairs.txt:2: bad user id \"3|x\"");
  EXPECT_EQ(error_of("1 2\n3 a:b\n"), "pairs.txt:2: bad item id \"a:b\"");
  EXPECT_EQ(error_of("1,,\n"), "pairs.txt:1: bad item id \"\"");
  EXPECT_EQ(error_of("userId,movieId,rating\n1,2,\n"), "pairs.txt:2: rating \"\" is not a number");
}

}  // namespace
}  // namespace learner::ratings
