// Test-time averaging, shared by the learners that offer it (perceptron, PA,
// kernel perceptron): training predicts with the current model (online
// mistakes), test-time prediction with the average of the model sequence.
//
// The run loop finds it with averaging(learner) (Learner::averaging_interface)
// and switches it on for
// prediction that is not followed by learning (-t, holdout evaluation);
// learn() is unaffected by the switch. Saving without state (-f) writes the
// average, so a model loaded for -t predicts as the switch did.
#pragma once

#include "learner/learner.h"

namespace learner {

class Averaging {
 public:
  virtual ~Averaging() = default;
  // True when built with averaging; the switch is a no-op otherwise.
  virtual bool averaged() const = 0;
  virtual void predict_with_average(bool on) = 0;
};

// The learner's averaging interface, or nullptr when it has none.
inline Averaging* averaging(Learner& l) { return l.averaging_interface(); }

}  // namespace learner
