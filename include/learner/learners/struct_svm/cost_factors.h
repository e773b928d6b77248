// Cost factors over label pairs and their normalisers n_S (seed 001,
// equations 3-5 and section 3.1; issue 14). Classes are 0..K-1 here (the
// command line's 1..K minus one).
//
// A factor S is a set of (truth, prediction) pairs; a mistake (y, y'),
// y != y', costs K v_S for the one S that holds it (equation 3), and a
// correct prediction costs nothing (no factor holds (y, y)).
//  * Unordered (equation 5): S_{a,b} = {(a, b), (b, a)} for a < b:
//    K (K - 1) / 2 factors, index(a, b) = a K - a (a + 1) / 2 + (b - a - 1)
//    (row by row of the strict upper triangle).
//  * Ordered (for ordinal labels such as ratings): S_{y->y'} = {(y, y')}:
//    K (K - 1) factors, index(y, y') = y (K - 1) + y' - [y' > y]
//    (row y of the K x K matrix without its diagonal).
//
// Normalisers n_S, from the training label counts N_0..N_{K-1} (weighted
// counts allowed), N = sum_k N_k, p_k = N_k / N:
//  * none:     n_S = 1.
//  * logical:  the largest count of a label that can be the truth of a
//              mistake in S: unordered n_{a,b} = max(N_a, N_b) (the seed's
//              definition); ordered n_{y->y'} = N_y (at most every example
//              of y can be mistaken for y').
//  * expected: the expected number of mistakes in S over the N training
//              examples of a predictor that draws its label at random with
//              the frequencies p, independently of the input:
//              ordered   n_{y->y'} = N_y p_{y'} = N_y N_{y'} / N;
//              unordered n_{a,b}   = N_a p_b + N_b p_a = 2 N_a N_b / N
//              (the seed's 2 N P(a) P(b) of section 3).
// n_S may be 0 (a label that never occurs); objective10.h says what v_S is
// then. N = 0 makes every expected n_S 0.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace learner {

enum class FactorKind { kUnordered, kOrdered };
enum class CostNorm { kNone, kLogical, kExpected };

// "unordered" / "ordered"; "none" / "logical" / "expected". Anything else
// throws learner::UsageError naming the accepted values.
FactorKind parse_factor_kind(std::string_view text);
CostNorm parse_cost_norm(std::string_view text);
std::string_view to_string(FactorKind kind);
std::string_view to_string(CostNorm norm);

class CostFactors {
 public:
  static constexpr uint32_t kNoFactor = std::numeric_limits<uint32_t>::max();

  // Throws learner::Error for classes < 2 or more than 65536 classes.
  CostFactors(FactorKind kind, uint32_t classes);

  FactorKind kind() const { return kind_; }
  uint32_t classes() const { return k_; }
  // K (K - 1) / 2 or K (K - 1).
  uint32_t size() const { return size_; }
  // The factor of the mistake (truth, predicted); kNoFactor when they are
  // equal. Both must be < classes() (unchecked).
  uint32_t index(uint32_t truth, uint32_t predicted) const {
    if (truth == predicted) return kNoFactor;
    if (kind_ == FactorKind::kOrdered) return truth * (k_ - 1) + predicted - (predicted > truth ? 1 : 0);
    const uint32_t a = truth < predicted ? truth : predicted, b = truth < predicted ? predicted : truth;
    return a * k_ - a * (a + 1) / 2 + (b - a - 1);
  }
  // The pair of factor s: (a, b) with a < b for unordered factors, (truth,
  // predicted) for ordered ones. Throws learner::Error for s >= size().
  std::pair<uint32_t, uint32_t> pair(uint32_t s) const;

 private:
  FactorKind kind_;
  uint32_t k_, size_;
};

// n_S for every factor (size() values). `label_counts` has classes() entries,
// each finite and >= 0 (else learner::Error).
std::vector<double> normalisers(const CostFactors& factors, CostNorm norm, std::span<const double> label_counts);

}  // namespace learner
