// --boosting N [--alg BBM|logistic|adaptive] [--gamma G]: VW's online
// boosting (boosting.cc; Beygelzimer, Kale and Luo, "Optimal and adaptive
// algorithms for online boosting", ICML 2015) as a layer (plugin.h's
// LayerPlugin) over any learner: weak learner i is sub-model i of the layer
// below, each predicting y_i (clipped to the caller's range).
//   BBM (online boost-by-majority, the default): weak learner i learns with
//     importance u C(N-i-1, k) (1/2 + G)^k (1/2 - G)^(N-i-1-k), k =
//     floor((N - i - s) / 2), s = sum of label y_j over the learners before
//     it (0 outside 0 <= k <= N-i-1); the prediction is sum_i y_i.
//   logistic (AdaBoost.OL.W): importance u / (1 + e^s), s = sum alpha_j
//     label y_j; prediction sum_i alpha_i y_i; after each learner,
//     alpha_i += eta label y_i / (1 + e^s), eta = 4 / sqrt(t), clipped to
//     [-2, 2] (t: examples learned).
//   adaptive (AdaBoost.OL): logistic's weights and alphas, plus a weight v_i
//     per learner (times e^-1 when the partial sum mispredicts the label,
//     normalised after each example); the prediction stops at a random
//     point of the v's cumulative sum (one draw of merand48 from
//     --random_seed per predict and per learn, as VW).
// The prediction is shown unclipped; the loss reported is VW's: that of the
// last weak learner called, times its importance factor (not the loss of
// the combined prediction). alpha and v are saved in the model file.
#pragma once

#include "learner/plugin.h"

namespace learner {

}  // namespace learner
