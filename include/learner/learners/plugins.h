// The learners' registration entries: each learner defines its accessor in its own
// source file (its options, settings and factory live there; its contract is documented in the
// header beside that source), and src/cli/registry.cc lists them, one line each. This is the
// only learner declaration other stages see; the types behind the entries are in
// include/learner/plugin.h.
#pragma once

#include "learner/plugin.h"

namespace learner {

const LearnerPlugin& kernel_plugin();
const LearnerPlugin& noop_plugin();
const LearnerPlugin& print_plugin();
const LearnerPlugin& passive_aggressive_plugin();
const LearnerPlugin& perceptron_plugin();
const LearnerPlugin& gd_plugin();
const LearnerPlugin& coin_plugin();
const LearnerPlugin& bfgs_plugin();
const LearnerPlugin& conjugate_gradient_plugin();
const LearnerPlugin& struct_svm_learner_plugin();
const LearnerPlugin& cbzo_learner_plugin();

}  // namespace learner
