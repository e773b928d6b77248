// learner-ratings' lines (learner/ratings/converter.h), its command line
// (convert_options.h) and the --neighbors column (neighbor_column.h).
#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/io/prediction_text.h"
#include "learner/ratings/converter.h"
#include "learner/ratings/neighbor_column.h"

namespace learner::ratings {
namespace {

const std::string kRatings = "196\t242\t3\t881250949\n186\t302\t3\t891717742\n196\t377\t1\t881200000\n";

std::string convert(const ConvertOptions& o, const SideTables& tables, const std::string& data = kRatings) {
  Converter c(o, tables);
  auto in = LineReader::from_string(data, "r.tsv");
  std::string out;
  c.convert(*in, out);
  return out;
}

struct Tables {
  FeatureTable users{{"196", " age_45-49 sex_M"}, {"186", " age_35-44 sex_F"}};
  FeatureTable items{{"242", " Comedy"}, {"302", " Crime Thriller"}, {"377", ""}};
  FeatureTable implicit{{"196", " r242:0.707107 r51:0.707107"}};
};

TEST(Converter, IdsOnly) {
  EXPECT_EQ(convert({}, {}), "3 |u 196 |i 242\n3 |u 186 |i 302\n1 |u 196 |i 377\n");
}

TEST(Converter, TagsCarryTheIdsOfThePair) {
  ConvertOptions o;
  o.tags = true;
  EXPECT_EQ(convert(o, {}), "3 '196_242 |u 196 |i 242\n3 '186_302 |u 186 |i 302\n1 '196_377 |u 196 |i 377\n");
  EXPECT_TRUE(parse_convert_options({"--tags", "f"}).tags);
  EXPECT_FALSE(parse_convert_options({"f"}).tags);
  try {
    convert(o, {}, "7\tu_2\t4\n");
    FAIL() << "an id with '_' under --tags";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "r.tsv:1: --tags joins the user and item ids with '_', and id \"u_2\" has one (the tag would be ambiguous)");
  }
  o.tags = false;
  EXPECT_EQ(convert(o, {}, "7\tu_2\t4\n"), "4 |u 7 |i u_2\n");  // without --tags '_' is fine
}

TEST(Converter, SideInformationInItsOwnNamespaces) {
  Tables t;
  ConvertOptions o;
  EXPECT_EQ(convert(o, {&t.users, &t.items, &t.implicit}),
            "3 |u 196 r242:0.707107 r51:0.707107 |i 242 |a age_45-49 sex_M |g Comedy\n"
            "3 |u 186 |i 302 |a age_35-44 sex_F |g Crime Thriller\n"
            "1 |u 196 r242:0.707107 r51:0.707107 |i 377 |a age_45-49 sex_M\n");
}

TEST(Converter, SideInUiCenteredAndUserDay) {
  Tables t;
  ConvertOptions o;
  o.side_in_ui = true;
  o.centered = true;
  o.user_day = "0.5";
  EXPECT_EQ(convert(o, {&t.users, &t.items, &t.implicit}, "196\t242\t3\t881250949\n"),
            "3 |u 196 age_45-49 ~age_45-49:-1 sex_M ~sex_M:-1 r242:0.707107 r51:0.707107 |i 242 Comedy ~Comedy:-1"
            " |d 196_10199:0.5\n");
}

TEST(Converter, MissingSideIdsAreErrors) {
  Tables t;
  ConvertOptions o;
  o.users = "u.user";
  o.items = "u.item";
  try {
    convert(o, {&t.users, nullptr, nullptr}, "999\t242\t3\n");
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "r.tsv:1: user \"999\" is not in u.user");
  }
  try {
    convert(o, {nullptr, &t.items, nullptr}, "196\t242\t3\n196\t1\t3\n");
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "r.tsv:2: item \"1\" is not in u.item");
  }
}

TEST(Converter, KeepsIdsForNeighborsAndFlushesWhenStreaming) {
  ConvertOptions o;
  Converter c(o, {});
  auto in = LineReader::from_string(kRatings);
  std::string out;
  c.convert(*in, out, true);
  ASSERT_EQ(c.ids().size(), 3u);
  EXPECT_EQ(c.ids()[2], (std::pair<std::string, std::string>{"196", "377"}));
  std::string big;
  for (int i = 0; i < 100000; ++i) big += "1\t2\t3\n";
  auto in2 = LineReader::from_string(big);
  std::string buffer;
  std::size_t flushed = 0;
  c.convert(*in2, buffer, false, [&](std::string& b) { flushed += b.size(); b.clear(); });
  EXPECT_GT(flushed, 0u);
  EXPECT_EQ(flushed + buffer.size(), 100000u * std::string("3 |u 1 |i 2\n").size());
}

ConvertOptions parse(std::vector<std::string> args) { return parse_convert_options(args); }

std::string usage_error(std::vector<std::string> args) {
  try {
    parse_convert_options(args);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "no error";
}

TEST(ConvertOptions, BothSpellingsStdinAndDoubleDash) {
  const ConvertOptions o = parse({"--format", "dcolon", "--users=u", "--side-in-ui", "-", "a", "--", "--centered"});
  EXPECT_EQ(o.format, RatingFormat::kDcolon);
  EXPECT_EQ(o.users, "u");
  EXPECT_TRUE(o.side_in_ui);
  EXPECT_FALSE(o.centered);
  EXPECT_EQ(o.files, (std::vector<std::string>{"-", "a", "--centered"}));
  EXPECT_EQ(parse({}).files, (std::vector<std::string>{"-"}));
  EXPECT_TRUE(parse({"x", "-h", "--bogus"}).help);
  EXPECT_EQ(parse({"--items", "a", "--items", "b"}).items, "b");  // the last wins
}

TEST(ConvertOptions, ValuesNormalisedAndChecked) {
  EXPECT_EQ(*parse({"--user-day", "0.50"}).user_day, "0.5");
  EXPECT_EQ(*parse({"--user-day=+1e-3"}).user_day, "0.001");
  const ConvertOptions n = parse({"--neighbors", "r", "--neighbors-k", "007", "--neighbors-shrink", "1e3"});
  EXPECT_EQ(n.neighbor.neighbors, 7);
  EXPECT_EQ(n.neighbor.shrink, 1000.0);
  for (const char* bad : {"0", "-1", "abc", "0.0", "1e-999", "1e999", ""})
    EXPECT_EQ(usage_error({"--user-day", bad}), std::string("--user-day needs a positive number (got '") + bad + "')");
  EXPECT_EQ(usage_error({"--neighbors", "r", "--neighbors-k", "2.5"}), "--neighbors-k needs a positive whole number (got '2.5')");
  EXPECT_EQ(usage_error({"--neighbors", "r", "--neighbors-k", "0"}), "--neighbors-k needs a positive whole number (got '0')");
  EXPECT_EQ(usage_error({"--neighbors", "r", "--neighbors-shrink", "-1"}), "--neighbors-shrink needs a number >= 0 (got '-1')");
  EXPECT_EQ(usage_error({"--neighbors-k", "5"}), "--neighbors-k and --neighbors-shrink need --neighbors");
  EXPECT_EQ(usage_error({"--format", "xml"}), "--format must be tab, dcolon or csv (got 'xml')");
  EXPECT_EQ(usage_error({"--implicit"}), "--implicit needs a value");
  EXPECT_EQ(usage_error({"--bogus"}), "unknown option '--bogus'");
  EXPECT_EQ(usage_error({"-x"}), "unknown option '-x'");
}

TEST(ConvertOptions, DecimalGrammar) {
  for (const char* ok : {"1", "+1.", ".5", "-2.5e-3", "1E9"}) EXPECT_TRUE(is_decimal(ok)) << ok;
  for (const char* bad : {"", ".", "e3", "1e", "0x1", "1.2.3", " 1", "inf"}) EXPECT_FALSE(is_decimal(bad)) << bad;
}

TEST(NeighborColumn, ValuesArePrepsWithDenseIdsInFirstAppearanceOrder) {
  // Two users agree on items a, b, c; user z rated a and b: its deviation on c follows theirs.
  auto in = LineReader::from_string("x::a::5\nx::b::1\nx::c::5\ny::a::4\ny::b::1\ny::c::4\nz::a::5\nz::b::2\n", "ref.dat");
  const ReferenceRatings ref = load_reference(*in, RatingFormat::kAuto);
  ASSERT_EQ(ref.values.size(), 8u);
  std::size_t repeated = 0;
  prep::NeighborOptions options;
  options.shrink = 0.0;
  const auto values = neighbor_values(ref, {{"z", "c"}, {"new", "c"}}, options, repeated);
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(repeated, 0u);
  // Same value as prep::neighbor_deviations on the dense ids (x, y, z, new) x (a, b, c).
  std::vector<prep::Rating> dense;
  for (std::size_t n = 0; n < 8; ++n) dense.push_back({static_cast<std::uint32_t>(n / 3), static_cast<std::uint32_t>(n % 3), ref.values[n]});
  const std::vector<prep::Query> q = {{2, 2}, {3, 2}};
  const auto want = prep::neighbor_deviations(dense, q, 4, 3, options);
  EXPECT_EQ(values[0], prediction_text(want[0] + 0.0));  // io/prediction_text.h: 6 decimals
  EXPECT_EQ(values[0].size() - values[0].find('.'), 7u) << values[0];
  EXPECT_EQ(values[1], "0");  // a user without ratings has no neighbours
}

TEST(NeighborColumn, RepeatedPairsKeepTheLastRatingAndEmptyRefIsAnError) {
  auto in = LineReader::from_string("x\ta\t5\nx\ta\t1\n");
  const ReferenceRatings ref = load_reference(*in, RatingFormat::kAuto);
  std::size_t repeated = 0;
  neighbor_values(ref, {{"x", "a"}}, {}, repeated);
  EXPECT_EQ(repeated, 1u);
  auto empty = LineReader::from_string("userId,movieId,rating\n", "ref.csv");
  try {
    load_reference(*empty, RatingFormat::kAuto);
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "ref.csv: no ratings");
  }
}

}  // namespace
}  // namespace learner::ratings
