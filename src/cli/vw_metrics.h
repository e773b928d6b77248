// --extra_metrics FILE: the JSON object VW 9.11.2 writes for the same command
// (reductions/metrics.cc; VW's runner compares its key set exactly, so the
// file holds VW's keys and nothing else; learner's own figures are
// --summary_json's):
//   total_log_calls          VW's logger lines (io/vw_log_lines.h), plus
//                            those VW logs while it sets its stack up: one
//                            per --ngram and --skips value, one for --cover
//                            over --cb_type mtr, one for --cb_adf over JSON
//                            without interactions (VW's warning)
//   the --dsjson reader's keys (formats/dsjson_metrics.h), with --dsjson
//   the multi-line stack's blocks (reduction/vw_group_metrics.h), or, for
//   single-line stacks, "extra_metrics" from the run's counts (a labelled
//   example trained on: a learn call, plus a predict call before it unless
//   the stack's learn returns its prediction; the others, holdout and -t
//   included: a predict call) and, for --cb K / --cb_explore K / --cbify K
//   routed through VW's adf stack, its shared_feature_merger block (0:
//   their examples have no shared line).
// VW's learn_returns_prediction, by stack (checked against VW 9.11.2 runs):
// scalar, --cb_adf, --cb K and --cb_explore K through the adf stack,
// --cb_explore_adf with --cover or with epsilon-greedy over ips/dr/dm,
// --explore_eval, --cb_sample (over any explorer): true; --oaa, --csoaa_ldf, --wap_ldf, --cbify K,
// the --cb_force_legacy stacks, --cb_explore_adf epsilon-greedy over mtr (its
// default) and with --first, --softmax, --bag, --squarecb, --regcb,
// --synthcover: false; any other stack: true.
#pragma once

#include <string>
#include <vector>

#include "learner/cli/options.h"
#include "learner/io/metrics_sink.h"
#include "learner/reduction/vw_group_metrics.h"
#include "learner/report/run_stats.h"

namespace learner {

// The block VW names its --cb_explore_adf explorer's metrics by: "cb_explore_adf_greedy",
// "cb_explore_adf_bag", ... (the explorer's flag; greedy without one).
std::string vw_explorer_block(const OptionValues& v);

// What VwGroupMetrics counts for the run's multi-line stack.
VwGroupMetricsSpec vw_group_metrics_spec(const Options& o);

// The whole object: `sources` are the run's stages that keep VW metrics (the
// reader, the multi-line stack's wrapper); `stats` gives a single-line run's
// call counts (unused when `group_stack`).
MetricsSink vw_metrics(const Options& o, const std::vector<const MetricsSource*>& sources, const RunStats& stats,
                       bool group_stack);

// Writes vw_metrics(...).json() and a newline to `path` through OutputFile.
void write_vw_metrics(const std::string& path, const MetricsSink& sink);

}  // namespace learner
