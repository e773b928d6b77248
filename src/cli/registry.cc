#include "learner/cli/registry.h"

#include "learner/error.h"

#include "learner/batch/batch_plugin.h"
#include "learner/core/gd_plugin.h"
#include "learner/costs/cost_learner.h"
#include "learner/learners/kernel_perceptron.h"
#include "learner/learners/passive_aggressive.h"
#include "learner/learners/perceptron.h"
#include "learner/learners/pseudo.h"
#include "learner/reduction/active.h"
#include "learner/reduction/bootstrap.h"
#include "learner/reduction/class_weights.h"
#include "learner/reduction/cb.h"
#include "learner/reduction/cb_adf.h"
#include "learner/reduction/cb_explore.h"
#include "learner/reduction/cbify.h"
#include "learner/reduction/cb_explore_adf.h"
#include "learner/reduction/boosting.h"
#include "learner/reduction/csoaa.h"
#include "learner/reduction/csoaa_ldf.h"
#include "learner/reduction/explore_eval.h"
#include "learner/reduction/filter_tree.h"
#include "learner/reduction/mira.h"
#include "learner/reduction/multilabel.h"
#include "learner/reduction/oaa.h"
#include "learner/reduction/scoring_filter_tree.h"
#include "learner/reduction/struct_svm.h"

namespace learner {

const std::vector<const LearnerPlugin*>& learner_plugins() {
  static const std::vector<const LearnerPlugin*> all = {
      &gd_plugin(),
      &perceptron_plugin(),
      &kernel_plugin(),
      &passive_aggressive_plugin(),
      &struct_svm_learner_plugin(),
      &noop_plugin(),
      &print_plugin(),
      &bfgs_plugin(),
      &conjugate_gradient_plugin(),
  };
  return all;
}

const LearnerPlugin& default_learner() {
  static const LearnerPlugin& chosen = [] () -> const LearnerPlugin& {
    for (const LearnerPlugin* l : learner_plugins())
      if (l->selector.empty()) return *l;
    throw Error("internal: no learner without a selector");
  }();
  return chosen;
}

const std::vector<const ReductionPlugin*>& reduction_plugins() {
  static const std::vector<const ReductionPlugin*> all = {
      &oaa_plugin(),
      &csoaa_plugin(),
      &filter_tree_plugin(),
      &scoring_filter_tree_plugin(),
      &multilabel_plugin(),
      &multilabel_oaa_plugin(),
      &active_plugin(),
      &mira_plugin(),
      &struct_svm_plugin(),
      &csoaa_ldf_plugin(),
      &wap_ldf_plugin(),
      &cb_plugin(),
      &cb_adf_plugin(),
      &cb_explore_plugin(),
      &cbify_plugin(),
      &cb_explore_adf_plugin(),
      &explore_eval_plugin(),
  };
  return all;
}

const std::vector<const LayerPlugin*>& layer_plugins() {
  static const std::vector<const LayerPlugin*> all = {
      &bootstrap_plugin(),
      &boosting_plugin(),
  };
  return all;
}

const std::vector<const ReductionLayerPlugin*>& reduction_layer_plugins() {
  static const std::vector<const ReductionLayerPlugin*> all = {
      &classweight_plugin(),
  };
  return all;
}

}  // namespace learner
