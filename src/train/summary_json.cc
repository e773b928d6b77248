#include "learner/train/summary_json.h"

#include <cmath>
#include <cstdio>

#include "learner/io/output_file.h"
#include "learner/report/best_constant.h"

namespace learner {
namespace {

void key(std::string& out, const char* name) {
  if (out.size() > 1) out += ',';
  out += '"';
  out += name;
  out += "\":";
}

void number(std::string& out, const char* name, double value) {
  key(out, name);
  if (!std::isfinite(value)) {
    out += "null";
    return;
  }
  char buf[40];
  const int n = std::snprintf(buf, sizeof buf, "%.17g", value);
  out.append(buf, static_cast<std::size_t>(n));
}

void count(std::string& out, const char* name, uint64_t value) {
  key(out, name);
  out += std::to_string(value);
}

}  // namespace

std::string summary_json(const RunStats& stats, const Loss& loss, bool no_constant, const RunTiming& timing,
                         const HoldoutTracker* holdout) {
  std::string out = "{";
  count(out, "examples", timing.passes > 1 ? stats.examples / timing.passes : stats.examples);
  count(out, "passes", timing.passes);
  number(out, "weighted_examples", stats.weighted_examples);
  number(out, "weighted_labels", stats.weighted_labeled);
  if (holdout != nullptr) {
    number(out, "average_loss", holdout->has_best() ? holdout->best_loss() : NAN);
    key(out, "holdout");
    out += "true";
  } else {
    number(out, "average_loss", stats.weighted_labeled > 0 ? stats.sum_loss / stats.weighted_labeled : NAN);
    if (stats.error_weight > 0) {
      number(out, "rmse", std::sqrt(stats.sum_squared_error / stats.error_weight));
      number(out, "mae", stats.sum_absolute_error / stats.error_weight);
    }
  }
  if (!no_constant)
    if (const auto best = best_constant(loss, stats.labels)) {
      number(out, "best_constant", best->value);
      number(out, "best_constant_loss", best->loss);
    }
  number(out, "seconds", timing.seconds);
  out += '}';
  return out;
}

void write_summary_json(const std::string& path, const RunStats& stats, const Loss& loss, bool no_constant,
                        const RunTiming& timing, const HoldoutTracker* holdout) {
  OutputFile file(path, "--summary_json file");
  const std::string text = summary_json(stats, loss, no_constant, timing, holdout) + "\n";
  file.write(text.data(), text.size());
  file.commit();
}

}  // namespace learner
