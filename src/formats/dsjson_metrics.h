// The --dsjson reader's counters for --extra_metrics (VW 9.11.2's
// dsjson_metrics, kept by its decision-service JSON parser,
// json_parser/parse_example_json.cc parse_line_json). Per event line (a line
// starting with '{'), in VW's order:
//   a line the reader refuses (malformed JSON, a bad field):  line_parse_error + 1, nothing else
//   "EventId" / "Timestamp" (strings, when not empty): the first event's
//       value is first_event_*, every later one's replaces last_event_* (so
//       one event leaves last_event_* empty)
//   "_original_label_cost": added to dsjson_sum_cost_original, and to
//       dsjson_sum_cost_original_baseline when the first logged action "a"
//       is action 1 (VW's baseline action)
//   "_skipLearn": true: number_skipped_events + 1 (the event is not learned)
//   no action in "a": number_events_zero_actions + 1 (nor is it)
// Skipped and action-less events count in the fields above them. Sums are
// floats, as VW's.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "learner/io/metrics_sink.h"

namespace learner {

class DsjsonMetrics final : public MetricsSource {
 public:
  void parse_error() { ++line_parse_error_; }
  // An event read: its EventId and Timestamp ("" when absent), its
  // _original_label_cost (0 when absent), whether its first action is 1.
  void event(std::string_view id, std::string_view time, float original_cost, bool baseline_first);
  void skipped() { ++skipped_events_; }
  void zero_actions() { ++zero_action_events_; }
  // The top-level keys VW writes for a --dsjson run of a CB stack.
  void write_metrics(MetricsSink& sink) const override;

 private:
  uint64_t line_parse_error_ = 0, skipped_events_ = 0, zero_action_events_ = 0;
  float sum_cost_original_ = 0.0f, sum_cost_original_baseline_ = 0.0f;
  std::string first_event_id_, first_event_time_, last_event_id_, last_event_time_;
};

}  // namespace learner
