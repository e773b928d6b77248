#include "learner/ratings/side_info.h"

#include <array>
#include <vector>

#include "digits.h"
#include "learner/error.h"
#include "learner/parse/line_bytes.h"
#include "learner/ratings/rating_reader.h"

namespace learner::ratings {
namespace {

constexpr std::array<const char*, 19> kGenres = {
    "unknown", "Action",  "Adventure", "Animation", "Children's", "Comedy",  "Crime",
    "Documentary", "Drama", "Fantasy", "Film-Noir", "Horror",    "Musical", "Mystery",
    "Romance", "Sci-Fi", "Thriller",  "War",       "Western"};

// The next line with one trailing '\r' removed; a blank line is an error.
bool next_line(LineReader& in, std::string_view& line) {
  if (!in.next(line)) return false;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  reject_control_bytes(line, LineContext{in.name(), in.line_number()});  // its features go into VW text
  if (line.find_first_not_of(" \t") == std::string_view::npos) throw InputError(in.name(), in.line_number(), "blank line");
  return true;
}


std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

void add_unique(FeatureTable& table, std::string_view id, std::string features, const LineReader& in, const char* what) {
  if (!table.emplace(std::string(id), std::move(features)).second)
    throw InputError(in.name(), in.line_number(), std::string(what) + " \"" + std::string(id) + "\" is listed twice");
}

}  // namespace

std::string clean(std::string_view s) {
  std::string out;
  bool in_run = false;
  for (char c : s) {
    const bool sep = c == ' ' || c == '\t' || c == '|' || c == ':';
    if (sep && !in_run) out += '_';
    if (!sep) out += c;
    in_run = sep;
  }
  return out;
}

std::string twins(std::string_view features) {
  std::string out;
  std::size_t pos = 0;
  while ((pos = features.find_first_not_of(" \t", pos)) != std::string_view::npos) {
    const std::size_t end = std::min(features.find_first_of(" \t", pos), features.size());
    const std::string_view f = features.substr(pos, end - pos);
    out.append(" ").append(f).append(" ~").append(f).append(":-1");
    pos = end;
  }
  return out;
}

const char* age_bucket(unsigned long long age) {
  if (age < 18) return "under18";
  if (age < 25) return "18-24";
  if (age < 35) return "25-34";
  if (age < 45) return "35-44";
  if (age < 50) return "45-49";
  if (age < 56) return "50-55";
  return "56+";
}

FeatureTable load_users(LineReader& in) {
  FeatureTable table;
  std::vector<std::string_view> f;
  std::string_view line;
  while (next_line(in, line)) {
    std::string_view id, age, sex, occ, zip;
    if (line.find("::") != std::string_view::npos) {
      split_fields(line, "::", f);
      if (f.size() != 5) throw InputError(in.name(), in.line_number(), "expected 5 fields id::gender::age::occupation::zip");
      id = f[0], sex = f[1], age = f[2], occ = f[3], zip = f[4];
    } else {
      split_fields(line, "|", f);
      if (f.size() != 5) throw InputError(in.name(), in.line_number(), "expected 5 fields id|age|gender|occupation|zip");
      id = f[0], age = f[1], sex = f[2], occ = f[3], zip = f[4];
    }
    if (!is_token(id)) throw InputError(in.name(), in.line_number(), "bad user id \"" + std::string(id) + "\"");
    if (!all_digits(age))
      throw InputError(in.name(), in.line_number(), "age \"" + std::string(age) + "\" is not a whole number");
    if (sex.empty() || occ.empty()) throw InputError(in.name(), in.line_number(), "empty gender or occupation");
    std::string_view digits = age;
    while (digits.size() > 1 && digits[0] == '0') digits.remove_prefix(1);
    unsigned long long years = digits.size() > 6 ? 1000000 : std::stoull(std::string(digits));
    std::string features = std::string(" age_") + age_bucket(years) + " sex_" + clean(sex) + " occ_" + clean(occ);
    if (!zip.empty()) features += " zip3_" + clean(zip.substr(0, 3));
    add_unique(table, id, std::move(features), in, "user");
  }
  if (in.line_number() == 0) throw InputError(in.name(), 0, "empty users file");
  return table;
}

FeatureTable load_items(LineReader& in) {
  FeatureTable table;
  std::vector<std::string_view> f, genres;
  std::string_view line;
  bool csv = false;
  while (next_line(in, line)) {
    if (in.line_number() == 1) {
      const std::string head = lower(line.substr(0, 8));
      if (head.starts_with("movieid,") || head.starts_with("itemid,")) {
        csv = true;
        continue;
      }
    }
    std::string_view id;
    std::string features;
    // movies.csv skips the field "(no genres listed)", movies.dat each such genre (as ratings2vw did)
    auto add_genres = [&](std::string_view g, bool whole_field) {
      if (whole_field && g == "(no genres listed)") return;
      split_fields(g, "|", genres);
      for (std::string_view name : genres)
        if (!name.empty() && (whole_field || name != "(no genres listed)")) features.append(" ").append(clean(name));
    };
    if (csv) {
      const std::size_t first = line.find(','), last = line.rfind(',');
      if (first == std::string_view::npos) throw InputError(in.name(), in.line_number(), "expected movieId,title,genres");
      id = line.substr(0, first);
      add_genres(line.substr(last + 1), true);
    } else if (line.find("::") != std::string_view::npos) {
      split_fields(line, "::", f);
      if (f.size() != 3) throw InputError(in.name(), in.line_number(), "expected 3 fields id::title::genres");
      id = f[0];
      add_genres(f[2], false);
    } else {
      split_fields(line, "|", f);
      if (f.size() != 24)
        throw InputError(in.name(), in.line_number(), "expected 24 fields id|title|date|video date|url|19 genre flags");
      id = f[0];
      for (std::size_t i = 0; i < kGenres.size(); ++i) {
        if (f[i + 5] == "1") features += std::string(" ") + kGenres[i];
        else if (f[i + 5] != "0")
          throw InputError(in.name(), in.line_number(),
                           "genre flag " + std::to_string(i + 1) + " is \"" + std::string(f[i + 5]) + "\", not 0 or 1");
      }
    }
    if (!is_token(id)) throw InputError(in.name(), in.line_number(), "bad item id \"" + std::string(id) + "\"");
    add_unique(table, id, std::move(features), in, "item");
  }
  if (in.line_number() == 0) throw InputError(in.name(), 0, "empty items file");
  return table;
}

}  // namespace learner::ratings
