#include "learner/report/summary.h"

#include <cmath>

#include "learner/report/best_constant.h"

namespace learner {

void print_summary(std::FILE* out, const RunStats& stats, const Loss& loss, bool binary,
                   const RunTiming& timing, const HoldoutTracker* holdout) {
  std::fprintf(out, "\nfinished run\n");
  if (timing.passes > 1)
    std::fprintf(out, "number of examples per pass = %llu\npasses used = %u\n",
                 static_cast<unsigned long long>(stats.examples / timing.passes), timing.passes);
  else
    std::fprintf(out, "number of examples = %llu\n", static_cast<unsigned long long>(stats.examples));
  std::fprintf(out, "weighted example sum = %f\n", stats.weighted_examples);
  std::fprintf(out, "weighted label sum = %f\n", stats.weighted_label_sum);
  if (holdout != nullptr) {
    if (holdout->has_best())
      std::fprintf(out, "average loss = %f h\n", holdout->best_loss());
    else
      std::fprintf(out, "average loss = undefined (no holdout)\n");
  } else if (stats.weighted_labeled > 0) {
    std::fprintf(out, "average loss = %f\n", stats.sum_loss / stats.weighted_labeled);
    if (stats.error_weight > 0)
      std::fprintf(out, "rmse = %f\nmae = %f\n", std::sqrt(stats.sum_squared_error / stats.error_weight),
                   stats.sum_absolute_error / stats.error_weight);
  } else
    std::fprintf(out, "average loss = n.a. (no labeled examples)\n");
  if (!binary) {
    if (auto best = best_constant(loss, stats.labels)) {
      std::fprintf(out, "best constant = %f\n", best->value);
      std::fprintf(out, "best constant's loss = %f\n", best->loss);
    }
  }
  std::fprintf(out, "total feature number = %llu\n", static_cast<unsigned long long>(stats.total_features));
  if (stats.skipped_lines > 0)
    std::fprintf(out, "skipped malformed lines = %llu\n", static_cast<unsigned long long>(stats.skipped_lines));
  if (timing.seconds > 0) {
    std::fprintf(out, "elapsed seconds = %.3f\n", timing.seconds);
    std::fprintf(out, "examples per second = %.0f\n", stats.examples / timing.seconds);
    std::fprintf(out, "MB per second = %.1f\n", timing.bytes / 1e6 / timing.seconds);
  }
  bool not_text = false;
  for (const PassTime& p : timing.pass_times) not_text = not_text || p.source != PassSource::kText;
  if (timing.pass_times.size() > 1 || not_text) {
    std::fprintf(out, "seconds per pass =");
    for (const PassTime& p : timing.pass_times) std::fprintf(out, " %.3f (%s)", p.seconds, pass_source_name(p.source));
    std::fprintf(out, "\n");
  }
}

}  // namespace learner
