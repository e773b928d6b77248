// --bfgs and --conjugate_gradient: batch minimisation of the regularised
// objective
//   F(w) = sum_examples importance * loss(p(x), y) + (l2 / 2) ||w||^2
// over several passes of the data (VW's bfgs.cc; Nocedal & Wright,
// "Numerical Optimization", 2nd ed., chapters 5 and 7), with the linear
// weights of the gradient learner ('gd'), so its models are gd models: -i
// of an online model starts from its weights, and -t, -p and -i of a batch
// model need no --bfgs.
//
// One iteration is one pass that accumulates F and its gradient g at the
// current weights (learn() adds, end_pass() decides), plus, with
// --hessian_on, one pass that accumulates the curvature along the
// direction d, d'Hd = sum importance loss''(p) (d.x)^2 + l2 ||d||^2.
// At the end of a gradient pass (sums first go through AllReduce::sum, so N
// ranks with shards of the data take the same step):
//  * F failed Armijo's sufficient decrease F <= F_prev + 0.01 alpha g.d
//    (VW's wolfe1 bound; also when F is not finite): the step is halved
//    from the last accepted point (backtracking) and the pass is repeated;
//    accepted objectives therefore never rise.
//  * otherwise the point is accepted; a relative decrease below
//    --termination ends the run (converged()); the direction is
//    -H g (L-BFGS two-loop recursion, lbfgs.h, with --mem pairs) or the
//    preconditioned PR+ conjugate direction (conjugate_gradient.h), with a
//    diagonal preconditioner D = 1 / (sum importance loss''(p) x_i^2 + l2)
//    from the first pass (curvatures floored at 1e-4 of the largest, VW's
//    ratio); a direction that is not a descent direction is replaced by -D g.
//  * the step is alpha = -g.d / d'Hd after a curvature pass: on the first
//    iteration always, on every one with --hessian_on and for conjugate
//    gradient (as VW: a CG direction has no natural length); else 1.
// Curvature: loss''(p) per unit importance; for the piecewise-linear losses
// (Loss::piecewise_linear(): hinge, quantile, absolute, perceptron), whose
// loss'' is 0, the curvature 1 of a unit quadratic stands in (so D =
// 1 / (sum importance x_i^2 + l2) and the first step is the least-squares
// step along d): it only scales the steps, the gradient (a subgradient at
// the kinks) and the sufficient-decrease test stay the loss's own.
// end_training() (after the last pass) keeps the last accepted weights when
// the last pass found a worse objective.
//
// Each gradient pass prints one line to stderr (rank 0, unless --quiet):
//   bfgs pass P objective F average F/W step S accepted|backtrack|converged
// with W the summed importance (and, with --hessian_on, each curvature pass
// "bfgs pass P curvature d'Hd step S"); passes() keeps the values.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <Eigen/Core>

#include "batch_plugin.h"
#include "lbfgs.h"
#include "learner/learners/gd/model.h"
#include "learner/learner.h"
#include "learner/parallel/allreduce.h"
#include "learner/plugin.h"

namespace learner {

// One gradient pass's verdict.
struct BatchPass {
  unsigned pass = 0;         // 1-based pass of the data
  double objective = 0.0;    // F
  double weight = 0.0;       // summed importance W
  double step = 0.0;         // the step taken after this pass (0: none)
  bool accepted = false;     // F did not rise
};

class BatchLearner final : public Learner {
 public:
  // `group`: the processes whose sums are combined (nullptr: this one alone).
  BatchLearner(const BatchConfig& config, const CoreConfig& core, const Loss& loss, AllReduce* group);

  std::string_view name() const override { return "gd"; }
  const Loss& loss() const override { return loss_; }
  double predict(const Example& ex, const std::vector<Feature>& x, Parts parts) override {
    return model_.predict(ex, x, parts);
  }
  void learn(const Example& ex, const std::vector<Feature>& x, Parts parts, double p_hat, double label,
             double importance) override;
  void end_pass() override;
  void end_training() override;
  bool converged() const override { return done_; }
  // --allreduce: nothing to average. Every rank sums the same gradient and
  // loss through the group and takes the same step, so the iterates are the
  // same bits on every rank; averaging them would only add rounding.
  void average(AllReduce&) override {}
  void print_summary(std::FILE* out) const override;
  void save(ModelWriter& out, bool with_state) const override { model_.save(out, with_state); }
  void load(ModelReader& in) override { model_.load(in); }
  void write_text(std::FILE* out, const NameMap* names) const override { model_.write_text(out, names); }

  const std::vector<BatchPass>& passes() const { return passes_; }

 private:
  enum class Phase { kGradient, kCurvature };
  void end_gradient_pass(bool last);
  void end_curvature_pass();
  void choose_direction();
  Eigen::VectorXd read_weights() const;
  void write_weights(const Eigen::VectorXd& w);
  void set_step(double alpha);  // w = w_prev + alpha d
  double curvature_at(double p, double label) const;  // loss''(p), or 1 for a piecewise-linear loss
  void report(const BatchPass& p, const char* verdict) const;

  BatchConfig config_;
  const Loss& loss_;
  Model model_;  // the weights (slot[0] of each stride-4 slot), prediction, model files
  SingleProcess alone_;
  AllReduce& group_;
  Phase phase_ = Phase::kGradient;
  bool first_ = true, done_ = false, out_of_passes_ = false;
  unsigned pass_ = 0, iterations_ = 0, backtracks_ = 0;
  double loss_sum_ = 0.0, weight_sum_ = 0.0, curvature_ = 0.0;
  Eigen::VectorXd g_, diagonal_, d_, w_prev_, g_prev_;
  double f_prev_ = 0.0, alpha_ = 0.0, slope_ = 0.0;  // slope_ = g_prev.d
  bool have_prev_ = false;
  std::unique_ptr<LbfgsMemory> memory_;
  std::vector<BatchPass> passes_;
};

}  // namespace learner
