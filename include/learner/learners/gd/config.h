// Settings of the gradient learner ('gd') and its dyadic model. Plain data;
// the member initialisers are the defaults users see: the options declared
// in src/learners/gd/gd_plugin.cc and src/learners/gd/dotproduct.cc show them, and their
// readers there fill every field and resolve the flag-dependent ones (the
// update rule and its default rate, the dyadic defaults).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace learner {

struct UpdateRule {
  bool adaptive = true;    // per-feature AdaGrad rates (VW --adaptive)
  bool normalized = true;  // per-feature scale normalisation (VW --normalized)
  bool invariant = true;   // importance-aware update (VW --invariant)
};

// One --dotproduct pair: namespaces selected by first letter ("ab") or by
// full name ("user,item").
struct DotProductPair {
  std::string left, right;
  bool by_full_name = false;
};

// VW's default -l with an update rule other than adaptive + normalized.
constexpr double kRuleRate = 10.0;

struct CoreConfig {
  unsigned bits = 18;                 // -b
  uint32_t sub_models = 1;            // K of the reduction (learner.h: sub-model i of feature h at slot h K + i)
  double decay_learning_rate = 1.0;   // --decay_learning_rate: the rate's factor at each end of pass
  UpdateRule rule;                    // resolved by fill_learning (VW: naming one turns the others off)
  double learning_rate = 0.5;         // -l (VW: 0.5; kRuleRate for a non-default rule)
  double power_t = 0.5;               // --power_t
  double initial_t = 0.0;             // --initial_t
  double l1 = 0.0;                    // --l1 (VW's cumulative truncation of every weight: model.h)
  double l2 = 0.0;                    // --l2 (shrinkage of touched weights)
  // --dotproduct
  std::vector<DotProductPair> dotproducts;
  unsigned rank = 1;                  // --rank
  double dotproduct_l2 = 0.0;         // --dotproduct_l2
  double dotproduct_learning_rate = 0.0;  // --dotproduct_lr; 0: same as -l
  // --dotproduct_lr auto / --dotproduct_l2 auto (the command line's defaults;
  // dotproduct.h, "Automatic rate and L2"): a constant latent rate and an L2
  // set from the mean |dl/dp| of pass 1 instead of the two numbers above.
  bool auto_latent_rate = true;
  bool auto_latent_l2 = true;
  bool test_only = false;             // -t: a dyadic model's unseen features take their side's mean at once
  uint32_t random_seed = 0;           // --random_seed
  double init_scale = 0.1;            // --dotproduct_init: spread of the latent start values
  double dotproduct_freq_l2 = 0.3;    // --dotproduct_freq_l2 alpha: latent rate x (n_f / mean n)^alpha under L2
  double dotproduct_side_ratio = 1.0; // --dotproduct_side_ratio: the right side's latent rate over the left's under L2
  double center = 0.5;                // --dotproduct_center: the latent start's centre c (offset k c^2 s_a s_b)
  std::string dotproduct_fields;      // --dotproduct_fields: field-aware pairs of these namespace letters (VW's --lrqfa)
  double dotproduct_dropout = 0.0;    // --dotproduct_dropout: chance a latent dimension sits out a training update
  // Whether a dyadic term is configured (--dotproduct or --dotproduct_fields).
  bool has_latent() const { return !dotproducts.empty() || !dotproduct_fields.empty(); }
  unsigned passes = 1;                // --passes (for --average_passes)
  unsigned average_passes = 1;        // --average_passes: weights averaged over the ends of the last N passes
  bool feature_mask = false;          // --feature_mask: only features whose weight is non-zero learn (VW's rule)
};

}  // namespace learner
