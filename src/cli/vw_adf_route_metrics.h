// --extra_metrics for --cb_explore K routed through VW's adf stack (VW's
// cb_to_cbadf over cb_explore_adf_<explorer>, reduction/cb_to_adf.h): VW
// writes its explorer's block (reduction/cb_explore_counters.h) for the K
// copies of each example, counted as VW 9.11.2 runs show it:
//   a labelled example learned (no -t): a labelled group of K action lines,
//     its logged action a (1-based) on line a - 1 (the first when a is 1)
//   every example: K lines of its built features (the constant and the
//     interactions in) and of its namespace letters + the constant's
//   an unlabelled example is a predict call (VW's test label): not a learn.
// An observer of the run; it changes nothing.
#pragma once

#include <cstdint>
#include <string>

#include "learner/cli/options.h"
#include "learner/io/metrics_sink.h"
#include "learner/reduction/cb_explore_counters.h"
#include "learner/train/run_loop.h"

namespace learner {

class VwAdfRouteMetrics final : public RunObserver, public MetricsSource {
 public:
  // The observer when the run is --cb_explore K through the adf stack, else nullptr.
  static std::unique_ptr<VwAdfRouteMetrics> make(const Options& o, const std::string& explorer_block);
  void after(const ParsedExample& slot, const Outcome& outcome) override;
  void write_metrics(MetricsSink& sink) const override { counters_.write(sink, block_); }

 private:
  VwAdfRouteMetrics(std::string block, uint32_t actions, bool training, bool constant)
      : block_(std::move(block)), actions_(actions), training_(training), constant_(constant) {}

  std::string block_;
  uint32_t actions_;
  bool training_, constant_;
  CbExploreCounters counters_;
};

}  // namespace learner
