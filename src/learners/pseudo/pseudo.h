// VW's two pseudo-learners, for checking a pipeline without learning:
//   --noop   predicts 0 and learns nothing (VW's noop base learner)
//   --print  predicts 0, learns nothing, and writes each example to stderr as
//            VW's print learner does: `label [importance [base]] ['tag]| `
//            then `index[:value] ` per feature (index masked to -b bits,
//            `:value` only when the value is not 1), one line per example.
//            Numbers are printed with %g (VW: a C++ stream's default).
// Both are for simple labels (as in VW: under a reduction with several
// sub-models they are a usage error) and save an empty model section.
#pragma once

#include "learner/plugin.h"

namespace learner {

}  // namespace learner
