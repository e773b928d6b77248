#include "learner/train/vw_resume_block.h"

namespace learner {

RunCounters run_counters(const RunStats& stats, const ProgressTable& progress, uint64_t passes) {
  RunCounters r;
  const ProgressTable::DumpPoint dump = progress.last_dump();
  r.sum_loss = stats.sum_loss;
  r.sum_loss_since_last_dump = stats.sum_loss - dump.sum_loss;
  r.dump_interval = dump.next;
  r.weighted_labeled = stats.weighted_labeled;
  r.weighted_labels = stats.weighted_label_sum;
  r.weighted_unlabeled = stats.weighted_examples - stats.weighted_labeled;
  r.weighted_holdout = stats.holdout_weight;
  r.examples = stats.examples;
  r.total_features = stats.total_features;
  r.weighted_labeled_at_dump = dump.weighted_labeled;
  r.passes = passes;
  return r;
}

void write_vw_resume_block(std::FILE* out, const ResumeCounters& learner, const RunCounters& run, double min_label,
                           double max_label) {
  // VW's t: its initial_t plus every example's importance (labeled, unlabeled and holdout).
  const double t = learner.initial_t + run.weighted_labeled + run.weighted_unlabeled + run.weighted_holdout;
  std::fprintf(out,
               ":1\n"
               "initial_t %g\n"
               "norm normalizer %g\n"
               "t %g\n"
               "sum_loss %g\n"
               "sum_loss_since_last_dump %g\n"
               "dump_interval %g\n"
               "min_label %g\n"
               "max_label %g\n"
               "weighted_labeled_examples %g\n"
               "weighted_labels %g\n"
               "weighted_unlabeled_examples %g\n"
               "example_number %llu\n"
               "total_features %llu\n"
               "total_weight %g\n"
               "sd::oec.weighted_labeled_examples %g\n"
               "current_pass %llu\n"
               "l1_state %g\n"
               "l2_state %g\n",
               learner.initial_t, learner.normalizer, t, run.sum_loss, run.sum_loss_since_last_dump,
               static_cast<double>(run.dump_interval), min_label, max_label, run.weighted_labeled,
               run.weighted_labels, run.weighted_unlabeled, static_cast<unsigned long long>(run.examples),
               static_cast<unsigned long long>(run.total_features), learner.total_weight,
               run.weighted_labeled_at_dump, static_cast<unsigned long long>(run.passes), learner.l1_state,
               learner.l2_state);
}

}  // namespace learner
