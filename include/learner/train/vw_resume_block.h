// VW 9.11's save_resume block of a text model (gd.cc save_load_online_state):
// after the header and the reduction's lines, a run that keeps its optimizer
// state (no --predict_only_model) writes ":1", then one "name value" line each:
//   initial_t, norm normalizer, t, sum_loss, sum_loss_since_last_dump,
//   dump_interval, min_label, max_label, weighted_labeled_examples,
//   weighted_labels, weighted_unlabeled_examples, example_number,
//   total_features, total_weight, sd::oec.weighted_labeled_examples,
//   current_pass, l1_state, l2_state
// (numbers as C++ streams print them: %g), then the weights with their
// optimizer values (Learner::write_resume_text). The optimizer's counters
// are the learner's (learner.h ResumeCounters); the rest are the run's
// progress counters (RunCounters below). Computed only when a text model is
// written.
#pragma once

#include <cstdint>
#include <cstdio>

#include "learner/learner.h"
#include "learner/report/progress.h"
#include "learner/report/run_stats.h"

namespace learner {

// The run's share of the block, in VW's meaning (VW's shared_data):
struct RunCounters {
  double sum_loss = 0.0;                  // importance-weighted loss of the labeled examples
  double sum_loss_since_last_dump = 0.0;  // of those after the last progress row (all without rows: --quiet)
  float dump_interval = 1.0f;             // the weighted example count of the next progress row
  double weighted_labeled = 0.0;
  double weighted_labels = 0.0;           // importance-weighted label sum
  double weighted_unlabeled = 0.0;
  double weighted_holdout = 0.0;          // labeled holdout examples' importance (VW's t counts them)
  uint64_t examples = 0;                  // VW's example_number
  uint64_t total_features = 0;
  double weighted_labeled_at_dump = 0.0;  // VW's sd::oec.weighted_labeled_examples: at the last row
  uint64_t passes = 0;                    // passes finished (VW's current_pass at the end)
};

// The counters of `stats` and `progress` after `passes` finished passes.
RunCounters run_counters(const RunStats& stats, const ProgressTable& progress, uint64_t passes);

// Writes ":1" and the block's lines (not the weights); min_label and
// max_label are the clipping range the header shows.
void write_vw_resume_block(std::FILE* out, const ResumeCounters& learner, const RunCounters& run, double min_label,
                           double max_label);

}  // namespace learner
