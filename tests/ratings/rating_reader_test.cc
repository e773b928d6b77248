// Rating lines in every format, and every error of learner/ratings/rating_reader.h.
#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/ratings/rating_reader.h"

namespace learner::ratings {
namespace {

struct Line {
  std::string user, item, rating;
  float value;
  std::int64_t day;
};

std::vector<Line> rating_read_all(const std::string& data, RatingFormat format = RatingFormat::kAuto, bool days = false) {
  auto in = LineReader::from_string(data, "in.txt");
  RatingReader reader(*in, format, days);
  RatingRecord r;
  std::vector<Line> out;
  while (reader.next(r)) out.push_back({std::string(r.user), std::string(r.item), std::string(r.rating), r.value, r.day});
  return out;
}

std::string rating_error_of(const std::string& data, RatingFormat format = RatingFormat::kAuto, bool days = false) {
  try {
    rating_read_all(data, format, days);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(RatingReader, TabDcolonAndCsvGiveTheSameRatings) {
  for (const std::string data : {"196\t242\t3\t881250949\n22\t377\t1.5\n", "196::242::3::881250949\r\n22::377::1.5\n",
                                 "userId,movieId,rating,timestamp\n196,242,3,881250949\n22,377,1.5,1\n",
                                 "196,242,3\n22,377,1.5\n"}) {
    const auto lines = rating_read_all(data);
    ASSERT_EQ(lines.size(), 2u) << data;
    EXPECT_EQ(lines[0].user, "196");
    EXPECT_EQ(lines[0].item, "242");
    EXPECT_EQ(lines[0].rating, "3");
    EXPECT_EQ(lines[1].rating, "1.5");
    EXPECT_FLOAT_EQ(lines[1].value, 1.5f);
  }
}

TEST(RatingReader, CsvColumnsFoundByNameAndGzipInput) {
  const auto lines = rating_read_all("Timestamp,\"movieId\", userId ,Rating\n86400,242,196,4\n");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].user, "196");
  EXPECT_EQ(lines[0].item, "242");
  EXPECT_EQ(lines[0].rating, "4");
  // gzip bytes of "7\t8\t5\n" (gzip -n)
  const std::string gz("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x33\xe7\xb4\xe0\x34\xe5\x02\x00\xae\x34\x07\xdd\x06\x00\x00\x00", 26);
  const auto z = rating_read_all(gz);
  ASSERT_EQ(z.size(), 1u);
  EXPECT_EQ(z[0].user, "7");
  EXPECT_EQ(z[0].rating, "5");
}

TEST(RatingReader, ForcedFormatAndStrictNumbers) {
  EXPECT_EQ(rating_read_all("1\t2\t+4.\n", RatingFormat::kTab)[0].value, 4.0f);
  EXPECT_EQ(rating_read_all("1\t2\t.5e1\n")[0].value, 5.0f);
  EXPECT_EQ(rating_error_of("1\t2\t3\n", RatingFormat::kDcolon),
            "in.txt:1: expected 3 or 4 fields user::item::rating[::timestamp], found 1");
  EXPECT_EQ(parse_format("csv"), RatingFormat::kCsv);
  EXPECT_THROW(parse_format("xml"), UsageError);
}

TEST(RatingReader, UserDayIsTheFloorOfTimestampOverOneDay) {
  const auto lines = rating_read_all("7\t1\t4\t-1\n7\t1\t4\t0\n7\t1\t4\t86399\n7\t1\t4\t+86400\n7\t1\t4\t-86400\n7\t1\t4\t-0\n",
                              RatingFormat::kAuto, true);
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[0].day, -1);
  EXPECT_EQ(lines[1].day, 0);
  EXPECT_EQ(lines[2].day, 0);
  EXPECT_EQ(lines[3].day, 1);
  EXPECT_EQ(lines[4].day, -1);
  EXPECT_EQ(lines[5].day, 0);
}

TEST(RatingReader, EveryErrorNamesFileAndLine) {
  EXPECT_EQ(rating_error_of("1\t2\t3\n\n"), "in.txt:2: blank line");
  EXPECT_EQ(rating_error_of("1 2 3\n"), "in.txt:1: cannot detect the format (no \"::\", tab or comma); use --format");
  EXPECT_EQ(rating_error_of("1,2\n"), "in.txt:1: expected at least 3 comma-separated fields, found 2");
  EXPECT_EQ(rating_error_of("userId,movieId,score\n1,2,3\n"), "in.txt:1: CSV header needs userId, movieId (or itemId) and rating columns");
  EXPECT_EQ(rating_error_of("userId,movieId,rating\n1,2,3\n", RatingFormat::kAuto, true),
            "in.txt:1: CSV header has no timestamp column (needed by --user-day)");
  EXPECT_EQ(rating_error_of("rating,x,userId,movieId\n3,0,1,2\n3,0,1\n"), "in.txt:3: expected at least 4 comma-separated fields, found 3");
  EXPECT_EQ(rating_error_of("1\t2\n"), "in.txt:1: expected 3 or 4 fields user<TAB>item<TAB>rating[<TAB>timestamp], found 2");
  EXPECT_EQ(rating_error_of("1\t2\t3\t4\t5\n"), "in.txt:1: expected 3 or 4 fields user<TAB>item<TAB>rating[<TAB>timestamp], found 5");
  EXPECT_EQ(rating_error_of("\t2\t3\n"), "in.txt:1: bad user id \"\"");
  EXPECT_EQ(rating_error_of("1 1\t2\t3\n"), "in.txt:1: bad user id \"1 1\"");
  EXPECT_EQ(rating_error_of("1\t2:x\t3\n"), "in.txt:1: bad item id \"2:x\"");
  EXPECT_EQ(rating_error_of("1\t2\tgood\n"), "in.txt:1: rating \"good\" is not a number");
  EXPECT_EQ(rating_error_of("1\t2\t0x1A\n"), "in.txt:1: rating \"0x1A\" is not a number");
  EXPECT_EQ(rating_error_of("1\t2\tnan\n"), "in.txt:1: rating \"nan\" is not a finite number");
  EXPECT_EQ(rating_error_of("1\t2\t1e39\n"), "in.txt:1: rating \"1e39\" overflows a float (largest about 3.4e38)");
  EXPECT_EQ(rating_error_of("1\t2\t3\n", RatingFormat::kAuto, true), "in.txt:1: no timestamp (field 4), needed by --user-day");
  EXPECT_EQ(rating_error_of("1::2::3::8.9e8\n", RatingFormat::kAuto, true),
            "in.txt:1: timestamp \"8.9e8\" is not a whole number of seconds");
  EXPECT_EQ(rating_error_of("1\t2\t3\t12345678901234567\n", RatingFormat::kAuto, true),
            "in.txt:1: timestamp \"12345678901234567\" is out of range");
  // Issue 28 (found by rating_reader_fuzz): an id holding a control byte went into the VW text
  // learner-ratings writes, which the learner then refused; the text reader's check now applies.
  EXPECT_EQ(rating_error_of("1\t10\t5\n1\t\x13" "2\t4\n"), "in.txt:2: control byte at column 3 (binary data?) (token '\\x13')");
  EXPECT_EQ(rating_error_of(std::string("1::2\0::3\n", 10)),
            "in.txt:1: NUL byte at column 5: binary data, not text (--lenient does not skip it) (token '\\x00')");
}

TEST(RatingReader, SplitKeepsEmptyFieldsAndTokensRejectSeparators) {
  std::vector<std::string_view> f;
  split_fields("a::::b::", "::", f);
  EXPECT_EQ(f, (std::vector<std::string_view>{"a", "", "b", ""}));
  EXPECT_TRUE(is_token("u_1"));
  for (const char* bad : {"", "a b", "a\tb", "a|b", "a:b"}) EXPECT_FALSE(is_token(bad)) << bad;
}

}  // namespace
}  // namespace learner::ratings
