// One example at a time through the cost-learning structured SVM: the
// protocol of struct_svm.h around any Learner built for K sub-models, with
// the costs of a CostWeights (cost_weights.h). What a --struct_svm reduction
// does per example, kept here so that it is tested without the CLI.
//
// learn(x, y, a):
//   s_k  = learner.predict_each(x)           (K scores)
//   c_k  = costs.costs(y)                    (K v_{S(y,k)}, 0 for y)
//   k*   = loss-augmented argmax (struct_hinge.h); h = its value
//   learner.learn(parts {y: +1, k*: -1}, p_hat = s_y - s_k*, label = c_k*, a)
//   costs.observe(y, k*, a, argmax_k s_k)
// predict(x) = argmax_k s_k (equation 2). end_pass() ends the pass of both.
// No allocation per example once constructed.
#pragma once

#include <cstdint>
#include <vector>

#include "learner/learners/struct_svm/cost_weights.h"
#include "learner/learners/struct_svm/struct_hinge.h"
#include "learner/learner.h"

namespace learner {

struct StructSvmOutcome {
  uint32_t predicted = 0;  // equation 2, before the update
  HingeResult augmented;   // k* and h, before the update
};

class StructSvmDriver {
 public:
  // `learner` must have been built for costs.factors().classes() sub-models.
  StructSvmDriver(Learner& learner, CostWeights& costs);

  uint32_t predict(const Example& ex, const std::vector<Feature>& x);
  // truth < K (else learner::Error); importance <= 0 predicts only.
  StructSvmOutcome learn(const Example& ex, const std::vector<Feature>& x, uint32_t truth, double importance);
  void end_pass();
  // The K scores s_k of the last predict() or learn() (before its update).
  const std::vector<double>& scores() const { return scores_; }

 private:
  void score(const Example& ex, const std::vector<Feature>& x);
  Learner& learner_;
  CostWeights& costs_;
  std::vector<Part> all_;
  std::vector<double> scores_, class_costs_;
};

}  // namespace learner
