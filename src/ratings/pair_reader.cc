#include "learner/ratings/pair_reader.h"

#include <algorithm>
#include <string>

#include "fields.h"
#include "learner/error.h"

namespace learner::ratings {
namespace {

constexpr std::size_t kNoPairColumn = static_cast<std::size_t>(-1);

bool is_blank_char(char c) { return c == ' ' || c == '\t'; }

}  // namespace

PairReader::PairReader(LineReader& in, RatingFormat format) : in_(in), format_(format) {}

void PairReader::fail(const std::string& reason) const { throw InputError(name(), line_number(), reason); }

void PairReader::split(std::string_view line) {
  if (!blanks_) return split_fields(line, format_ == RatingFormat::kDcolon ? "::" : ",", fields_);
  fields_.clear();
  std::size_t at = 0;
  while (at < line.size()) {
    while (at < line.size() && is_blank_char(line[at])) ++at;
    if (at == line.size()) break;
    const std::size_t end = std::min(line.size(), line.find_first_of(" \t", at));
    fields_.push_back(line.substr(at, end - at));
    at = end;
  }
}

void PairReader::start(std::string_view line) {
  if (format_ == RatingFormat::kAuto) {
    if (line.find("::") != std::string_view::npos) format_ = RatingFormat::kDcolon;
    else if (line.find('\t') != std::string_view::npos) format_ = RatingFormat::kTab;
    else if (line.find(',') != std::string_view::npos) format_ = RatingFormat::kCsv;
    else if (line.find(' ') != std::string_view::npos) format_ = RatingFormat::kTab;
    else fail("cannot detect the format (no \"::\", tab, comma or space between a user and an item); use --format");
  }
  blanks_ = format_ == RatingFormat::kTab;
}

bool PairReader::next(PairRecord& out) {
  std::string_view line;
  for (;;) {
    if (!in_.next(line)) return false;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) fail("blank line");
    if (line_number() == 1) {
      start(line);
      if (format_ == RatingFormat::kCsv) {
        split(line);
        std::size_t u = kNoPairColumn, i = kNoPairColumn, r = kNoPairColumn;
        for (std::size_t k = 0; k < fields_.size(); ++k) {
          const std::string h = column_name(fields_[k]);
          if (is_user_column(h)) u = k;
          else if (is_item_column(h)) i = k;
          else if (h == "rating") r = k;
        }
        if (u != kNoPairColumn && i != kNoPairColumn) {  // a header
          ucol_ = u;
          icol_ = i;
          rcol_ = r;
          min_fields_ = std::max(u, i) + 1;
          continue;
        }
      }
    }
    break;
  }
  split(line);
  const std::size_t n = fields_.size();
  if (format_ == RatingFormat::kCsv) {
    if (n < min_fields_)
      fail("expected at least " + std::to_string(min_fields_) + " comma-separated fields, found " + std::to_string(n));
  } else if (n < 2 || n > 4) {
    fail(std::string("expected 2 to 4 fields user") +
         (blanks_ ? " item [rating [timestamp]] (separated by tabs or spaces)" : "::item[::rating[::timestamp]]") +
         ", found " + std::to_string(n));
  }
  out.user = fields_[ucol_];
  out.item = fields_[icol_];
  if (!is_token(out.user)) fail("bad user id \"" + std::string(out.user) + "\"");
  if (!is_token(out.item)) fail("bad item id \"" + std::string(out.item) + "\"");
  out.has_rating = rcol_ != kNoPairColumn && rcol_ < n;
  out.value = 0.0f;
  if (out.has_rating)
    if (const std::string why = parse_rating(fields_[rcol_], out.value); !why.empty()) fail(why);
  return true;
}

}  // namespace learner::ratings
