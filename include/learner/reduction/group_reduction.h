// A reduction that reads multi-line examples (example_group.h): VW's
// label-dependent-features reductions (--csoaa_ldf, --wap_ldf), and the
// contextual-bandit ADF reductions to come. The run loop (Trainer::run)
// calls it once per group, as it calls a Reduction once per line:
//
//   const Outcome& o = reduction.process(group, learn);
//   stats / progress table <- o.labeled, o.loss, o.weight; the row's label and
//       prediction columns from row_text(); features: the sum of the action
//       lines' built features (VW's count)
//   -p <- prediction_text(group), -r <- raw_text(group): whole lines, each
//       with its newline (VW's blank line after a group's -p lines included)
//
// A GroupReduction stands over the run's Learner (or a layer over it) and
// asks it for single-line predictions and updates, one action line at a
// time. It allocates nothing per group once its buffers have grown.
#pragma once

#include <cstdio>
#include <string>

#include "learner/example_group.h"
#include "learner/reduction/reduction.h"
#include "learner/reduction/reduction_state.h"

namespace learner {

class GroupReduction {
 public:
  virtual ~GroupReduction() = default;
  // Predicts every action of `group` and, when `learn`, learns from it (only
  // if it is labeled). The Outcome stays valid until the next call.
  virtual const Outcome& process(const ExampleGroup& group, bool learn) = 0;
  // The -p / -r text of the last group (set, not appended).
  virtual void prediction_text(const ExampleGroup& group, std::string& out) const = 0;
  virtual void raw_text(const ExampleGroup& group, std::string& out) const = 0;
  // The progress row's "current label" and "current predict" columns of the
  // last group ("known" / "unknown", "2", "2.....").
  virtual void row_text(std::string& label, std::string& prediction) const = 0;
  // The score of action line i of the last group (--audit prints it).
  virtual double line_score(std::size_t i) const = 0;
  // Lines appended to the run summary.
  virtual void print_summary(std::FILE* out) const {}
  // Its model-file state (reduction_state.h), or nullptr when it keeps none.
  virtual ReductionState* state() { return nullptr; }
};

}  // namespace learner
