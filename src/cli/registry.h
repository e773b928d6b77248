// Every learner and reduction the command line offers, one line each in
// src/cli/registry.cc: adding one is its own files plus that line.
#pragma once

#include <vector>

#include "learner/plugin.h"

namespace learner {

const std::vector<const LearnerPlugin*>& learner_plugins();
// The learner a command line that names none selects: the one whose
// selector is "" (the gradient learner).
const LearnerPlugin& default_learner();
const std::vector<const ReductionPlugin*>& reduction_plugins();
// The layers between the learner and the reduction, in VW's stack order
// (nearest the learner first): the order the CLI builds them in.
const std::vector<const LayerPlugin*>& layer_plugins();
// The layers over the reduction (VW's --classweight), nearest the reduction first.
const std::vector<const ReductionLayerPlugin*>& reduction_layer_plugins();

}  // namespace learner
