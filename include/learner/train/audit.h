// VW's --audit and --audit_regressor output (VW 9.11 gd.cc print_features,
// audit_regressor.cc), from the built features, their names
// (FeatureBuilder: "ns^feat", "a^x*b^y", "Constant") and the learner's
// weights (Learner::audit_weight).
//
// --audit, per example, to stdout: the prediction line as -p writes it
// (append_number of reduction/score_text.h, then " tag"), then a line of
// '\t'-prefixed entries "name:index:value:weight[@G]", index the weight slot
// (the hash masked to -b), value and weight as C++ streams print floats (6
// significant digits), "@G" the adaptive sum when the adaptive rule is on
// and the run learns (VW prints no "@G" under -t).
// The weights are those the prediction used (before this example's update).
// Entries are stably sorted by |weight * value|, largest first, as VW.
//
// --audit_regressor FILE: each feature of the data whose weight is not
// zero, the first time it is met, as "name:index:weight\n" ("c:" before it
// for sub-model c, 0-based, when there are several); done() says whether
// every non-zero weight was found.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "learner/example.h"
#include "learner/learner.h"

namespace learner {

class OutputFile;

class AuditWriter {
 public:
  // `testonly` (-t): no "@G", as VW prints in test mode.
  AuditWriter(std::FILE* out, const Learner& learner, uint32_t sub_models, bool testonly)
      : out_(out), learner_(learner), subs_(sub_models), testonly_(testonly) {}
  // Before the example is processed: the entries with the current weights.
  void capture(const std::vector<Feature>& x, const std::vector<std::string>& names);
  // After: the prediction line and the entries.
  void write(double prediction, const std::string& tag);

 private:
  struct Entry {
    float key;  // |w x|
    std::string text;
  };
  std::FILE* out_;
  std::string line_;  // the prediction line (capacity reused)
  const Learner& learner_;
  uint32_t subs_;
  bool testonly_;
  std::vector<Entry> entries_;
};

class RegressorAudit {
 public:
  // Throws UsageError when the learner cannot be audited or has no non-zero weight.
  RegressorAudit(const std::string& path, const Learner& learner, uint32_t sub_models);
  ~RegressorAudit();
  void record(const std::vector<Feature>& x, const std::vector<std::string>& names);
  bool done() const { return found_ == total_; }
  uint64_t found() const { return found_; }
  uint64_t total() const { return total_; }
  void close();  // commits the file

 private:
  std::unique_ptr<OutputFile> file_;
  const Learner& learner_;
  uint32_t subs_;
  std::vector<bool> printed_;  // per weight slot
  uint64_t found_ = 0, total_ = 0;
};

}  // namespace learner
