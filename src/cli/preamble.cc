#include "preamble.h"

#include <cmath>
#include <cstdio>
#include <string>


namespace learner {

void print_preamble(const Options& o, const Learner& learner, double learning_rate, CacheUse cache) {
  if (!o.progress.prints()) return;
  if (!o.predictions.empty()) std::fprintf(stderr, "predictions = %s\n", o.predictions.c_str());
  if (!o.final_regressor.empty()) std::fprintf(stderr, "final_regressor = %s\n", o.final_regressor.c_str());
  std::fprintf(stderr, "Num weight bits = %u\n", o.bits);
  if (!std::isnan(learning_rate)) std::fprintf(stderr, "learning rate = %g\n", learning_rate);
  std::fputs(o.learner_setup.rates.c_str(), stderr);
  if (o.passes > 1) std::fprintf(stderr, "decay_learning_rate = %g\n", o.decay_learning_rate);
  if (learner.name() != "gd") std::fprintf(stderr, "learner = %s\n", std::string(learner.name()).c_str());
  std::fprintf(stderr, "loss = %s\n", std::string(learner.loss().name()).c_str());
  if (o.reduction_plugin)
    std::fprintf(stderr, "reduction = %s\n", o.reduction_setup.describe.c_str());
  if (!o.layers.empty()) {  // the stack, learner first (VW's "Enabled learners")
    std::string stack(learner.name());
    for (const LayerPlugin* l : o.layers) stack += ", " + l->describe(*o.values);
    if (o.reduction_plugin) stack += ", " + o.reduction_plugin->name;
    std::fprintf(stderr, "stack = %s\n", stack.c_str());
  }
  std::fputs(o.learner_setup.preamble.c_str(), stderr);
  switch (cache) {
    case CacheUse::kNone: std::fprintf(stderr, "using no cache\n"); break;
    case CacheUse::kRead:
      std::fprintf(stderr, "using cache_file = %s\nignoring text input in favor of cache input\n", o.cache_path.c_str());
      break;
    case CacheUse::kWrite: std::fprintf(stderr, "creating cache_file = %s\n", o.cache_path.c_str()); break;
  }
  std::fprintf(stderr, "Reading datafile = %s\nnum sources = 1\n",
               o.data == "-" || o.data.empty() ? "stdin" : o.data.c_str());
  if (!o.no_holdout_reason.empty())
    std::fprintf(stderr, "no holdout (%s; --holdout_period N holds out)\n", o.no_holdout_reason.c_str());
  if (o.holdout) {
    if (o.holdout_after > 0)
      std::fprintf(stderr, "holdout_after = %llu\n", static_cast<unsigned long long>(o.holdout_after));
    else
      std::fprintf(stderr, "holdout_period = %u\n", o.holdout_period);
    std::fprintf(stderr, "early_terminate = %u\n", o.early_terminate);
  }
}

}  // namespace learner
