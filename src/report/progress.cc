#include "learner/report/progress.h"

namespace learner {

ProgressTable::ProgressTable(std::FILE* out, ProgressOptions options)
    : out_(out), options_(options), start_(std::chrono::steady_clock::now()) {
  next_dump_ = options_.additive ? options_.interval : 1.0;
}

double ProgressTable::elapsed_seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ProgressTable::header() {
  std::fprintf(out_,
               "average  since         example        example        current        current  current\n"
               "loss     last          counter         weight          label        predict features\n");
  header_printed_ = true;
}

void ProgressTable::row(const RunStats& stats) {
  if (!header_printed_) header();
  const double avg = stats.weighted_labeled > 0 ? stats.sum_loss / stats.weighted_labeled : 0.0;
  const double dw = stats.weighted_labeled - last_weight_;
  char since[32];
  if (dw > 0)
    std::snprintf(since, sizeof since, "%-8.6f", (stats.sum_loss - last_loss_) / dw);
  else
    std::snprintf(since, sizeof since, "%-8s", "n.a.");
  char label[32];
  if (last_labeled_)
    std::snprintf(label, sizeof label, "%14.4f", last_label_);
  else
    std::snprintf(label, sizeof label, "%14s", "unknown");
  std::fprintf(out_, "%-8.6f %s %12llu %14.1f %s %14.4f %8llu\n", avg, since,
               static_cast<unsigned long long>(stats.examples), stats.weighted_examples, label, last_prediction_,
               static_cast<unsigned long long>(last_features_));
  std::fflush(out_);
  last_loss_ = stats.sum_loss;
  last_weight_ = stats.weighted_labeled;
  pending_ = false;
}

void ProgressTable::after_example(const RunStats& stats, bool labeled, double label, double prediction,
                                  uint64_t features) {
  last_labeled_ = labeled;
  last_label_ = label;
  last_prediction_ = prediction;
  last_features_ = features;
  pending_ = true;
  if (options_.quiet || stats.weighted_examples < next_dump_) return;
  row(stats);
  next_dump_ = options_.additive ? stats.weighted_examples + options_.interval
                                 : stats.weighted_examples * options_.interval;
}

void ProgressTable::flush(const RunStats& stats) {
  if (!options_.quiet && pending_) row(stats);
}

}  // namespace learner
