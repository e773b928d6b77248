#include "learner/ratings/rating_reader.h"

#include <algorithm>
#include <string>

#include "digits.h"
#include "fields.h"
#include "learner/error.h"
#include "learner/parse/line_bytes.h"
#include "learner/parse/number.h"

namespace learner::ratings {
namespace {

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

bool is_blank(std::string_view s) { return s.find_first_not_of(" \t") == std::string_view::npos; }

}  // namespace

RatingFormat parse_format(std::string_view name) {
  if (name == "auto") return RatingFormat::kAuto;
  if (name == "tab") return RatingFormat::kTab;
  if (name == "dcolon") return RatingFormat::kDcolon;
  if (name == "csv") return RatingFormat::kCsv;
  throw UsageError("--format must be tab, dcolon or csv (got '" + std::string(name) + "')");
}

void split_fields(std::string_view line, std::string_view sep, std::vector<std::string_view>& out) {
  out.clear();
  std::size_t start = 0;
  for (;;) {
    const std::size_t at = line.find(sep, start);
    if (at == std::string_view::npos) break;
    out.push_back(line.substr(start, at - start));
    start = at + sep.size();
  }
  out.push_back(line.substr(start));
}

bool is_token(std::string_view s) { return !s.empty() && s.find_first_of(" \t|:") == std::string_view::npos; }

RatingReader::RatingReader(LineReader& in, RatingFormat format, bool need_timestamp)
    : in_(in), format_(format), need_timestamp_(need_timestamp) {}

void RatingReader::fail(const std::string& reason) const { throw InputError(name(), line_number(), reason); }

void RatingReader::start(std::string_view line) {
  if (format_ == RatingFormat::kAuto) {
    if (line.find("::") != std::string_view::npos) format_ = RatingFormat::kDcolon;
    else if (line.find('\t') != std::string_view::npos) format_ = RatingFormat::kTab;
    else if (line.find(',') != std::string_view::npos) format_ = RatingFormat::kCsv;
    else fail("cannot detect the format (no \"::\", tab or comma); use --format");
  }
  sep_ = format_ == RatingFormat::kDcolon ? "::" : format_ == RatingFormat::kTab ? "\t" : ",";
}

bool RatingReader::next(RatingRecord& out) {
  std::string_view line;
  for (;;) {
    if (!in_.next(line)) return false;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    reject_control_bytes(line, LineContext{in_.name(), line_number()});  // the text reader's check: ids go into VW text
    if (is_blank(line)) fail("blank line");
    if (line_number() == 1) {
      start(line);
      if (format_ == RatingFormat::kCsv) {
        split_fields(line, sep_, fields_);
        if (fields_.size() < 3)
          fail("expected at least 3 comma-separated fields, found " + std::to_string(fields_.size()));
        float ignored;
        const NumberStatus s = parse_number(fields_[2], ignored);
        if (s == NumberStatus::kNotANumber || s == NumberStatus::kMalformed) {  // a header
          ucol_ = icol_ = rcol_ = tcol_ = kNone;
          for (std::size_t k = 0; k < fields_.size(); ++k) {
            const std::string h = column_name(fields_[k]);
            if (is_user_column(h)) ucol_ = k;
            else if (is_item_column(h)) icol_ = k;
            else if (h == "rating") rcol_ = k;
            else if (h == "timestamp") tcol_ = k;
          }
          if (ucol_ == kNone || icol_ == kNone || rcol_ == kNone)
            fail("CSV header needs userId, movieId (or itemId) and rating columns");
          if (need_timestamp_ && tcol_ == kNone) fail("CSV header has no timestamp column (needed by --user-day)");
          min_fields_ = std::max({ucol_, icol_, rcol_}) + 1;
          continue;
        }
      }
    }
    break;
  }
  split_fields(line, sep_, fields_);
  const std::size_t n = fields_.size();
  if (format_ == RatingFormat::kCsv) {
    if (n < min_fields_)
      fail("expected at least " + std::to_string(min_fields_) + " comma-separated fields, found " + std::to_string(n));
  } else if (n < 3 || n > 4) {
    fail(std::string("expected 3 or 4 fields user") +
         (format_ == RatingFormat::kTab ? "<TAB>item<TAB>rating[<TAB>timestamp]" : "::item::rating[::timestamp]") +
         ", found " + std::to_string(n));
  }
  out.user = fields_[ucol_];
  out.item = fields_[icol_];
  out.rating = fields_[rcol_];
  if (!is_token(out.user)) fail("bad user id \"" + std::string(out.user) + "\"");
  if (!is_token(out.item)) fail("bad item id \"" + std::string(out.item) + "\"");
  if (const std::string why = parse_rating(out.rating, out.value); !why.empty()) fail(why);
  if (need_timestamp_) {
    const std::string_view t = tcol_ < n ? fields_[tcol_] : std::string_view();
    if (t.empty()) fail("no timestamp (field " + std::to_string(tcol_ + 1) + "), needed by --user-day");
    std::string_view digits = t;
    const bool negative = digits[0] == '-';
    if (digits[0] == '+' || digits[0] == '-') digits.remove_prefix(1);
    if (!all_digits(digits)) fail("timestamp \"" + std::string(t) + "\" is not a whole number of seconds");
    while (!digits.empty() && digits[0] == '0') digits.remove_prefix(1);
    if (digits.size() > 15) fail("timestamp \"" + std::string(t) + "\" is out of range");
    std::int64_t seconds = 0;
    for (char c : digits) seconds = seconds * 10 + (c - '0');
    if (negative) seconds = -seconds;
    // floor division (C++ truncates towards zero)
    out.day = seconds / 86400 - ((seconds % 86400 != 0 && seconds < 0) ? 1 : 0);
  }
  return true;
}

}  // namespace learner::ratings
