#include "learner/learners/struct_svm/cost_factors.h"

#include <algorithm>
#include <cmath>

#include "learner/error.h"

namespace learner {

FactorKind parse_factor_kind(std::string_view text) {
  if (text == "unordered") return FactorKind::kUnordered;
  if (text == "ordered") return FactorKind::kOrdered;
  throw UsageError("unknown cost factor type '" + std::string(text) + "' (expected unordered or ordered)");
}

CostNorm parse_cost_norm(std::string_view text) {
  if (text == "none") return CostNorm::kNone;
  if (text == "logical") return CostNorm::kLogical;
  if (text == "expected") return CostNorm::kExpected;
  throw UsageError("unknown cost normaliser '" + std::string(text) + "' (expected none, logical or expected)");
}

std::string_view to_string(FactorKind kind) { return kind == FactorKind::kOrdered ? "ordered" : "unordered"; }

std::string_view to_string(CostNorm norm) {
  switch (norm) {
    case CostNorm::kNone:
      return "none";
    case CostNorm::kLogical:
      return "logical";
    case CostNorm::kExpected:
      return "expected";
  }
  return "none";
}

CostFactors::CostFactors(FactorKind kind, uint32_t classes) : kind_(kind), k_(classes) {
  if (classes < 2 || classes > 65536)
    throw Error("cost factors need 2..65536 classes, not " + std::to_string(classes));
  const uint64_t n = kind == FactorKind::kOrdered ? uint64_t{classes} * (classes - 1)
                                                  : uint64_t{classes} * (classes - 1) / 2;
  if (n >= kNoFactor) throw Error("too many cost factors for " + std::to_string(classes) + " classes");
  size_ = static_cast<uint32_t>(n);
}

std::pair<uint32_t, uint32_t> CostFactors::pair(uint32_t s) const {
  if (s >= size_) throw Error("cost factor " + std::to_string(s) + " out of range (" + std::to_string(size_) + ")");
  if (kind_ == FactorKind::kOrdered) {
    const uint32_t truth = s / (k_ - 1), r = s % (k_ - 1);
    return {truth, r < truth ? r : r + 1};
  }
  // Row a of the strict upper triangle holds K - 1 - a factors.
  uint32_t a = 0;
  while (s >= k_ - 1 - a) {
    s -= k_ - 1 - a;
    ++a;
  }
  return {a, a + 1 + s};
}

std::vector<double> normalisers(const CostFactors& factors, CostNorm norm, std::span<const double> label_counts) {
  if (label_counts.size() != factors.classes())
    throw Error("cost normalisers: " + std::to_string(label_counts.size()) + " label counts for " +
                std::to_string(factors.classes()) + " classes");
  double total = 0.0;
  for (double c : label_counts) {
    if (!(std::isfinite(c) && c >= 0.0)) throw Error("cost normalisers: a label count is negative or not finite");
    total += c;
  }
  std::vector<double> n(factors.size(), 1.0);
  if (norm == CostNorm::kNone) return n;
  const bool ordered = factors.kind() == FactorKind::kOrdered;
  const uint32_t k = factors.classes();
  for (uint32_t a = 0; a < k; ++a)
    for (uint32_t b = ordered ? 0 : a + 1; b < k; ++b) {
      if (a == b) continue;
      const double na = label_counts[a], nb = label_counts[b];
      double& out = n[factors.index(a, b)];
      if (norm == CostNorm::kLogical)
        out = ordered ? na : std::max(na, nb);
      else
        out = total > 0.0 ? (ordered ? 1.0 : 2.0) * na * nb / total : 0.0;
    }
  return n;
}

}  // namespace learner
