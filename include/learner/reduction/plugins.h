// The reductions and layers' registration entries: each reduction defines its accessor in its own
// source file (its options, settings and factory live there; its contract is documented in the
// header beside that source), and src/cli/registry.cc lists them, one line each. This is the
// only reduction declaration other stages see; the types behind the entries are in
// include/learner/plugin.h.
#pragma once

#include "learner/plugin.h"

namespace learner {

const ReductionPlugin& active_plugin();
const LayerPlugin& boosting_plugin();
const LayerPlugin& bootstrap_plugin();
const ReductionPlugin& cb_plugin();
const ReductionPlugin& cb_adf_plugin();
const ReductionPlugin& cb_explore_plugin();
const ReductionPlugin& cb_explore_adf_plugin();
const ReductionPlugin& cbify_plugin();
const ReductionLayerPlugin& classweight_plugin();
const ReductionPlugin& csoaa_plugin();
const ReductionPlugin& csoaa_ldf_plugin();
const ReductionPlugin& wap_ldf_plugin();
const ReductionPlugin& filter_tree_plugin();
const ReductionPlugin& mira_plugin();
const ReductionPlugin& multilabel_plugin();
const ReductionPlugin& multilabel_oaa_plugin();
const ReductionPlugin& oaa_plugin();
const ReductionPlugin& scoring_filter_tree_plugin();
const ReductionPlugin& struct_svm_plugin();
const ReductionPlugin& cbify_ldf_plugin();
const ReductionPlugin& explore_eval_plugin();
const ReductionPlugin& warm_cb_plugin();
const ReductionPlugin& cb_dro_plugin();
const ReductionPlugin& cbzo_plugin();
const ReductionPlugin& cb_sample_plugin();
const ReductionPlugin& cbify_reg_plugin();

}  // namespace learner
