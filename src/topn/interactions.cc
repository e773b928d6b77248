#include "learner/topn/interactions.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <memory>

#include "learner/error.h"
#include "learner/io/line_reader.h"
#include "fields.h"

namespace learner::topn {

uint32_t IdMap::intern(std::string_view name) {
  auto it = index_.find(std::string(name));
  if (it != index_.end()) return it->second;
  const auto id = static_cast<uint32_t>(names_.size());
  names_.emplace_back(name);
  index_.emplace(names_.back(), id);
  return id;
}

uint32_t IdMap::find(std::string_view name) const {
  auto it = index_.find(std::string(name));
  return it == index_.end() ? kNone : it->second;
}

namespace {

enum class TopnFormat { kUnknown, kBlanks, kDcolon, kCsv };

TopnFormat detect_topn_format(std::string_view line) {
  if (line.find("::") != std::string_view::npos) return TopnFormat::kDcolon;
  if (line.find_first_of(" \t") != std::string_view::npos) return TopnFormat::kBlanks;
  if (line.find(',') != std::string_view::npos) return TopnFormat::kCsv;
  return TopnFormat::kUnknown;
}

void split_topn_fields(std::string_view line, TopnFormat f, std::vector<std::string_view>& out) {
  out.clear();
  if (f == TopnFormat::kBlanks) {
    topn_detail::split_blanks(line, out);
    return;
  }
  const std::string_view sep = f == TopnFormat::kDcolon ? "::" : ",";
  std::size_t start = 0;
  while (true) {
    const std::size_t at = line.find(sep, start);
    out.push_back(line.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) break;
    start = at + sep.size();
  }
}

bool topn_number(std::string_view s, double& out) {
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
  return r.ec == std::errc() && r.ptr == s.data() + s.size() && std::isfinite(out);
}

void read_lines(LineReader& in, InteractionSet& set) {
  std::string_view line;
  TopnFormat format = TopnFormat::kUnknown;
  std::vector<std::string_view> fields;
  bool first = true;
  // The columns read (user item [rating [time]]; more are ignored) of the first data line: every
  // line must have as many, since a missing rating reads 1 and a missing time the line number,
  // which beside real values would drop rows under --min_rating or misorder a user's time line.
  std::size_t columns = 0;
  std::size_t columns_line = 0;
  while (in.next(line)) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const auto fail = [&](const std::string& why) { throw InputError(in.name(), in.line_number(), why); };
    if (line.find_first_not_of(" \t") == std::string_view::npos) fail("empty line");
    if (format == TopnFormat::kUnknown) {
      format = detect_topn_format(line);
      if (format == TopnFormat::kUnknown) fail("cannot tell the format: expected 'user item [rating [time]]'");
    }
    split_topn_fields(line, format, fields);
    double rating = 1.0, time = static_cast<double>(in.line_number());
    if (first && format == TopnFormat::kCsv && fields.size() >= 3 && !topn_number(fields[2], rating)) {
      first = false;  // a header
      continue;
    }
    first = false;
    if (fields.size() < 2 || fields[0].empty() || fields[1].empty()) fail("expected 'user item [rating [time]]'");
    const std::size_t used = std::min<std::size_t>(fields.size(), 4);
    if (columns == 0) {
      columns = used;
      columns_line = in.line_number();
    } else if (used != columns) {
      fail(std::to_string(used) + " of the columns 'user item [rating [time]]' where line " +
           std::to_string(columns_line) + " has " + std::to_string(columns) + ": every line needs the same");
    }
    if (fields.size() >= 3 && !topn_number(fields[2], rating)) fail("the rating is not a finite number");
    if (fields.size() >= 4 && !topn_number(fields[3], time)) fail("the timestamp is not a finite number");
    set.rows.push_back({set.users.intern(fields[0]), set.items.intern(fields[1]), static_cast<float>(rating), time});
  }
}

}  // namespace

void read_interactions(const std::string& path, InteractionSet& set) {
  auto in = LineReader::open(path);
  read_lines(*in, set);
}

void read_interactions_text(const std::string& text, InteractionSet& set, const std::string& name) {
  auto in = LineReader::from_string(text, name);
  read_lines(*in, set);
}

UserItems::UserItems(std::size_t n_users, std::size_t n_items, std::span<const Interaction> rows, float min_rating)
    : offsets_(n_users + 1, 0), n_items_(n_items) {
  for (const Interaction& r : rows)
    if (r.user < n_users && r.item < n_items && r.rating >= min_rating) ++offsets_[r.user + 1];
  for (std::size_t u = 0; u < n_users; ++u) offsets_[u + 1] += offsets_[u];
  items_.resize(offsets_[n_users]);
  std::vector<std::size_t> fill(offsets_.begin(), offsets_.end() - 1);
  for (const Interaction& r : rows)
    if (r.user < n_users && r.item < n_items && r.rating >= min_rating) items_[fill[r.user]++] = r.item;
  // Sort and drop repeated pairs within each row.
  std::size_t out = 0;
  std::size_t begin = 0;
  for (std::size_t u = 0; u < n_users; ++u) {
    const std::size_t end = offsets_[u + 1];
    std::sort(items_.begin() + static_cast<std::ptrdiff_t>(begin), items_.begin() + static_cast<std::ptrdiff_t>(end));
    const std::size_t row_start = out;
    for (std::size_t i = begin; i < end; ++i)
      if (out == row_start || items_[out - 1] != items_[i]) items_[out++] = items_[i];
    begin = end;
    offsets_[u + 1] = out;
  }
  items_.resize(out);
}

bool UserItems::contains(uint32_t user, uint32_t item) const {
  const auto row = items(user);
  return std::binary_search(row.begin(), row.end(), item);
}

}  // namespace learner::topn
