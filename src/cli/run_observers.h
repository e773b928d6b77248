// The command line's per-example policies as observers of Trainer::run
// (train/run_loop.h), private to the cli stage: --audit_regressor,
// --invert_hash's feature names, the namespace check, --audit, --examples
// and the signals.
#pragma once

#include <cstdint>

#include "signals.h"
#include "learner/reduction/group_reduction.h"
#include "learner/train/audit.h"
#include "learner/train/run_loop.h"
#include "namespace_check.h"

namespace learner {

// --audit_regressor: lists the -i model's weights by the names met in the
// data; nothing is learned (every example is skipped), and the run stops
// once every non-zero weight was found.
class RegressorObserver final : public RunObserver {
 public:
  explicit RegressorObserver(RegressorAudit& audit) : audit_(audit) {}
  unsigned hooks() const override { return kBefore | kStop; }
  bool before(const ParsedExample& slot) override {
    audit_.record(slot.features, slot.names);
    return false;
  }
  bool stop() const override { return audit_.done(); }

 private:
  RegressorAudit& audit_;
};

// Every namespace an option names occurs in pass 1 (namespace_check.h).
class NamespaceObserver final : public RunObserver {
 public:
  explicit NamespaceObserver(NamespaceCheck& check) : check_(check) {}
  // Nothing to look for (no option names a namespace): never called.
  unsigned hooks() const override { return check_.active() ? unsigned{kBefore} : 0u; }
  bool before(const ParsedExample& slot) override {
    if (slot.pass == 0 && check_.active()) check_.observe(slot.ex);
    return true;
  }

 private:
  NamespaceCheck& check_;
};

// --audit: pass 1's examples, their features with the weights the prediction used.
// Multi-line examples (`groups` set): each action line of pass 1's groups,
// its score and its features (the shared ones included) with the weights
// after the group was processed.
class AuditObserver final : public RunObserver {
 public:
  explicit AuditObserver(AuditWriter& audit, const GroupReduction* groups = nullptr) : audit_(audit), groups_(groups) {}
  unsigned hooks() const override { return kBefore | kAfter | kAfterGroup; }
  bool before(const ParsedExample& slot) override {
    if (slot.pass == 0 && !groups_) audit_.capture(slot.features, slot.names);
    if (groups_) pass_ = slot.pass;
    return true;
  }
  void after(const ParsedExample& slot, const Outcome& outcome) override {
    if (slot.pass == 0) audit_.write(outcome.prediction, slot.ex.tag);
  }
  void after_group(const ExampleGroup& group, const Outcome&) override {
    if (pass_ != 0) return;
    for (std::size_t i = group.first_action(); i < group.size(); ++i) {
      audit_.capture(group[i].features, group[i].names);
      audit_.write(groups_->line_score(i), group[i].ex.tag);
    }
  }

 private:
  AuditWriter& audit_;
  const GroupReduction* groups_;
  unsigned pass_ = 0;
};

// --examples N (all passes counted; -1: all) and SIGINT/SIGTERM (signals.h):
// the run stops after the example that reaches N or during which a signal came.
class StopObserver final : public RunObserver {
 public:
  explicit StopObserver(int64_t max_examples) : max_(max_examples) {}
  unsigned hooks() const override { return kAfter | kAfterGroup | kStop; }
  void after(const ParsedExample&, const Outcome&) override { ++seen_; }
  void after_group(const ExampleGroup&, const Outcome&) override { ++seen_; }
  bool stop() const override {
    return (max_ >= 0 && seen_ >= static_cast<uint64_t>(max_)) || pending_signal() != 0;
  }
  uint64_t seen() const { return seen_; }

 private:
  int64_t max_;
  uint64_t seen_ = 0;
};

}  // namespace learner
