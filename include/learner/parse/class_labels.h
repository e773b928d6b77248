// How class ids are written in the input and in -p/-r (VW's --named_labels
// and --indexing). Inside, classes are always 1..K; this maps the text.
//
//   --named_labels a,b,c   a class is written by name: a = 1, b = 2, c = 3, in
//                          labels (multiclass, cost-sensitive `b:0.5`,
//                          multilabel `a,c`) and in predictions (`b`, `a:0.2 b:0.7 c:0.1`)
//   --indexing 0           a class is written 0..K-1 (class 0 = the first
//                          sub-model, as VW's --oaa/--csoaa --indexing 0)
//   --indexing 1 / neither the default: 1..K
//
// Names are the comma-separated items of --named_labels; each must be
// non-empty, unique and free of blanks, ':', '|' and '\'' (they would not
// parse in VW's text format). The two options cannot be combined.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace learner {

class ClassLabels {
 public:
  // Throws UsageError for a bad list (`what` names the flag).
  static ClassLabels named(std::string_view list);
  static ClassLabels zero_based();

  // The class (1..) `token` writes, or nothing when it writes none (the
  // caller reports the line). Plain 1-based ids are not handled here.
  std::optional<uint32_t> id(std::string_view token) const;
  // Appends class k's text (k in 1..K).
  void append(std::string& out, uint32_t k) const;
  // The number of names (0 unless named).
  uint32_t size() const { return static_cast<uint32_t>(names_.size()); }
  bool is_named() const { return !names_.empty(); }
  // "a class name of --named_labels a,b,c" / "a class id in 0..K-1", for errors.
  std::string expected(uint32_t classes) const;
  // "--named_labels a,b,c" or "--indexing 0" (cache keys, the preamble).
  std::string describe() const;

 private:
  std::vector<std::string> names_;
  std::map<std::string, uint32_t, std::less<>> by_name_;
  bool zero_based_ = false;
};

}  // namespace learner
