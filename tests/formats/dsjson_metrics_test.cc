// The --dsjson reader's --extra_metrics counters (formats/dsjson_metrics.h),
// read through the reader on small events, values computed by hand from VW
// 9.11.2's rules (json_parser/parse_example_json.cc parse_line_json).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/formats/make_parser.h"
#include "learner/io/metrics_sink.h"

namespace learner {
namespace {

std::string dsjson_metrics_of(const std::vector<std::string>& lines) {
  ParseOptions o;
  o.format = InputFormat::kDsJson;
  o.labels = LabelFormat::kContextualBanditAdf;
  const std::unique_ptr<ExampleParser> parser = make_parser(o);
  if (auto* s = dynamic_cast<MetricsSource*>(parser.get())) s->collect();
  Example ex;
  uint64_t n = 0;
  for (const std::string& line : lines) {
    try {
      parser->parse(line, ex, "f", ++n);
      while (parser->pending()) parser->parse_pending(ex);
    } catch (const InputError&) {
    }
  }
  const auto* source = dynamic_cast<const MetricsSource*>(parser.get());
  EXPECT_NE(source, nullptr);
  MetricsSink sink;
  if (source) source->write_metrics(sink);
  return sink.json();
}

const char* const kEvent1 =
    R"({"_label_cost":-1,"_label_probability":0.5,"_labelIndex":0,"EventId":"e1","Timestamp":"t1",)"
    R"("_original_label_cost":2.5,"a":[1,2],"c":{"_multi":[{"a":{"x":1}},{"a":{"y":1}}]}})";
const char* const kEvent2 =  // first action 2: not VW's baseline action
    R"({"EventId":"e2","_original_label_cost":-1,"a":[2,1],"c":{"_multi":[{"a":{"x":1}},{"a":{"y":1}}]}})";
const char* const kSkipped =
    R"({"EventId":"e3","Timestamp":"t3","_skipLearn":true,"a":[1],"c":{"_multi":[{"a":{"x":1}}]}})";
const char* const kNoActions = R"({"EventId":"e4","RewardValue":1})";

TEST(DsjsonMetrics, EventsCountedAsVw) {
  EXPECT_EQ(dsjson_metrics_of({kEvent1, kEvent2, "[not an event]", kSkipped, kNoActions}),
            "{\"line_parse_error\":0,\"number_events_zero_actions\":1,\"number_skipped_events\":1,"
            "\"dsjson_sum_cost_original\":1.5,\"dsjson_sum_cost_original_baseline\":2.5,"
            "\"first_event_id\":\"e1\",\"first_event_time\":\"t1\",\"last_event_id\":\"e4\",\"last_event_time\":\"t3\"}");
}

TEST(DsjsonMetrics, OneEventLeavesTheLastEmptyAndAParseErrorCountsNothingElse) {
  EXPECT_EQ(dsjson_metrics_of({kEvent1, R"({"EventId":"e9","a":[1],)"}),
            "{\"line_parse_error\":1,\"number_events_zero_actions\":0,\"number_skipped_events\":0,"
            "\"dsjson_sum_cost_original\":2.5,\"dsjson_sum_cost_original_baseline\":2.5,"
            "\"first_event_id\":\"e1\",\"first_event_time\":\"t1\",\"last_event_id\":\"\",\"last_event_time\":\"\"}");
}

TEST(DsjsonMetrics, CountsOnlyOnceAsked) {  // no --extra_metrics: the reader's hot path keeps no counters
  ParseOptions o;
  o.format = InputFormat::kDsJson;
  o.labels = LabelFormat::kContextualBanditAdf;
  const std::unique_ptr<ExampleParser> parser = make_parser(o);
  Example ex;
  ASSERT_TRUE(parser->parse(kEvent1, ex, "f", 1));
  MetricsSink sink;
  dynamic_cast<const MetricsSource&>(*parser).write_metrics(sink);
  EXPECT_TRUE(sink.empty());
}

TEST(DsjsonMetrics, PlainJsonKeepsNone) {
  ParseOptions o;
  o.format = InputFormat::kJson;
  o.labels = LabelFormat::kContextualBanditAdf;
  const std::unique_ptr<ExampleParser> parser = make_parser(o);
  auto* source = dynamic_cast<MetricsSource*>(parser.get());
  ASSERT_NE(source, nullptr);
  source->collect();
  MetricsSink sink;
  source->write_metrics(sink);
  EXPECT_TRUE(sink.empty());
}

}  // namespace
}  // namespace learner
