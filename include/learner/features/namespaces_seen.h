// Which namespaces the data held: what the check that every namespace an
// option names occurs (src/cli/namespace_check.h) reads at the end of pass 1.
//
// Recorded per namespace of an example, never per feature, and only for a
// namespace with features (an empty `|x` takes part in nothing): a 256-bit
// set of first characters (the character -q, --ignore and --dotproduct ab
// select by), the first full name met with each character (for messages),
// and whether each of a few full names given to the constructor (the
// --dotproduct user,item names) was met. add() costs a bit test per
// namespace; the full names are compared only for a namespace whose first
// character starts one of them.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "learner/example.h"

namespace learner {

class NamespacesSeen {
 public:
  explicit NamespacesSeen(std::vector<std::string> full_names = {});

  void add(const Example& ex) {
    for (const NamespaceSpan& ns : ex.namespaces) {
      if (ns.end == ns.begin) continue;
      const auto c = static_cast<unsigned char>(ns.first);
      const uint64_t bit = uint64_t{1} << (c & 63);
      if ((firsts_[c >> 6] & bit) == 0) {
        firsts_[c >> 6] |= bit;
        first_name_[c] = ns.name;
        ++changes_;
      }
      if ((name_starts_[c >> 6] & bit) != 0) add_name(ns.name);
    }
  }

  bool has_first(char c) const {
    const auto u = static_cast<unsigned char>(c);
    return (firsts_[u >> 6] >> (u & 63) & 1) != 0;
  }
  // Whether full_names[i] (the constructor's) was met.
  bool has_name(std::size_t i) const { return names_met_[i]; }
  const std::vector<std::string>& full_names() const { return full_names_; }
  // Grows each time a first character or a full name is met for the first
  // time (a caller rechecks what it needs only then).
  uint64_t changes() const { return changes_; }
  bool empty() const { return (firsts_[0] | firsts_[1] | firsts_[2] | firsts_[3]) == 0; }

  // The namespaces met, in character order: "u, i" or, where the full name
  // is longer than its first character, "u (\"user\")"; the default
  // namespace is "the default namespace".
  std::string describe() const;

  // For a sum over the ranks of a group (parallel/allreduce.h): one count per
  // character, then one per full name; absorb() takes the sums back (a count
  // above 0 means met somewhere).
  std::vector<double> counts() const;
  void absorb(std::span<const double> sums);

 private:
  void add_name(const std::string& name);

  std::array<uint64_t, 4> firsts_{};
  std::array<uint64_t, 4> name_starts_{};  // first characters of full_names_
  std::array<std::string, 256> first_name_;
  std::vector<std::string> full_names_;
  std::vector<bool> names_met_;
  uint64_t changes_ = 0;
};

}  // namespace learner
