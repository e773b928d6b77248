// --bfgs and --conjugate_gradient as learner plug-ins, and their settings.
// This header needs no Eigen: the plug-ins are always registered, and a
// build without Eigen (CMake found no Eigen3; the batch learner itself,
// batch_learner.h, is Eigen code) refuses --bfgs and --conjugate_gradient
// with a message when they are used (make_batch_learner throws UsageError).
#pragma once

#include <memory>

#include "learner/plugin.h"

namespace learner {

class AllReduce;
class Learner;
class Loss;
struct CoreConfig;

struct BatchConfig {
  enum class Method { kLbfgs, kConjugateGradient };
  Method method = Method::kLbfgs;
  unsigned mem = 15;          // --mem: L-BFGS pairs
  double termination = 1e-3;  // --termination: relative decrease of F that ends the run
  bool hessian_on = false;    // --hessian_on: a curvature pass chooses each step
  double l2 = 0.0;            // --l2
  bool quiet = false;         // no per-pass lines
};

// The batch learner of `config` (batch_learner.h), or UsageError in a build without Eigen.
std::unique_ptr<Learner> make_batch_learner(const BatchConfig& config, const CoreConfig& core, const Loss& loss,
                                            AllReduce* group);

}  // namespace learner
