// Popularity-weighted missing data for the Gramian loss (gramian.h,
// learner-topn --loss gramian --unobserved_exponent e): the whole-catalogue
// term becomes alpha0 * sum_u sum_i w_i p_ui^2 with
//   w_i = I * n_i^e / sum_j n_j^e        (n_i: item i's positives, I items)
// so the weights average 1 and alpha0 keeps its scale; e = 0 is the uniform
// weight of Hu et al.'s iALS, e > 0 weighs a popular item's absence more (it is
// more likely a real negative: He et al. 2016's eALS, which found e about 0.4
// best). An item without positives gets weight 0 when e > 0.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace learner::topn {

// The weights w_i above; throws UsageError for e outside [0, 2] and Error when
// no item has a positive.
std::vector<double> unobserved_item_weights(std::span<const uint32_t> positives_per_item, double exponent);

}  // namespace learner::topn
