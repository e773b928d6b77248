#include "dsjson_metrics.h"

namespace learner {
namespace {

void dsjson_first_or_last(std::string_view value, std::string& first, std::string& last) {
  if (value.empty()) return;
  if (first.empty())
    first.assign(value);
  else
    last.assign(value);
}

}  // namespace

void DsjsonMetrics::event(std::string_view id, std::string_view time, float original_cost, bool baseline_first) {
  dsjson_first_or_last(id, first_event_id_, last_event_id_);
  dsjson_first_or_last(time, first_event_time_, last_event_time_);
  sum_cost_original_ += original_cost;
  if (baseline_first) sum_cost_original_baseline_ += original_cost;
}

void DsjsonMetrics::write_metrics(MetricsSink& sink) const {
  sink.set_count("number_skipped_events", skipped_events_);
  sink.set_count("number_events_zero_actions", zero_action_events_);
  sink.set_count("line_parse_error", line_parse_error_);
  sink.set_text("first_event_id", first_event_id_);
  sink.set_text("first_event_time", first_event_time_);
  sink.set_text("last_event_id", last_event_id_);
  sink.set_text("last_event_time", last_event_time_);
  sink.set_number("dsjson_sum_cost_original", sum_cost_original_);
  sink.set_number("dsjson_sum_cost_original_baseline", sum_cost_original_baseline_);
}

}  // namespace learner
