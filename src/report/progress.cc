#include "learner/report/progress.h"

namespace learner {

ProgressTable::ProgressTable(std::FILE* out, ProgressOptions options)
    : out_(out), options_(options), start_(std::chrono::steady_clock::now()) {
  next_dump_ = options_.additive ? options_.interval : 1.0f;
}

double ProgressTable::elapsed_seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ProgressTable::header() {
  std::fprintf(out_,
               "average  since         example        example        current        current  current\n"
               "loss     last          counter         weight          label        predict features%s\n",
               options_.show_pass ? "  pass" : "");
  header_printed_ = true;
}

void ProgressTable::row(const RunStats& stats) {
  if (!header_printed_) header();
  const bool holdout_row = options_.holdout && pass_ >= 1;
  char average[32], since[32];
  if (holdout_row) {
    if (stats.holdout_weight > 0)
      std::snprintf(average, sizeof average, "%-8.6f", stats.holdout_sum_loss / stats.holdout_weight);
    else
      std::snprintf(average, sizeof average, "%-8s", "unknown");
    const double dh = stats.holdout_weight - last_holdout_weight_;
    if (dh > 0)
      std::snprintf(since, sizeof since, "%-8.6f", (stats.holdout_sum_loss - last_holdout_loss_) / dh);
    else
      std::snprintf(since, sizeof since, "%-8s", "n.a.");
  } else {
    std::snprintf(average, sizeof average, "%-8.6f",
                  stats.weighted_labeled > 0 ? stats.sum_loss / stats.weighted_labeled : 0.0);
    const double dw = stats.weighted_labeled - last_weight_;
    if (dw > 0)
      std::snprintf(since, sizeof since, "%-8.6f", (stats.sum_loss - last_loss_) / dw);
    else
      std::snprintf(since, sizeof since, "%-8s", "n.a.");
  }
  char label[32], prediction[32];
  if (texts_)
    std::snprintf(label, sizeof label, "%14s", last_label_text_.c_str());
  else if (last_labeled_)
    std::snprintf(label, sizeof label, "%14.4f", last_label_);
  else
    std::snprintf(label, sizeof label, "%14s", "unknown");
  if (texts_)
    std::snprintf(prediction, sizeof prediction, "%14s", last_prediction_text_.c_str());
  else
    std::snprintf(prediction, sizeof prediction, "%14.4f", last_prediction_);
  char pass[16] = "";
  if (options_.show_pass) std::snprintf(pass, sizeof pass, " %5u", pass_ + 1);
  std::fprintf(out_, "%s %s %12llu %14.1f %s %s %8llu%s%s\n", average, since,
               static_cast<unsigned long long>(stats.examples), stats.weighted_examples, label, prediction,
               static_cast<unsigned long long>(last_features_), pass, holdout_row ? " h" : "");
  std::fflush(out_);
  last_loss_ = stats.sum_loss;
  last_weight_ = stats.weighted_labeled;
  last_holdout_loss_ = stats.holdout_sum_loss;
  last_holdout_weight_ = stats.holdout_weight;
  pending_ = false;
}

void ProgressTable::after_example(const RunStats& stats, bool labeled, double label, double prediction,
                                  uint64_t features) {
  last_labeled_ = labeled;
  last_label_ = label;
  last_prediction_ = prediction;
  last_features_ = features;
  pending_ = true;
  due(stats);
}

void ProgressTable::after_example(const RunStats& stats, const std::string& label, const std::string& prediction,
                                  uint64_t features) {
  texts_ = true;
  last_label_text_ = label;
  last_prediction_text_ = prediction;
  last_features_ = features;
  pending_ = true;
  due(stats);
}

void ProgressTable::due(const RunStats& stats) {
  if (options_.quiet || stats.weighted_examples < next_dump_) return;
  const RunStats& shown = sums_ ? sums_(stats) : stats;
  if (!options_.mute) row(shown);
  dump_loss_ = stats.sum_loss;
  dump_weight_ = stats.weighted_labeled;
  const auto weighted = static_cast<float>(stats.weighted_examples);
  next_dump_ = options_.additive ? weighted + options_.interval : weighted * options_.interval;
}

void ProgressTable::flush(const RunStats& stats) {
  if (options_.prints() && pending_) row(stats);
}

}  // namespace learner
