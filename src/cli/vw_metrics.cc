#include "vw_metrics.h"

#include <initializer_list>

#include "learner/io/output_file.h"
#include "learner/io/vw_log_lines.h"

namespace learner {
namespace {

const char* const kVwExplorerFlags[] = {"bag", "cover", "squarecb", "regcb", "synthcover", "first", "softmax"};

std::string vw_plugin_name(const Options& o) { return o.reduction_plugin ? o.reduction_plugin->name : ""; }

// The --cb_explore_adf algorithm's flag ("" for epsilon-greedy).
std::string vw_explorer_flag(const OptionValues& v) {
  for (const char* f : kVwExplorerFlags)
    if (v.given(f)) return f;
  return "";
}

bool vw_cb_type_is_mtr(const OptionValues& v) { return !v.given("cb_type") || v.text("cb_type") == "mtr"; }

bool vw_single_line_learn_returns_prediction(const Options& o) {
  const std::string name = vw_plugin_name(o);
  const bool legacy = o.values->given("cb_force_legacy") && o.values->flag("cb_force_legacy");
  if (name == "oaa" || name == "cbify") return false;
  if (name == "cb" || name == "cb_explore") return !legacy;
  return true;
}

bool vw_adf_routed(const Options& o) {
  const std::string name = vw_plugin_name(o);
  const bool legacy = o.values->given("cb_force_legacy") && o.values->flag("cb_force_legacy");
  return (name == "cb" || name == "cb_explore" || name == "cbify") && !legacy;
}

// VW's setup lines: compile_gram's one per --ngram / --skips value, cover's mtr warning.
uint64_t vw_setup_log_lines(const Options& o) {
  const OptionValues& v = *o.values;
  uint64_t lines = 0;
  for (const char* f : {"ngram", "skips"})
    if (v.given(f)) lines += v.list(f).size();
  const std::string name = vw_plugin_name(o);
  if ((name == "cb_explore_adf" || (name == "cb_explore" && vw_adf_routed(o))) && v.given("cover") &&
      vw_cb_type_is_mtr(v))
    ++lines;
  // cb_adf.cc 513-530: --cb_adf over JSON without interactions, unless a layer that builds on it was asked for.
  const bool json = v.flag("json") || v.flag("dsjson");
  const auto any_given = [&](std::initializer_list<const char*> names) {
    for (const char* n : names)
      if (v.given(n)) return true;
    return false;
  };
  if (json && v.given("cb_adf") && !any_given({"quadratic", "cubic", "interactions"}) &&
      !any_given({"cb_explore_adf", "cbify", "cb", "cb_explore", "ccb_explore_adf", "automl"}))
    ++lines;
  return lines;
}

}  // namespace

std::string vw_explorer_block(const OptionValues& v) {
  const std::string flag = vw_explorer_flag(v);
  return "cb_explore_adf_" + (flag.empty() ? std::string("greedy") : flag);
}

VwGroupMetricsSpec vw_group_metrics_spec(const Options& o) {
  const OptionValues& v = *o.values;
  VwGroupMetricsSpec s;
  s.training = !o.testonly;
  s.constant = !(v.given("noconstant") && v.flag("noconstant"));
  const std::string name = vw_plugin_name(o);
  if (name == "cb_explore_adf" || name == "cb_sample") {  // the explorer at the top, or under --cb_sample
    const std::string flag = vw_explorer_flag(v);
    s.explorer = vw_explorer_block(v);
    s.learn_returns_prediction = name == "cb_sample" || (flag.empty() ? !vw_cb_type_is_mtr(v) : flag == "cover");
  } else {
    s.learn_returns_prediction = !(name == "csoaa_ldf" || name == "wap_ldf");
  }
  return s;
}

MetricsSink vw_metrics(const Options& o, const std::vector<const MetricsSource*>& sources, const RunStats& stats,
                       bool group_stack) {
  MetricsSink sink;
  sink.set_count("total_log_calls", vw_log_lines() + vw_setup_log_lines(o));
  for (const MetricsSource* s : sources)
    if (s) s->write_metrics(sink);
  if (!group_stack) {
    const uint64_t learn = o.testonly ? 0 : stats.labeled_examples;
    uint64_t predict = stats.examples + stats.holdout_examples - learn;
    if (!vw_single_line_learn_returns_prediction(o)) predict += learn;
    MetricsSink& calls = sink.block("extra_metrics");
    calls.set_count("total_learn_calls", learn);
    calls.set_count("total_predict_calls", predict);
    if (vw_adf_routed(o)) sink.block("shared_feature_merger").set_count("sfm_count_learn_example_with_shared", 0);
  }
  return sink;
}

void write_vw_metrics(const std::string& path, const MetricsSink& sink) {
  OutputFile file(path, "--extra_metrics file");
  const std::string text = sink.json() + "\n";
  file.write(text.data(), text.size());
  file.commit();
}

}  // namespace learner
