// The cost confidence ranges of --regcb and --squarecb --elim (VW's
// confidence_sequence_utility): for each action line a of a group, with its
// predicted cost f_a (the scoring sub-model's raw score) and the learner's
// sensitivity towards a label beyond the cost bounds [cmin, cmax]
// (Learner::sensitivity), the largest importance w whose squared-loss gain
// w (fhat^2 - (fhat - sens w)^2) stays within delta (VW's binary search);
// low_a = f_a - sens w (towards cmin - 1), high_a = f_a + sens w (towards
// cmax + 1), both kept within [cmin, cmax]. A prediction outside the bounds
// or a sensitivity that is not finite gives the bound itself. VW's float
// arithmetic throughout.
#pragma once

#include <cstdint>
#include <vector>

#include "learner/example_group.h"
#include "learner/learner.h"

namespace learner {

// VW's binary search: the importance w in [0, fhat / sens] with
// w (fhat^2 - (fhat - sens w)^2) = delta (20 bisections, tolerance 1e-6).
float regcb_binary_search(float fhat, float delta, float sens);

// delta = c0 ln(K n) (cmax - cmin)^2 after n groups learned from (-inf for n = 0).
float confidence_delta(double c0, std::size_t actions, uint64_t n, float cmin, float cmax);

// low (and, unless `low_only`, high) per action of `group`, whose action
// lines scored `scores` (0-based) with sub-model `sub` of `learner`.
void cost_ranges(Learner& learner, const ExampleGroup& group, const std::vector<double>& scores, uint32_t sub,
                 float delta, float cmin, float cmax, bool low_only, std::vector<float>& low,
                 std::vector<float>& high);

}  // namespace learner
