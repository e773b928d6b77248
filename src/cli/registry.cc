#include "registry.h"

#include "learner/error.h"

#include "learner/learners/plugins.h"
#include "learner/reduction/plugins.h"

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
      &cbzo_learner_plugin(),
      &coin_plugin(),
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
      &cbify_ldf_plugin(),
      &explore_eval_plugin(),
      &warm_cb_plugin(),
      &cb_dro_plugin(),
      &cbzo_plugin(),
      &cb_sample_plugin(),
      &cbify_reg_plugin(),
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
