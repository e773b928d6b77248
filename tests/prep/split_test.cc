// Units of the reproducible train/test split (learner/prep/split.h, learner-split):
// the hash's golden values (computed by the awk arithmetic of the former
// scripts/split), the two modes' rules, reading users, and refusals at file:line.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/io/line_reader.h"
#include "learner/io/output_file.h"
#include "learner/prep/split.h"
#include "support/files.h"

namespace learner {
namespace {

struct Sides {
  std::string train, test;
  SplitCounts counts;
};

Sides run_split(const SplitSettings& s, LineReader& in, const std::string& tag) {
  const std::string tr = test::temp_path("split_" + tag + ".train"), te = test::temp_path("split_" + tag + ".test");
  OutputFile train(tr, "train"), test_out(te, "test");
  Sides out;
  out.counts = split_lines(s, in, train, test_out);
  train.commit();
  test_out.commit();
  out.train = test::slurp(tr);
  out.test = test::slurp(te);
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> v;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) v.push_back(l);
  return v;
}

TEST(SplitHash, GoldenValuesOfTheAwkArithmetic) {
  // awk 'function mulmod(a, b) {...}' of the former scripts/split, run by hand.
  EXPECT_EQ(split_hash(1, 1), 1383076302u);
  EXPECT_EQ(split_hash(1, 2), 1441213815u);
  EXPECT_EQ(split_hash(7, 100000), 748134855u);
  EXPECT_EQ(split_hash(0, 1), 1043833453u);
  EXPECT_EQ(split_hash(123456789, 42), 188509983u);
}

TEST(SplitHash, StaysBelowThePrimeAndSeedsDiffer) {
  int same = 0;
  for (std::uint64_t n = 1; n <= 20000; ++n) {
    EXPECT_LT(split_hash(3, n), kSplitPrime);
    same += split_hash(3, n) == split_hash(4, n);
  }
  EXPECT_LT(same, 3);
}

TEST(Split, FractionKeepsOrderAndIsAPartitionNearF) {
  std::string data;
  for (int i = 1; i <= 4000; ++i) data += std::to_string(i) + " |x a\n";
  SplitSettings s;
  s.seed = 5;
  s.test_fraction = 0.25;
  auto in = LineReader::from_string(data, "d.txt");
  const Sides out = run_split(s, *in, "fraction");
  EXPECT_EQ(out.counts.train + out.counts.test, 4000u);
  EXPECT_NEAR(out.counts.test / 4000.0, 0.25, 0.03);
  // Merging both sides by their line number gives the input back, in order on each side.
  std::map<int, std::string> merged;
  int last = 0;
  for (const std::string& side : {out.train, out.test}) {
    last = 0;
    for (const std::string& l : lines_of(side)) {
      const int n = std::stoi(l);
      EXPECT_GT(n, last);
      last = n;
      merged[n] = l;
    }
  }
  ASSERT_EQ(merged.size(), 4000u);
  // Line n is in test exactly when its hash is below F * P.
  for (const std::string& l : lines_of(out.test))
    EXPECT_LT(static_cast<double>(split_hash(5, std::stoull(l))), 0.25 * static_cast<double>(kSplitPrime));
}

TEST(Split, FractionZeroAndOne) {
  const std::string data = "1 a\n2 b\n3 c\n";
  SplitSettings s;
  s.test_fraction = 0;
  auto in = LineReader::from_string(data);
  EXPECT_EQ(run_split(s, *in, "f0").train, data);
  s.test_fraction = 1;
  auto in1 = LineReader::from_string(data);
  EXPECT_EQ(run_split(s, *in1, "f1").test, data);
}

TEST(Split, LeaveOutTakesKLinesOfEveryUserWithMoreThanK) {
  std::string data;
  std::map<std::string, int> lines_per_user;
  for (int i = 0; i < 600; ++i) {
    const std::string user = "u" + std::to_string((i * 7919) % 37);
    if (user == "u0" && lines_per_user[user] >= 3) continue;  // a user with exactly K lines
    ++lines_per_user[user];
    data += user + "\t" + std::to_string(i) + "\t4\n";
  }
  SplitSettings s;
  s.seed = 3;
  s.leave_out = 3;
  s.user_field = 1;
  auto in = LineReader::from_string(data);
  const Sides out = run_split(s, *in, "leave");
  std::map<std::string, int> test_per_user;
  for (const std::string& l : lines_of(out.test)) ++test_per_user[l.substr(0, l.find('\t'))];
  for (const auto& [user, n] : lines_per_user) EXPECT_EQ(test_per_user[user], n > 3 ? 3 : 0) << user;
  EXPECT_EQ(out.counts.users, lines_per_user.size());
  EXPECT_EQ(out.counts.small_users, 1u);
  std::uint64_t total = 0;
  for (const auto& [user, n] : lines_per_user) total += static_cast<std::uint64_t>(n);
  EXPECT_EQ(out.counts.train + out.counts.test, total);
}

TEST(Split, LeaveOutFromAPipeEqualsFromAFile) {
  std::string data;
  for (int i = 0; i < 300; ++i) data += std::to_string(i % 11) + "::" + std::to_string(i) + "::5\n";
  const std::string path = test::temp_path("split_pipe_source.dat");
  test::write_file(path, data);
  SplitSettings s;
  s.leave_out = 2;
  s.user_field = 1;
  s.field_sep = "::";
  auto file = LineReader::open(path);
  ASSERT_TRUE(file->seekable());
  const Sides a = run_split(s, *file, "file");
  // A non-seekable source: a FIFO fed by a child would need threads; standard input in a
  // test is not a pipe, so this checks the in-memory copy through a reader that refuses rewind.
  struct Unseekable : LineReader {
    std::unique_ptr<LineReader> inner;
    explicit Unseekable(std::unique_ptr<LineReader> r) : LineReader(r->name()), inner(std::move(r)) {}
    bool next(std::string_view& l) override {
      const bool ok = inner->next(l);
      line_ = inner->line_number();
      return ok;
    }
    bool seekable() const override { return false; }
    void rewind() override { throw Error("not seekable"); }
  } pipe(LineReader::from_string(data, path));
  const Sides b = run_split(s, pipe, "pipe");
  EXPECT_EQ(a.train, b.train);
  EXPECT_EQ(a.test, b.test);
  EXPECT_EQ(lines_of(a.test).size(), 22u);
}

TEST(SplitUser, FieldsNamespacesAndSeparators) {
  SplitSettings f;
  f.user_field = 2;
  EXPECT_EQ(split_user(f, "  5\t 196  242"), "196");
  f.field_sep = ",";
  EXPECT_EQ(split_user(f, "5,,7"), "");
  f.field_sep = "::";
  EXPECT_EQ(split_user(f, "1::1193::5"), "1193");
  f.field_sep = ":+";  // a regular expression
  EXPECT_EQ(split_user(f, "1:::1193:5"), "1193");
  f.field_sep = "";
  EXPECT_THROW(split_user(f, "onefield"), std::invalid_argument);
  SplitSettings v;
  v.vw_user_ns = "u";
  EXPECT_EQ(split_user(v, "3 |u 196 |i 242"), "196");
  EXPECT_EQ(split_user(v, "3 |u:2 196:0.5 |i 242"), "196");
  EXPECT_EQ(split_user(v, "3 |i 242 |u a |x"), "a");
  EXPECT_THROW(split_user(v, "3 |u |i 242"), std::invalid_argument);
  EXPECT_THROW(split_user(v, "3 |user 7"), std::invalid_argument);
  EXPECT_THROW(split_user(v, "3 |i 242 |u"), std::invalid_argument);
}

TEST(Split, RefusesBlankLinesAndMissingUsersAtFileLine) {
  SplitSettings s;
  s.test_fraction = 0.5;
  auto blank = LineReader::from_string("1 a\n \t\r\n2 b\n", "b.txt");
  try {
    run_split(s, *blank, "blank");
    FAIL() << "a blank line was split";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "b.txt:2: blank line");
  }
  SplitSettings l;
  l.leave_out = 1;
  l.user_field = 3;
  auto short_line = LineReader::from_string("1 2 3\n1 2\n", "s.tsv");
  try {
    run_split(l, *short_line, "short");
    FAIL() << "a line without its user was split";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "s.tsv:2: no field 3 (the line has 2)");
  }
  l.user_field = 1;
  l.field_sep = "a((";  // not a regular expression
  auto any = LineReader::from_string("1 2\n", "r.tsv");
  EXPECT_THROW(run_split(l, *any, "regex"), UsageError);
}

}  // namespace
}  // namespace learner
