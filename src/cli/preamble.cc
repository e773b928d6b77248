#include "learner/cli/preamble.h"

#include <cstdio>
#include <string>

#include "learner/core/dotproduct.h"

namespace learner {

void print_preamble(const Options& o, const Learner& learner, double learning_rate, CacheUse cache) {
  if (!o.progress.prints()) return;
  if (!o.predictions.empty()) std::fprintf(stderr, "predictions = %s\n", o.predictions.c_str());
  if (!o.final_regressor.empty()) std::fprintf(stderr, "final_regressor = %s\n", o.final_regressor.c_str());
  std::fprintf(stderr, "Num weight bits = %u\nlearning rate = %g\ninitial_t = %g\npower_t = %g\n", o.core.bits,
               learning_rate, o.core.initial_t, o.core.power_t);
  if (o.passes > 1) std::fprintf(stderr, "decay_learning_rate = %g\n", o.decay_learning_rate);
  if (learner.name() != "gd") std::fprintf(stderr, "learner = %s\n", std::string(learner.name()).c_str());
  std::fprintf(stderr, "loss = %s\n", std::string(learner.loss().name()).c_str());
  if (o.reduction_plugin)
    std::fprintf(stderr, "reduction = %s\n", o.reduction_plugin->describe(o.reduction).c_str());
  if (!o.layers.empty()) {  // the stack, learner first (VW's "Enabled learners")
    std::string stack(learner.name());
    for (const LayerPlugin* l : o.layers) stack += ", " + l->describe(*o.values);
    if (o.reduction_plugin) stack += ", " + o.reduction_plugin->name;
    std::fprintf(stderr, "stack = %s\n", stack.c_str());
  }
  if (!o.core.dotproducts.empty())
    std::fprintf(stderr, "dotproduct = %s%s%s, rank = %u\n", o.core.dotproducts[0].left.c_str(),
                 o.core.dotproducts[0].by_full_name ? "," : "", o.core.dotproducts[0].right.c_str(), o.core.rank);
  if (!o.core.dotproduct_fields.empty())
    std::fprintf(stderr, "dotproduct_fields = %s, rank = %u\n", o.core.dotproduct_fields.c_str(), o.core.rank);
  if (o.core.dotproduct_dropout > 0) std::fprintf(stderr, "dotproduct_dropout = %g\n", o.core.dotproduct_dropout);
  if (o.core.has_latent()) {
    // The automatic latent rate and L2 are set from pass 1's gradients; the
    // summary prints their values (dotproduct.h, "Automatic rate and L2").
    if (o.core.auto_latent_rate)
      std::fprintf(stderr, "dotproduct_lr = auto: %g / g, g = the mean |dl/dp| of pass 1's updates\n", kAutoStep);
    if (o.core.auto_latent_l2)
      std::fprintf(stderr, "dotproduct_l2 = auto: %g g (frequency-aware, --dotproduct_freq_l2 %g)\n", kAutoL2,
                   o.core.dotproduct_freq_l2);
    std::fprintf(stderr, "dotproduct_center = %g, dotproduct_init = %g\n", o.core.center, o.core.init_scale);
  }
  switch (cache) {
    case CacheUse::kNone: std::fprintf(stderr, "using no cache\n"); break;
    case CacheUse::kRead:
      std::fprintf(stderr, "using cache_file = %s\nignoring text input in favor of cache input\n", o.cache_path.c_str());
      break;
    case CacheUse::kWrite: std::fprintf(stderr, "creating cache_file = %s\n", o.cache_path.c_str()); break;
  }
  std::fprintf(stderr, "Reading datafile = %s\nnum sources = 1\n",
               o.data == "-" || o.data.empty() ? "stdin" : o.data.c_str());
  if (o.dyadic_no_holdout) std::fprintf(stderr, "no holdout (dyadic model with latent L2; --holdout_period N holds out)\n");
  if (o.holdout) {
    if (o.holdout_after > 0)
      std::fprintf(stderr, "holdout_after = %llu\n", static_cast<unsigned long long>(o.holdout_after));
    else
      std::fprintf(stderr, "holdout_period = %u\n", o.holdout_period);
    std::fprintf(stderr, "early_terminate = %u\n", o.early_terminate);
  }
}

}  // namespace learner
