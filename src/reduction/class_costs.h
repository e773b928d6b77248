// Per-class costs of one example, for the multiclass reductions, and the
// best constant class of a run.
//
// A multiclass label y (Example::label) costs 0 for y and 1 for every other
// class. A cost-sensitive label (Example::costs) gives its known costs;
// classes it does not list, or lists with unknown cost, get the largest
// known cost (they are never preferred to a listed class). An example with no
// known cost is unlabeled.
#pragma once

#include <cstdint>
#include <cstdio>
#include <vector>

#include "learner/example.h"
#include "learner/reduction/reduction.h"

namespace learner {

class ClassCosts {
 public:
  explicit ClassCosts(uint32_t classes) : cost_(classes, 0.0) {}
  // Fills the costs from `ex`; false when `ex` is unlabeled. Throws Error
  // naming the line for a class outside 1..K (a label that did not come
  // through the parser's check, e.g. from a cache made without --oaa).
  bool set(const Example& ex);
  const std::vector<double>& costs() const { return cost_; }
  double cost(uint32_t klass) const { return cost_[klass - 1]; }
  double min() const { return min_; }
  uint32_t best() const { return best_; }  // the cheapest class (lowest id on ties)
  // What predicting `klass` loses against the best class (0/1 loss for a
  // multiclass label).
  double regret(uint32_t klass) const { return cost_[klass - 1] - min_; }

 private:
  std::vector<double> cost_;
  double min_ = 0.0;
  uint32_t best_ = 1;
};

// The class a constant predictor would choose, from the summed costs of the
// labeled examples, and its average regret ("best constant" in the summary).
class ConstantClass {
 public:
  explicit ConstantClass(uint32_t classes) : sum_(classes, 0.0) {}
  void add(const ClassCosts& costs, double weight);
  // "best constant class = k" (k as `labels` writes it) and its loss; nothing if no labels.
  void print(std::FILE* out, const ClassLabels* labels = nullptr) const;

 private:
  std::vector<double> sum_;  // weighted cost per class
  double min_sum_ = 0.0;     // weighted minimum cost
  double weight_ = 0.0;
};

// Sets `out` for a multiclass example predicted as `predicted`: when
// `costs` holds a label (costs.set(ex) returned true) its loss is the
// regret, its label the cheapest class, and `constant` counts it. Returns
// whether the example was labeled.
bool cost_outcome(Outcome& out, uint32_t predicted, double importance, bool labeled, const ClassCosts& costs,
                  ConstantClass& constant);

// Class ids checked against 1..K for labels the parser did not check.
uint32_t checked_class(double label, uint32_t classes, uint64_t line);

}  // namespace learner
