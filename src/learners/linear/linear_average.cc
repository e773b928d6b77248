// The perceptron family's weights across --allreduce ranks (linear_weights.h).
#include <span>

#include "learner/model/table_average.h"
#include "learner/parallel/allreduce.h"
#include "linear_weights.h"

namespace learner::detail {

void LinearWeights::average(AllReduce& group) {
  if (group.size() == 1) return;
  average_table(group, w(), size(), 1, -1);
  exact_ = false;  // other ranks' slots are now non-zero here too: a save sweeps the touched pages
  if (!averaged_) return bound_tables();
  // final = w - u / T per rank; with u scaled by T_mean / T_r the mean of
  // (w, u) over ranks, read with T_mean, is the mean of the finals.
  double mean_steps = steps_;
  average_values(group, &mean_steps, 1);
  const double scale = steps_ > 0.0 ? mean_steps / steps_ : 0.0;  // T_r = 0: u_r is 0
  double* sums = u();
  for (uint64_t s = 0; s < size(); ++s) sums[s] *= scale;
  average_values(group, sums, size());
  steps_ = mean_steps;
  pristine_ = false;
  bound_tables();
}

}  // namespace learner::detail
