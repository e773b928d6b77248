// --bootstrap N [--bs_type mean|vote]: VW's online bootstrap (bs.cc), a layer
// (plugin.h's LayerPlugin) over any learner and under any reduction. Each
// prediction draws, for round j = 1..N, a Poisson(1) importance factor from
// VW's generator (merand48 from --random_seed, VW's table of thresholds);
// round j is sub-model j of the learner below, learned with importance times
// its factor (0: not learned). The prediction is the mean of the rounds'
// (clipped) predictions, or with --bs_type vote the majority of their rounded
// values (ties: the smallest most frequent), whose loss is 0/1 (VW). The
// scalar problem's -p line ends with the rounds' lowest and highest
// predictions: "mean tag lower upper" (VW's bootstrap output).
#pragma once

#include <cstdint>

#include "learner/plugin.h"

namespace learner {

// A Poisson(1) draw from one uniform u of VW's generator (merand48 of
// `state`, advanced): the smallest k whose CDF e^-1 sum_{i<=k} 1/i! reaches
// u, at most 20 (VW's bs::weight_gen; --bag draws its policies' counts so too).
uint32_t poisson_one(uint64_t& state);

}  // namespace learner
