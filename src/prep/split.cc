// Reproducible train/test splits (learner/prep/split.h).
#include "learner/prep/split.h"

#include <algorithm>
#include <memory>
#include <regex>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "learner/error.h"
#include "learner/io/line_reader.h"
#include "learner/io/output_file.h"

namespace learner {

namespace {

constexpr std::uint64_t kPrime = kSplitPrime;

std::uint64_t split_mulmod(std::uint64_t a, std::uint64_t b) { return a * b % kPrime; }  // a, b < 2^31: no overflow

std::uint64_t split_square_add(std::uint64_t x, std::uint64_t c) { return (split_mulmod(x, x) + c) % kPrime; }

bool blank_line(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

bool is_blank_char(char c) { return c == ' ' || c == '\t'; }

// Fields separated by runs of blanks and tabs, leading and trailing ones ignored.
std::vector<std::string_view> blank_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank_char(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_blank_char(line[i])) ++i;
    if (i > start) fields.push_back(line.substr(start, i - start));
  }
  return fields;
}

std::vector<std::string_view> split_fields(std::string_view line, const std::string& sep) {
  if (sep.empty() || sep == " ") return blank_fields(line);
  std::vector<std::string_view> fields;
  if (line.empty()) return fields;
  if (sep.size() == 1 || sep.find_first_of(".[]()*+?{}|^$\\") == std::string::npos) {  // a literal separator
    std::size_t start = 0;
    for (std::size_t at; (at = line.find(sep, start)) != std::string_view::npos; start = at + sep.size())
      fields.push_back(line.substr(start, at - start));
    fields.push_back(line.substr(start));
    return fields;
  }
  thread_local std::string compiled_sep;  // the expression is compiled once, not per line
  thread_local std::regex re;
  if (compiled_sep != sep) {
    try {
      re = std::regex(sep, std::regex::extended);
    } catch (const std::regex_error& e) {
      throw UsageError("--field-sep '" + sep + "' is not an extended regular expression: " + e.what());
    }
    compiled_sep = sep;
  }
  std::size_t start = 0;
  for (std::cregex_iterator m(line.data(), line.data() + line.size(), re), end; m != end; ++m) {
    if (m->length(0) == 0) continue;  // an empty match separates nothing
    const auto at = static_cast<std::size_t>(m->position(0));
    fields.push_back(line.substr(start, at - start));
    start = at + static_cast<std::size_t>(m->length(0));
  }
  fields.push_back(line.substr(start));
  return fields;
}

// Each user's K smallest keys (hash, line number), largest first (a max-heap).
struct LeaveOut {
  using Key = std::pair<std::uint64_t, std::uint64_t>;
  struct User {
    std::uint64_t lines = 0;
    std::vector<Key> smallest;
  };
  std::unordered_map<std::string, User> users;
  std::uint64_t k;

  void add(const std::string& user, Key key) {
    User& u = users[user];
    ++u.lines;
    if (u.smallest.size() < k) {
      u.smallest.push_back(key);
      std::push_heap(u.smallest.begin(), u.smallest.end());
    } else if (key < u.smallest.front()) {
      std::pop_heap(u.smallest.begin(), u.smallest.end());
      u.smallest.back() = key;
      std::push_heap(u.smallest.begin(), u.smallest.end());
    }
  }
  bool test(const std::string& user, Key key) const {
    const User& u = users.at(user);
    return u.lines > k && key <= u.smallest.front();
  }
};

void write_line(OutputFile& out, std::string_view line) {
  out.write(line.data(), line.size());
  out.write("\n", 1);
}

}  // namespace

std::uint64_t split_hash(std::uint64_t seed, std::uint64_t line) {
  // The seed enters through its own multiplication, so that seeds s and s+1 do not give
  // shifted copies of one sequence.
  const std::uint64_t seed_mix = split_square_add(split_mulmod((seed % kPrime + 1) % kPrime, 1103515245 % kPrime), 12345);
  std::uint64_t x = (line % kPrime + seed_mix) % kPrime;
  x = split_square_add(split_mulmod(x, 48271), 1013904223);
  x = split_square_add(split_mulmod(x, 69621), 362436069);
  x = split_square_add(split_mulmod(x, 48271), 521288629);
  return split_mulmod(x, 16807);
}

std::string split_user(const SplitSettings& settings, std::string_view line) {
  if (settings.user_field > 0) {
    const auto fields = split_fields(line, settings.field_sep);
    if (fields.size() < static_cast<std::size_t>(settings.user_field))
      throw std::invalid_argument("no field " + std::to_string(settings.user_field) + " (the line has " +
                                  std::to_string(fields.size()) + ")");
    return std::string(fields[static_cast<std::size_t>(settings.user_field) - 1]);
  }
  const std::string bar = "|" + settings.vw_user_ns;
  const auto fields = blank_fields(line);
  for (std::size_t i = 0; i + 1 < fields.size(); ++i) {
    const std::string_view f = fields[i];
    if (f != bar && !(f.size() > bar.size() && f.substr(0, bar.size() + 1) == bar + ":")) continue;
    std::string_view t = fields[i + 1];
    if (t.front() == '|') break;
    t = t.substr(0, t.find(':'));
    if (t.empty()) break;
    return std::string(t);
  }
  throw std::invalid_argument("no feature after namespace " + bar);
}

SplitCounts split_lines(const SplitSettings& settings, LineReader& in, OutputFile& train, OutputFile& test) {
  SplitCounts counts;
  std::string_view line;
  auto fail = [&](LineReader& r, const std::string& why) -> void { throw InputError(r.name(), r.line_number(), why); };
  auto user_of = [&](LineReader& r) {
    try {
      return split_user(settings, line);
    } catch (const std::invalid_argument& e) {
      fail(r, e.what());
      return std::string();
    }
  };
  auto put = [&](bool is_test) {
    write_line(is_test ? test : train, line);
    ++(is_test ? counts.test : counts.train);
  };
  if (settings.leave_out == 0) {
    const double threshold = settings.test_fraction * static_cast<double>(kPrime);
    while (in.next(line)) {
      if (blank_line(line)) fail(in, "blank line");
      put(static_cast<double>(split_hash(settings.seed, in.line_number())) < threshold);
    }
    return counts;
  }
  // Leave-out reads the lines twice; standard input is held in memory for the second reading.
  std::unique_ptr<LineReader> held;
  LineReader* source = &in;
  if (!in.seekable()) {
    std::string all;
    while (in.next(line)) {
      all.append(line);
      all.push_back('\n');
    }
    held = LineReader::from_string(std::move(all), in.name());
    source = held.get();
  }
  LeaveOut picked{{}, settings.leave_out};
  while (source->next(line)) {
    if (blank_line(line)) fail(*source, "blank line");
    picked.add(user_of(*source), {split_hash(settings.seed, source->line_number()), source->line_number()});
  }
  source->rewind();
  while (source->next(line))
    put(picked.test(user_of(*source), {split_hash(settings.seed, source->line_number()), source->line_number()}));
  counts.users = picked.users.size();
  for (const auto& [name, u] : picked.users) counts.small_users += u.lines <= settings.leave_out;
  return counts;
}

}  // namespace learner
