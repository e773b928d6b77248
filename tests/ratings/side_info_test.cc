// --users / --items / --implicit tables (learner/ratings/side_info.h, implicit_feedback.h):
// every file format and every error.
#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/ratings/implicit_feedback.h"
#include "learner/ratings/side_info.h"

namespace learner::ratings {
namespace {

template <typename Load>
std::string error_of(Load load, const std::string& data) {
  auto in = LineReader::from_string(data, "side.txt");
  try {
    load(*in);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

std::string item_line(const std::string& id, std::initializer_list<int> genres) {
  std::string line = id + "|Title|01-Jan-1995||http://x";
  for (int k = 1; k <= 19; ++k) {
    bool on = false;
    for (int g : genres) on |= g == k;
    line += on ? "|1" : "|0";
  }
  return line + "\n";
}

TEST(SideInfo, Users100KAnd1M) {
  auto in = LineReader::from_string("196|49|M|writer|55105\r\n186|39|F|executive|00000\n22|17|M|a b:c|\n");
  const FeatureTable t = load_users(*in);
  EXPECT_EQ(t.at("196"), " age_45-49 sex_M occ_writer zip3_551");
  EXPECT_EQ(t.at("186"), " age_35-44 sex_F occ_executive zip3_000");
  EXPECT_EQ(t.at("22"), " age_under18 sex_M occ_a_b_c");  // cleaned; no zip
  auto in1m = LineReader::from_string("1::F::1::10::48067\n2::M::56::16::70072\n");
  const FeatureTable m = load_users(*in1m);
  EXPECT_EQ(m.at("1"), " age_under18 sex_F occ_10 zip3_480");
  EXPECT_EQ(m.at("2"), " age_56+ sex_M occ_16 zip3_700");
}

TEST(SideInfo, AgeBuckets) {
  EXPECT_STREQ(age_bucket(17), "under18");
  EXPECT_STREQ(age_bucket(18), "18-24");
  EXPECT_STREQ(age_bucket(34), "25-34");
  EXPECT_STREQ(age_bucket(44), "35-44");
  EXPECT_STREQ(age_bucket(49), "45-49");
  EXPECT_STREQ(age_bucket(55), "50-55");
  EXPECT_STREQ(age_bucket(56), "56+");
}

TEST(SideInfo, ItemsInAllThreeFormats) {
  auto in = LineReader::from_string(item_line("242", {6}) + item_line("377", {5, 6}) + item_line("9", {}));
  const FeatureTable t = load_items(*in);
  EXPECT_EQ(t.at("242"), " Comedy");
  EXPECT_EQ(t.at("377"), " Children's Comedy");
  EXPECT_EQ(t.at("9"), "");
  auto dat = LineReader::from_string("1::Toy Story (1995)::Animation|Children's|Comedy\n2::X::(no genres listed)\n");
  const FeatureTable d = load_items(*dat);
  EXPECT_EQ(d.at("1"), " Animation Children's Comedy");
  EXPECT_EQ(d.at("2"), "");
  auto csv = LineReader::from_string("movieId,title,genres\n1,\"Heat, the (1995)\",Action|Crime\n2,Y,(no genres listed)\n");
  const FeatureTable c = load_items(*csv);
  EXPECT_EQ(c.at("1"), " Action Crime");
  EXPECT_EQ(c.at("2"), "");
}

TEST(SideInfo, CleanAndTwins) {
  EXPECT_EQ(clean("a  b|:c"), "a_b_c");
  EXPECT_EQ(twins(" a b"), " a ~a:-1 b ~b:-1");
  EXPECT_EQ(twins(""), "");
}

TEST(SideInfo, EveryUsersError) {
  EXPECT_EQ(error_of(load_users, "1|2|M|x|1\n\n"), "side.txt:2: blank line");
  EXPECT_EQ(error_of(load_users, "196|49|M|writer\n"), "side.txt:1: expected 5 fields id|age|gender|occupation|zip");
  EXPECT_EQ(error_of(load_users, "1::F::1::10\n"), "side.txt:1: expected 5 fields id::gender::age::occupation::zip");
  EXPECT_EQ(error_of(load_users, "a b|49|M|w|1\n"), "side.txt:1: bad user id \"a b\"");
  EXPECT_EQ(error_of(load_users, "1|4x|M|w|1\n"), "side.txt:1: age \"4x\" is not a whole number");
  EXPECT_EQ(error_of(load_users, "1|4||w|1\n"), "side.txt:1: empty gender or occupation");
  EXPECT_EQ(error_of(load_users, "1|4|M|w|1\n1|5|F|w|1\n"), "side.txt:2: user \"1\" is listed twice");
  EXPECT_EQ(error_of(load_users, ""), "side.txt:0: empty users file");
  EXPECT_EQ(error_of(load_users, "1|4|M|w\x7f|1\n"), "side.txt:1: control byte at column 8 (binary data?) (token '\\x7f')");
}

TEST(SideInfo, EveryItemsError) {
  EXPECT_EQ(error_of(load_items, "  \n"), "side.txt:1: blank line");
  EXPECT_EQ(error_of(load_items, "1|T|d||u|0\n"), "side.txt:1: expected 24 fields id|title|date|video date|url|19 genre flags");
  std::string bad_flag = item_line("5", {});
  bad_flag.replace(bad_flag.size() - 2, 1, "2");
  EXPECT_EQ(error_of(load_items, bad_flag), "side.txt:1: genre flag 19 is \"2\", not 0 or 1");
  EXPECT_EQ(error_of(load_items, "1::T\n"), "side.txt:1: expected 3 fields id::title::genres");
  EXPECT_EQ(error_of(load_items, "movieId,title,genres\nnocomma\n"), "side.txt:2: expected movieId,title,genres");
  EXPECT_EQ(error_of(load_items, "a:b::T::G\n"), "side.txt:1: bad item id \"a:b\"");
  EXPECT_EQ(error_of(load_items, "x y::T::G\n"), "side.txt:1: bad item id \"x y\"");
  EXPECT_EQ(error_of(load_items, "1::T::G\n1::U::H\n"), "side.txt:2: item \"1\" is listed twice");
  EXPECT_EQ(error_of(load_items, ""), "side.txt:0: empty items file");
  EXPECT_EQ(error_of(load_items, "1::T::G\x01\n"), "side.txt:1: control byte at column 8 (binary data?) (token '\\x01')");
}

TEST(ImplicitFeedback, DistinctItemsInFileOrderWithOneOverSqrtN) {
  auto in = LineReader::from_string("196\t242\t5\n22\t377\t1\n196\t302\t4\n196\t242\t2\n196\t51\t3\n");
  const FeatureTable t = load_implicit(*in, RatingFormat::kAuto, false);
  EXPECT_EQ(t.at("196"), " r242:0.57735 r302:0.57735 r51:0.57735");
  EXPECT_EQ(t.at("22"), " r377:1");
  auto c = LineReader::from_string("userId,movieId,rating\n8,1,3\n8,2,3\n8,3,3\n8,4,3\n");
  EXPECT_EQ(load_implicit(*c, RatingFormat::kAuto, true).at("8"),
            " r1:0.5 ~r1:-0.5 r2:0.5 ~r2:-0.5 r3:0.5 ~r3:-0.5 r4:0.5 ~r4:-0.5");
}

TEST(ImplicitFeedback, BadLinesAndEmptyFiles) {
  auto bad = LineReader::from_string("196\t242\t5\n196\t302\n", "imp.tsv");
  try {
    load_implicit(*bad, RatingFormat::kAuto, false);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "imp.tsv:2: expected 3 or 4 fields user<TAB>item<TAB>rating[<TAB>timestamp], found 2");
  }
  auto empty = LineReader::from_string("userId,movieId,rating\n", "imp.csv");
  try {
    load_implicit(*empty, RatingFormat::kAuto, false);
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "imp.csv: no ratings");
  }
}

}  // namespace
}  // namespace learner::ratings
