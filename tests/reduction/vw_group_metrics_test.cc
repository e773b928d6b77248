// VwGroupMetrics (reduction/vw_group_metrics.h): VW 9.11.2's blocks over a
// multi-line stack, on three hand-made groups, every value computed by hand.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "learner/reduction/vw_group_metrics.h"

namespace learner {
namespace {

// The stack below: counts its calls, returns an empty outcome.
class CountingGroups final : public GroupReduction {
 public:
  explicit CountingGroups(int& calls) : calls_(calls) {}
  const Outcome& process(const ExampleGroup&, bool) override {
    ++calls_;
    return outcome_;
  }
  void prediction_text(const ExampleGroup&, std::string& out) const override { out = "p"; }
  void raw_text(const ExampleGroup&, std::string& out) const override { out = "r"; }
  void row_text(std::string& label, std::string& prediction) const override { label = prediction = "x"; }
  double line_score(std::size_t) const override { return 0.0; }

 private:
  int& calls_;
  Outcome outcome_;
};

// A line whose namespaces are (letter, features) in order, with `built` built features.
void metrics_line(ExampleGroup& g, std::vector<std::pair<char, uint32_t>> spans, std::size_t built,
                  bool shared = false, std::vector<ClassCost> costs = {}) {
  GroupLine& line = g.add();
  line.ex.clear();
  line.ex.shared = shared;
  line.ex.costs = std::move(costs);
  uint32_t at = 0;
  for (const auto& [letter, n] : spans) {
    line.ex.namespaces.push_back(NamespaceSpan{std::string(1, letter), letter, 0, at, at + n});
    at += n;
  }
  line.ex.features.assign(at, Feature{1.0f, 1});
  line.features.assign(built, Feature{1.0f, 1});
}

// A: shared |s (2 features); action 1 |a (1), labelled 1.0 at p 0.5; action 2 |a (1) |b (1); the
//    action lines hold the shared namespace after their own; built 4 and 5 features.
// B: no shared; action 1 |a |a (one letter), built 3; action 2 |b, labelled 0 at p 0.25, built 2.
// C: one unlabelled action |c, built 2.
std::vector<ExampleGroup> metrics_groups() {
  std::vector<ExampleGroup> groups(3);
  metrics_line(groups[0], {{'s', 2}}, 0, true);
  metrics_line(groups[0], {{'a', 1}, {'s', 2}}, 4, false, {ClassCost{0, 1.0f, 0.5f}});
  metrics_line(groups[0], {{'a', 1}, {'b', 1}, {'s', 2}}, 5);
  metrics_line(groups[1], {{'a', 1}, {'a', 1}}, 3);
  metrics_line(groups[1], {{'b', 1}}, 2, false, {ClassCost{0, 0.0f, 0.25f}});
  metrics_line(groups[2], {{'c', 1}}, 2);
  return groups;
}

std::string metrics_after(const VwGroupMetricsSpec& spec, int& calls) {
  VwGroupMetrics m(spec, std::make_unique<CountingGroups>(calls));
  for (const ExampleGroup& g : metrics_groups()) m.process(g, spec.training);
  MetricsSink sink;
  m.write_metrics(sink);
  return sink.json();
}

TEST(VwGroupMetrics, ExplorerSharedMergerAndCallsAsVwCounts) {
  VwGroupMetricsSpec spec;
  spec.explorer = "cb_explore_adf_greedy";
  spec.learn_returns_prediction = false;  // a predict call before each learn call
  int calls = 0;
  // features 4+5, 3+2, 2 = 16 (/2 labelled = 8, /4 actions = 4); namespaces: A (1+1)+2 + (2+1)+2,
  // B 2 + 2, C 2 = 15 (/2 = 7, /4 = 3: VW's integer quotients).
  EXPECT_EQ(metrics_after(spec, calls),
            "{\"cb_explore_adf_greedy\":{\"cbea_label_first_action\":1,\"cbea_label_not_first\":1,"
            "\"cbea_labeled_ex\":2,\"cbea_max_actions\":2,\"cbea_min_actions\":2,\"cbea_non_zero_cost\":1,"
            "\"cbea_predict_in_learn\":1,\"cbea_avg_actions_per_event\":2.0,\"cbea_avg_feat_per_action\":4.0,"
            "\"cbea_avg_feat_per_event\":8.0,\"cbea_avg_ns_per_action\":3.0,\"cbea_avg_ns_per_event\":7.0,"
            "\"cbea_sum_cost\":1.0,\"cbea_sum_cost_baseline\":1.0},"
            "\"extra_metrics\":{\"total_learn_calls\":3,\"total_predict_calls\":3},"
            "\"shared_feature_merger\":{\"sfm_count_learn_example_with_shared\":1}}");
  EXPECT_EQ(calls, 3);  // the stack below is called once per group, as without the wrapper
}

TEST(VwGroupMetrics, TestOnlyRunsPredictAndLearnNothing) {
  VwGroupMetricsSpec spec;
  spec.explorer = "cb_explore_adf_cover";
  spec.training = false;
  spec.constant = false;
  int calls = 0;
  EXPECT_EQ(metrics_after(spec, calls),
            "{\"cb_explore_adf_cover\":{\"cbea_label_first_action\":0,\"cbea_label_not_first\":0,"
            "\"cbea_labeled_ex\":0,\"cbea_non_zero_cost\":0,\"cbea_predict_in_learn\":0,\"cbea_sum_cost\":0.0,"
            "\"cbea_sum_cost_baseline\":0.0},"
            "\"extra_metrics\":{\"total_learn_calls\":0,\"total_predict_calls\":3},"
            "\"shared_feature_merger\":{\"sfm_count_learn_example_with_shared\":0}}");
}

TEST(VwGroupMetrics, NoExplorerNoBlock) {
  VwGroupMetricsSpec spec;  // --cb_adf: learn returns its prediction
  spec.shared_merger = true;
  int calls = 0;
  EXPECT_EQ(metrics_after(spec, calls),
            "{\"extra_metrics\":{\"total_learn_calls\":3,\"total_predict_calls\":0},"
            "\"shared_feature_merger\":{\"sfm_count_learn_example_with_shared\":1}}");
}

}  // namespace
}  // namespace learner
