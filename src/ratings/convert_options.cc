#include "learner/ratings/convert_options.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "learner/error.h"

namespace learner::ratings {
namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

std::string shortest(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

}  // namespace

bool is_decimal(const std::string& s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  const std::size_t int_start = i;
  while (i < s.size() && digit(s[i])) ++i;
  const bool int_part = i > int_start;
  if (i < s.size() && s[i] == '.') {
    ++i;
    const std::size_t frac_start = i;
    while (i < s.size() && digit(s[i])) ++i;
    if (!int_part && i == frac_start) return false;
  } else if (!int_part) {
    return false;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    const std::size_t exp_start = i;
    while (i < s.size() && digit(s[i])) ++i;
    if (i == exp_start) return false;
  }
  return i == s.size();
}

ConvertOptions parse_convert_options(const std::vector<std::string>& args) {
  ConvertOptions o;
  std::string format = "auto", user_day, k, shrink;
  bool user_day_set = false, k_set = false, shrink_set = false;
  const std::vector<std::pair<std::string, std::string*>> valued = {
      {"--format", &format},       {"--users", &o.users},         {"--items", &o.items},
      {"--implicit", &o.implicit}, {"--user-day", &user_day},     {"--neighbors", &o.neighbors},
      {"--neighbors-k", &k},       {"--neighbors-shrink", &shrink}};
  for (std::size_t a = 0; a < args.size(); ++a) {
    const std::string& arg = args[a];
    if (arg == "-h" || arg == "--help") {
      o.help = true;
      return o;
    }
    if (arg == "--") {
      o.files.insert(o.files.end(), args.begin() + static_cast<std::ptrdiff_t>(a) + 1, args.end());
      break;
    }
    if (arg == "-" || arg.empty() || arg[0] != '-') {
      o.files.push_back(arg);
      continue;
    }
    if (arg == "--side-in-ui") {
      o.side_in_ui = true;
      continue;
    }
    if (arg == "--centered") {
      o.centered = true;
      continue;
    }
    if (arg == "--tags") {
      o.tags = true;
      continue;
    }
    bool known = false;
    for (const auto& [name, target] : valued) {
      std::string value;
      if (arg == name) {
        if (a + 1 >= args.size()) throw UsageError(name + " needs a value");
        value = args[++a];
      } else if (arg.starts_with(name + "=")) {
        value = arg.substr(name.size() + 1);
      } else {
        continue;
      }
      *target = value;
      user_day_set |= name == "--user-day";
      k_set |= name == "--neighbors-k";
      shrink_set |= name == "--neighbors-shrink";
      known = true;
      break;
    }
    if (!known) throw UsageError("unknown option '" + arg + "'");
  }
  o.format = parse_format(format);
  if (user_day_set) {
    const double v = is_decimal(user_day) && user_day[0] != '-' ? std::strtod(user_day.c_str(), nullptr) : 0.0;
    if (!(v > 0.0 && std::isfinite(v))) throw UsageError("--user-day needs a positive number (got '" + user_day + "')");
    o.user_day = shortest(v);
  }
  if ((k_set || shrink_set) && o.neighbors.empty())
    throw UsageError("--neighbors-k and --neighbors-shrink need --neighbors");
  if (k_set) {
    bool ok = !k.empty() && k.size() <= 9 && k.find_first_not_of("0123456789") == std::string::npos;
    if (ok) o.neighbor.neighbors = std::atoi(k.c_str());
    if (!ok || o.neighbor.neighbors < 1)
      throw UsageError("--neighbors-k needs a positive whole number (got '" + k + "')");
  }
  if (shrink_set) {
    const double v = is_decimal(shrink) && shrink[0] != '-' ? std::strtod(shrink.c_str(), nullptr) : -1.0;
    if (!(v >= 0.0 && v < 1e300)) throw UsageError("--neighbors-shrink needs a number >= 0 (got '" + shrink + "')");
    o.neighbor.shrink = v;
  }
  if (o.files.empty()) o.files.push_back("-");
  return o;
}

}  // namespace learner::ratings
