// --scoring_filter_tree K: the seed's scoring filter tree. Class k owns one
// score function f(x; k), sub-model k - 1 (binary_task.h); the game between
// classes lambda (left) and phi (right) is the classifier
//
//   Phi(x) = 1[ f(x; lambda) > f(x; phi) ],   prediction p = f(x; lambda) - f(x; phi)
//
// i.e. the two Components {offset(lambda), +1} and {offset(phi), -1} of the
// core Model. Training is the filter tree's (filter_tree.h: label = which of
// the two classes that reached the game is cheaper, importance = the example's
// importance times their cost difference). Each game is decided by the
// current scores of its two classes (a class a lower game of this example
// updated is re-scored), the game's own update coming after its decision.
// The reported prediction is the tournament on the scores before any update;
// since a game's winner has the higher score, it is argmax_k f(x; k) (K score
// evaluations, whatever the tree). Labels: a class or VW's cost-sensitive
// label. Loss: regret (0/1 for a class label). -p prints the class, with
// --scores the K scores; -r the scores.
//
// The update path with --dotproduct (the core applies it; derived here).
// Write f(x; c) = w_c.x + A_c.B_c - k s_a s_b per class (learners/gd/dotproduct.h),
// g = dl/dp and t(h) = -int_0^h g dh'. The gradient flow of p = f_lambda -
// f_phi is
//
//   w_lambda' = -g eta_i x          w_phi' = +g eta_i x
//   A_lambda' = -g rho_a B_lambda   A_phi' = +g rho_a B_phi     (B likewise)
//
// so lambda's pair is exactly a dyadic model moving along t, and phi's pair
// the same equations with t replaced by -t:
//
//   A_lambda(t) = A_l cosh(kappa_l t) + r_l B_l sinh(kappa_l t)
//   A_phi(t)    = A_f cosh(kappa_f t) - r_f B_f sinh(kappa_f t)   (= A at -t)
//
// and, with P, M of each pair as in path.h (P = |A/sqrt r + sqrt r B|^2 / 2,
// M = |A/sqrt r - sqrt r B|^2 / 2), the prediction path is
//
//   p(t) = p_lin0 + (q_l + q_f) t + (P_l e^{2 kappa_l t} - M_l e^{-2 kappa_l t}) / 2
//                                 - (P_f e^{-2 kappa_f t} - M_f e^{2 kappa_f t}) / 2
//        = p_lin0 + q t + (P_l e^{2 kappa_l t} - M_l e^{-2 kappa_l t}) / 2
//                       + (M_f e^{2 kappa_f t} - P_f e^{-2 kappa_f t}) / 2 :
//
// two dyadic terms of PredictionPath, phi's with P and M swapped. Every
// coefficient is >= 0, so p'(t) = q + kappa_l (P_l e^{..} + M_l e^{..}) +
// kappa_f (M_f e^{..} + P_f e^{..}) >= q >= 0: p is monotone in t, p^-1 is
// well defined, and every loss's closed form (or 1-D ODE) and min_importance
// apply unchanged. Invariance holds pair by pair (cosh/sinh addition: phi's
// steps -t1 then -t2 compose to -(t1 + t2)). With --dotproduct_l2 both terms
// decay by e^{-mu h} as for one pair. Tests: tests/reduction/scoring_path_test.cc.
#pragma once

#include "learner/plugin.h"

#include "binary_task.h"
#include "class_costs.h"
#include "learner/reduction/reduction.h"
#include "tournament.h"

namespace learner {

class ScoringFilterTree final : public TaggedReduction {
 public:
  ScoringFilterTree(const ReductionSpec& spec, Learner& learner, const LabelRange& range);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  void print_summary(std::FILE* out) const override;

 private:
  void write_prediction(std::string& out) const override;
  void write_raw(std::string& out) const override;
  ReductionSpec spec_;
  BinaryTask task_;
  Tournament tournament_;
  std::vector<double> scores_;  // f(x; k) without the example's base
  std::vector<double> shown_;   // the scores before this example's updates (-p, -r)
  std::vector<uint32_t> winners_;
  ClassCosts costs_;
  ConstantClass constant_;
  uint32_t predicted_ = 1;
  Outcome outcome_;
};

// Its command-line plug-in (plugin.h).

}  // namespace learner
