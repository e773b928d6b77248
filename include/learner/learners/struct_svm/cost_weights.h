// The cost weights v of seed 001 (issue 14 scope 2) and how they learn, for
// a reduction that runs the structured SVM (struct_svm.h): it asks costs()
// for c_k before the loss-augmented max and reports the argmax to observe().
//
// c(y, k) = K v_{S(y,k)} for k != y, 0 for k = y (K = `scale`). K is
// redundant with the regularisers (the seed's section 4): substituting
// w = K w~, b = K b~ turns objective 1 or 10 with (K, lambda_1, lambda_2)
// into K times the same objective with (1, lambda_1, K lambda_2) in (w~, b~, v),
// so both have the same minimising v and the same predictions.
//
// Learning modes (an example i with truth y, loss-augmented argmax k*,
// importance a; S* = S(y, k*), none when k* = y):
//  * fixed: v never moves; every v_S = `initial` (1 by default: the plain
//    Crammer-Singer SVM, every mistake costing K).
//  * objective1: v on the simplex (sum v = 1, v >= 0), starting uniform
//    (1 / |S|). The example's gradient in v is a K e_{S*}; AdaGrad keeps
//    D_S = sqrt(sum of squared gradients) and steps
//        u = v - eta g / D   (on the coordinates with D_S > 0; the others stay)
//    and then v = the projection of u onto the simplex under the metric
//    diag(D) (simplex_projection.h; D_S = 0 are the free coordinates there).
//    The gradient only ever pushes the hit coordinate down, so objective 1
//    moves mass away from the factors the model gets wrong (the seed's
//    property 7). With the argmaxes fixed its v-part is linear, so its
//    minimum is a vertex (all mass on the least-hit factor): property 7 then
//    holds only weakly (ties at 0). Cost: O(|S| log |S|) per mistake.
//  * objective10, closed form: v >= 0, starting at 1; observe() adds a to
//    m_{S*}; end_pass() sets v = max(0, 1 - m / n) (objective10.h, equation
//    12) and clears m. v is constant within a pass.
//  * objective10, gradient: the same objective by projected AdaGrad steps on
//    v >= 0, the extra terms spread over the pass: with N = sum of the label
//    counts, example i takes the gradient of
//        a K v_{S*} + (a / N) (-K v.n + (K/2) |v|_n^2),
//    g = a K e_{S*} + (a K / N) (n o v - n), then u = v - eta g / D, v = max(0, u).
//    Over a pass with fixed argmaxes the gradients add up to objective 10's.
//    Cost: O(|S|) per example (every v_S has a gradient).
//  * kappa_cosine (seed section 2, alternating): v on the simplex, starting
//    uniform, constant within a pass; observe() also tallies the model's
//    plain prediction (equation 2) against the truth; end_pass() sets v to
//    the minimiser of cos(v, D) for the pass's kappa difficulty D
//    (kappa_cosine.h).
// Normalisers n_S: from set_label_counts() (cost_factors.h), required by
// objective10 before the first observe() (learner::Error otherwise).
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>
#include <string_view>
#include <vector>

#include "learner/learners/struct_svm/cost_factors.h"

namespace learner {

class ModelWriter;
class ModelReader;

enum class CostLearning { kFixed, kObjective1, kObjective10, kObjective10Gradient, kKappaCosine };

// "fixed", "objective1", "objective10", "objective10_gradient",
// "kappa_cosine"; else UsageError.
CostLearning parse_cost_learning(std::string_view text);
std::string_view to_string(CostLearning learning);

struct CostWeightsConfig {
  FactorKind factors = FactorKind::kUnordered;
  uint32_t classes = 2;
  CostLearning learning = CostLearning::kFixed;
  CostNorm norm = CostNorm::kNone;
  double scale = 1.0;    // K > 0
  double rate = 0.5;     // eta of the AdaGrad steps on v, > 0
  double initial = 1.0;  // v_S under kFixed, >= 0
};

class CostWeights {
 public:
  // Throws learner::Error for a scale, rate or initial value out of range,
  // or classes < 2.
  explicit CostWeights(const CostWeightsConfig& config);

  const CostFactors& factors() const { return factors_; }
  const CostWeightsConfig& config() const { return config_; }
  std::span<const double> v() const { return v_; }
  std::span<const double> mistakes() const { return m_; }        // m_S this pass (weighted)
  std::span<const double> normalisers() const { return n_; }     // n_S (1 until set_label_counts)

  // n_S from the training label counts (classes() entries).
  void set_label_counts(std::span<const double> counts);
  // c_k for truth y (out has classes() entries).
  void costs(uint32_t truth, std::span<double> out) const;
  static constexpr uint32_t kNoPrediction = CostFactors::kNoFactor;
  // One example's loss-augmented argmax and (kappa_cosine needs it, else
  // learner::Error) its plain prediction; importance <= 0 is a no-op.
  void observe(uint32_t truth, uint32_t argmax, double importance, uint32_t predicted = kNoPrediction);
  // End of a pass: objective10's closed form or kappa_cosine's choice; the
  // pass's tallies (m, the kappa counts) are cleared in every mode.
  void end_pass();
  // kappa_cosine: D_S of the last end_pass() (0 before, and in other modes).
  std::span<const double> difficulty() const { return difficulty_; }

  // The learned cost matrix, one line per factor:
  // "a-b v_S |S_M| n_S" (classes 1-based, "a->b" for ordered factors), and
  // a D_S column under kappa_cosine.
  void write_table(std::FILE* out) const;

  // Section "costs" (version 1): kind, classes, learning, norm, scale, N, v,
  // n, the AdaGrad sums, m and D; load() throws learner::Error when kind,
  // classes, learning, norm or scale differ from the config. kappa_cosine's
  // per-pass counts are not saved: save between passes (after end_pass()).
  void save(ModelWriter& out) const;
  void load(ModelReader& in);

 private:
  CostWeightsConfig config_;
  CostFactors factors_;
  std::vector<double> v_, m_, n_, sum_sq_, scratch_u_, scratch_d_;  // scratch: no allocation per example
  std::vector<double> truth_counts_, predicted_counts_, pair_counts_, difficulty_;  // kappa_cosine
  std::vector<std::pair<double, std::size_t>> scratch_;
  double total_ = 0.0;  // N
  bool counted_ = false;
};

}  // namespace learner
