// The gradient learner's settings the unit tests of the dyadic model were
// written against: a fixed latent rate (-l's rule) and no latent L2, the
// start centred at 1 with spread 0.01, no frequency-aware L2. CoreConfig{}
// holds the command line's defaults instead (automatic rate and L2, centre
// 0.5, spread 0.1, --dotproduct_freq_l2 0.3); a linear model reads none of these.
#pragma once

#include "learner/learners/gd/config.h"

namespace learner {

inline CoreConfig fixed_config() {
  CoreConfig c;
  c.auto_latent_rate = false;
  c.auto_latent_l2 = false;
  c.init_scale = 0.01;
  c.dotproduct_freq_l2 = 0.0;
  c.center = 1.0;
  return c;
}

}  // namespace learner
