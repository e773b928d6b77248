#include "rank_agreement.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <span>
#include <utility>

#include "learner/error.h"
#include "option_catalogue.h"
#include "stored_options.h"

namespace learner {
namespace {

// Options that may differ between ranks: each rank's own files (its shard,
// outputs, start model, cache) and limits. Every other declared option,
// including one added later, must agree.
constexpr const char* kPerRank[] = {
    "data",          "predictions",      "raw_predictions", "final_regressor", "initial_regressor",
    "feature_mask",  "readable_model",   "invert_hash",     "audit",           "audit_regressor",
    "cache",         "cache_file",       "kill_cache",      "compressed",      "pass_memory",
    "examples",      "save_per_pass",    "predict_only_model", "pad_skipped",     "threads",
};
// Not compared at all: --loss (folded into --loss_function) and the
// options that never reach a run.
constexpr const char* kSkipped[] = {"loss", "help", "version", "args"};

template <std::size_t N>
bool listed(const char* const (&names)[N], const std::string& name) {
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

// A number in its shortest form; any other text as it is, newlines escaped.
std::string canonical(const OptionSpec& s, const std::string& value) {
  if (s.kind == OptionKind::kCount || s.kind == OptionKind::kInteger || s.kind == OptionKind::kNumber) {
    char* end = nullptr;
    const double x = std::strtod(value.c_str(), &end);
    if (!value.empty() && end && *end == '\0') {
      char out[32];
      const auto [ptr, ec] = std::to_chars(out, out + sizeof out, x);
      if (ec == std::errc()) return std::string(out, ptr);
    }
  }
  std::string out;
  for (char c : value) {
    if (c == '\\') out += "\\\\";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

// FNV-1a, 64 bits: the same on every rank whatever its standard library.
uint64_t fingerprint(const std::string& text) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

// "name=value" lines as a map (a name missing on a rank has no entry).
std::map<std::string, std::string> lines_of(const std::string& text) {
  std::map<std::string, std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(at, end - at);
    const std::size_t eq = line.find('=');
    if (eq != std::string::npos) out[line.substr(0, eq)] = line.substr(eq + 1);
    at = end + 1;
  }
  return out;
}

// "rank 3", "ranks 0-2, 5".
std::string ranks_text(const std::vector<int>& ranks) {
  std::string out = ranks.size() == 1 ? "rank " : "ranks ";  // appends: GCC 12 misreads "" + std::string&& (-Wrestrict)
  for (std::size_t i = 0; i < ranks.size();) {
    std::size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    if (i > 0) out += ", ";
    out += std::to_string(ranks[i]);
    if (j > i) {
      out += '-';
      out += std::to_string(ranks[j]);
    }
    i = j + 1;
  }
  return out;
}

std::string flag_of(const std::string& name) {
  const auto& declared = detail::declared_options();
  const auto it = declared.find(name);
  if (it != declared.end() && it->second.spec->short_name) return std::string("-") + it->second.spec->short_name;
  return "--" + name;
}

std::string shown_value(const std::string& name, const std::string* value) {
  if (!value) return "unknown to this rank's learner";
  if (value->empty()) return "not given";  // an option without a default (-l, --min_prediction)
  const auto& declared = detail::declared_options();
  const auto it = declared.find(name);
  return it == declared.end() ? *value : detail::shown(*it->second.spec, *value);
}

constexpr std::size_t kMostValues = 4;  // values shown per option

}  // namespace

std::string agreement_text(const OptionValues& v) {
  std::string text;
  for (const auto& [name, d] : detail::declared_options()) {
    if (listed(kPerRank, name) || listed(kSkipped, name)) continue;
    const OptionSpec& s = *d.spec;
    std::string value = detail::user_text(v, s);
    if (name == "loss_function" && value.empty()) value = "squared";  // the default, as a model stores it
    text += name + "=" + canonical(s, value) + "\n";
  }
  return text;
}

std::string disagreement(const std::vector<std::string>& texts) {
  std::vector<std::map<std::string, std::string>> ranks;
  std::map<std::string, bool> names;  // every name any rank has, in order
  for (const std::string& t : texts) {
    ranks.push_back(lines_of(t));
    for (const auto& entry : ranks.back()) names[entry.first] = true;
  }
  std::string out;
  for (const auto& entry : names) {
    const std::string& name = entry.first;
    // Values in the order of their first rank, each with its ranks.
    std::vector<std::pair<const std::string*, std::vector<int>>> values;
    for (std::size_t r = 0; r < ranks.size(); ++r) {
      const auto it = ranks[r].find(name);
      const std::string* value = it == ranks[r].end() ? nullptr : &it->second;
      auto same = std::find_if(values.begin(), values.end(), [&](const auto& x) {
        return x.first == value || (x.first && value && *x.first == *value);
      });
      if (same == values.end()) values.push_back({value, {static_cast<int>(r)}});
      else same->second.push_back(static_cast<int>(r));
    }
    if (values.size() == 1) continue;
    out += out.empty() ? "" : "; ";
    out += flag_of(name) + ":";
    for (std::size_t i = 0; i < values.size() && i < kMostValues; ++i)
      out += std::string(i ? ", " : " ") + shown_value(name, values[i].first) + " (" + ranks_text(values[i].second) + ")";
    if (values.size() > kMostValues) out += ", and " + std::to_string(values.size() - kMostValues) + " other values";
  }
  return out;
}

void check_ranks_agree(AllReduce& group, const std::string& text) {
  if (group.size() == 1) return;
  const auto n = static_cast<std::size_t>(group.size()), r = static_cast<std::size_t>(group.rank());
  std::vector<uint64_t> signatures(2 * n, 0);  // rank r's hash and length in its own two places
  signatures[2 * r] = fingerprint(text);
  signatures[2 * r + 1] = text.size();
  group.sum(std::span<uint64_t>(signatures));
  bool same = true;
  for (std::size_t i = 1; i < n; ++i)
    same = same && signatures[2 * i] == signatures[0] && signatures[2 * i + 1] == signatures[1];
  if (same) return;
  std::string why = disagreement(group.gather(text));
  if (why.empty()) return;  // equal texts whose hashes differ cannot happen: the hash is fixed
  std::string may_differ;
  for (const char* name : kPerRank) may_differ += (may_differ.empty() ? "" : ", ") + flag_of(name);
  throw UsageError("the ranks were started with different options: " + why +
                   ". Every rank must train the same model the same way (a -i model's stored options count as "
                   "given); only these may differ between ranks: " + may_differ);
}

}  // namespace learner
