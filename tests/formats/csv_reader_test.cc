// --csv: the same hashes as the VW text equivalent, the header forms, VW's
// quoting, and every malformed-input class.
#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/formats/csv_reader.h"
#include "learner/parse/hash.h"
#include "same_features.h"

namespace learner {
namespace {

ParseOptions csv(const std::string& header = "", bool no_file_header = true) {
  ParseOptions o;
  o.format = InputFormat::kCsv;
  o.csv.header = header;
  o.csv.no_file_header = no_file_header;
  return o;
}

// `row` read with a --csv_header `header` equals the VW text line `text`.
void expect_same(const std::string& header, const std::string& row, const std::string& text, ParseOptions o = csv()) {
  o.csv.header = header;
  o.csv.no_file_header = true;
  test::expect_same(o, row, text);
}

TEST(CsvReader, SameHashesAsTheTextLine) {
  expect_same("_label,a|x,a|y,f,_tag", "1,0.5,2,3,'t", "1 't|a x:0.5 y:2 | f:3");
  expect_same("_label,a|x,f", "-1 2,,7", "-1 2 | f:7");              // empty cell: no feature
  expect_same("a|,a|,b|913", "1,0,4", "|a :1 :0 |b 913:4");          // anonymous: counted from 0, zeros too
  expect_same("_label,col", "1,red", "1 | col:red");                 // a word: VW's chain hash
  expect_same("x,y", " 1.5 ,\t2", "| x:1.5 y:2");                     // blanks around numbers
  expect_same("\"_label\",\"a|x\"", "\"1\",2", "1 |a x:2");           // quoted header cells
}

TEST(CsvReader, QuotedCellsAreStrings) {
  const Example ex = test::parse_with(csv("c,d"), "\"1.5\",\"a,\"\"b\"");
  ASSERT_EQ(ex.features.size(), 2u);
  EXPECT_EQ(ex.features[0].index, hash_feature("1.5", hash_feature("c", 0, false), false));
  EXPECT_EQ(ex.features[1].index, hash_feature("a,\"b", hash_feature("d", 0, false), false));
  EXPECT_EQ(ex.features[1].value, 1.0f);
}

TEST(CsvReader, NamespaceValuesAndSeparators) {
  ParseOptions o = csv();
  o.csv.ns_value = "a:0.5,:4";
  expect_same("a|x,a|w", "2,\"s\"", "|a:0.5 x:2 w:s", o);  // strings keep value 1
  const Example ex = test::parse_with([&] { ParseOptions p = o; p.csv.header = "y"; return p; }(), "3");
  ASSERT_EQ(ex.features.size(), 1u);
  EXPECT_EQ(ex.features[0].value, 12.0f);  // ":4" scales the default namespace
  ParseOptions tab = csv();
  tab.csv.separator = csv_separator("\\t");
  expect_same("_label,x", "1\t2", "1 | x:2", tab);  // --csv_header is always split on ","
  EXPECT_EQ(csv_separator(";"), ';');
  EXPECT_THROW(csv_separator("ab"), UsageError);
  EXPECT_THROW(csv_separator("|"), UsageError);
  EXPECT_THROW(csv_separator(":"), UsageError);
  EXPECT_THROW(csv_separator("\""), UsageError);
}

TEST(CsvReader, HeaderFromTheFileOnEveryPass) {
  ParseOptions o = csv("", false);
  o.csv.separator = ';';
  auto parser = make_parser(o);
  Example ex;
  for (int pass = 0; pass < 2; ++pass) {  // a rewind starts again at line 1
    EXPECT_FALSE(parser->parse("_label;a|x;b", ex, "f", 1));
    EXPECT_TRUE(parser->parse("1;2;word", ex, "f", 2));
    EXPECT_EQ(ex.features.size(), 2u);
    EXPECT_TRUE(ex.has_label);
  }
  // --csv_header with a file header: line 1 is skipped (its column count checked).
  auto overridden = make_parser(csv("_label,x", false));
  EXPECT_FALSE(overridden->parse("lbl,feature", ex, "f", 1));
  EXPECT_TRUE(overridden->parse("1,2", ex, "f", 2));
}

std::string error_of(const ParseOptions& o, const std::vector<std::string>& lines) {
  Example ex;
  try {
    auto parser = make_parser(o);
    for (std::size_t i = 0; i < lines.size(); ++i) parser->parse(lines[i], ex, "data.csv", i + 1);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

void expect_error(const ParseOptions& o, const std::vector<std::string>& lines, const std::string& part) {
  const std::string what = error_of(o, lines);
  EXPECT_NE(what.find("data.csv:" + std::to_string(lines.size()) + ": "), std::string::npos) << what;
  EXPECT_NE(what.find(part), std::string::npos) << what;
}

// Issue 28, defect 15: --csv_separator refuses what cannot separate cells.
TEST(CsvReader, SeparatorsThatCannotSeparateAreRefused) {
  for (const char* bad : {"1", "0", ".", "-", "+", "_", "e", "Z", "\"", "|", ":", "\n", "\r", "\x01", "\x7f", "\xc3",
                          "ab", ""})
    EXPECT_THROW(csv_separator(bad), UsageError) << bad;
  try {
    csv_separator("1");
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--csv_separator cannot be '1'"), std::string::npos) << e.what();
  }
  for (const char* good : {",", ";", " ", "#", "/", "!", "~"}) EXPECT_EQ(csv_separator(good), good[0]) << good;
  EXPECT_EQ(csv_separator("\\t"), '\t');
  EXPECT_EQ(csv_separator("\t"), '\t');
}

TEST(CsvReader, MalformedInput) {
  const ParseOptions file_header = csv("", false);
  expect_error(file_header, {"_label,a|x", "1,2,3"}, "the line has 3 CSV columns, the header has 2");
  expect_error(file_header, {"_label,a|x", "1"}, "the line has 1 CSV columns");
  expect_error(file_header, {"_label,a|x", "1,1.5x"}, "CSV column 2 'a|x': malformed number");
  expect_error(file_header, {"_label,a|x", "1,nan"}, "CSV column 2 'a|x': not a finite number");
  expect_error(file_header, {"_label,a|x", "1,1e39"}, "overflows a float");
  expect_error(file_header, {"_label,a|x", "abc,1"}, "CSV column 1 '_label': malformed label");
  expect_error(file_header, {""}, "empty CSV header line");
  expect_error(file_header, {"_label,x", ""}, "empty line");
  expect_error(file_header, {"_label,x", "1,\"abc"}, "unclosed quote in CSV column 2");
  expect_error(file_header, {"_label,x", "1,\"ab\"c"}, "a quote inside a quoted CSV cell must be doubled (column 2)");
  expect_error(file_header, {"_label,x,_label"}, "two _label columns");
  // Issue 28, defect 15: a quote inside an unquoted cell (VW reads it as a character).
  expect_error(file_header, {"_label,x", "1,ab\"c"}, "a quote inside an unquoted CSV cell (column 2)");
  expect_error(file_header, {"_label,x\""}, "a quote inside an unquoted CSV cell (column 2)");
  expect_error(file_header, {"_label,x", "1, \"a\""}, "a quote inside an unquoted CSV cell");
  // Issue 28, defect 10: control bytes are binary data, as in the text reader.
  expect_error(file_header, {"\x7f" "ELF\x02,x"}, "control byte at column 1 (binary data?)");
  expect_error(file_header, {"_label,x", std::string("1,a\0b", 5)}, "NUL byte at column 4: binary data");
  expect_error(file_header, {"a|b|c"}, "more than one '|'");
  expect_error(csv("_label,x", false), {"a,b,c"}, "the line has 3 CSV columns, the header has 2");
  EXPECT_THROW(make_parser(csv("", true)), UsageError);  // no header at all
  ParseOptions bad_ns = csv("x");
  bad_ns.csv.ns_value = "a:0.5,b";
  EXPECT_THROW(make_parser(bad_ns), UsageError);
}

}  // namespace
}  // namespace learner
