// VW's interaction normalisation and wildcard expansion.
#include "learner/features/interaction_spec.h"

#include <algorithm>

namespace learner {
namespace {

// Namespace characters order as unsigned bytes, as VW's namespace_index.
bool byte_less(char a, char b) { return static_cast<unsigned char>(a) < static_cast<unsigned char>(b); }

// True when sorted `s` holds a repeated character and two different ones.
bool must_sort(const std::string& sorted) {
  bool repeated = false;
  for (std::size_t i = 1; i < sorted.size(); ++i) repeated = repeated || sorted[i] == sorted[i - 1];
  return repeated && sorted.front() != sorted.back();
}

// Appends to `out` every filling of the wildcards of `spec` from `present`.
void expand_one(const std::string& spec, std::string_view present, bool all_orders, std::vector<std::string>& out) {
  std::vector<std::size_t> slots;
  for (std::size_t i = 0; i < spec.size(); ++i) {
    if (spec[i] == kWildcard) slots.push_back(i);
  }
  if (slots.empty()) {
    out.push_back(spec);
    return;
  }
  if (present.empty()) return;
  std::vector<std::size_t> choice(slots.size(), 0);  // odometer over present
  for (;;) {
    std::string filled = spec;
    for (std::size_t k = 0; k < slots.size(); ++k) filled[slots[k]] = present[choice[k]];
    out.push_back(std::move(filled));
    std::size_t k = slots.size();
    while (k > 0 && choice[k - 1] + 1 == present.size()) --k;
    if (k == 0) return;
    ++choice[k - 1];
    // Without all orders later wildcards never pick an earlier namespace.
    for (std::size_t j = k; j < slots.size(); ++j) choice[j] = all_orders ? 0 : choice[k - 1];
  }
}

// VW's order of an interaction list: shorter first, then by unsigned bytes
// (char_traits<char> compares unsigned).
bool spec_less(const std::string& a, const std::string& b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

}  // namespace

std::vector<std::string> normalise_interactions(const std::vector<std::string>& specs, bool leave_duplicates) {
  std::vector<std::string> ordered = specs;
  std::stable_sort(ordered.begin(), ordered.end(), spec_less);
  std::vector<std::string> out;
  std::vector<std::string> seen;  // sorted forms of the kept specs
  for (const std::string& spec : ordered) {
    std::string sorted = spec;
    std::sort(sorted.begin(), sorted.end(), byte_less);
    if (!leave_duplicates && std::find(seen.begin(), seen.end(), sorted) != seen.end()) continue;
    out.push_back(!sorted.empty() && must_sort(sorted) ? sorted : spec);
    seen.push_back(std::move(sorted));
  }
  return out;
}

std::vector<std::string> expand_wildcards(const std::vector<std::string>& specs, std::string_view present,
                                          bool leave_duplicates) {
  std::string chars(present);
  std::sort(chars.begin(), chars.end(), byte_less);
  chars.erase(std::unique(chars.begin(), chars.end()), chars.end());
  std::vector<std::string> out;
  for (const std::string& spec : specs) expand_one(spec, chars, leave_duplicates, out);
  return normalise_interactions(out, leave_duplicates);
}

}  // namespace learner
