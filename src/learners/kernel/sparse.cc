#include "sparse.h"

#include <algorithm>
#include <cmath>

#include "learner/parse/hash.h"

namespace learner::detail {

void PreparedVector::prepare(const std::vector<Feature>& x, uint64_t mask) {
  scratch_.clear();
  double x0 = 0.0;
  for (const Feature& f : x) {
    if (f.index == kConstantIndex)
      x0 += f.value;
    else
      scratch_.emplace_back(static_cast<uint32_t>(f.index & mask), f.value);
  }
  std::sort(scratch_.begin(), scratch_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  x0_ = static_cast<float>(x0);
  idx_.clear();
  val_.clear();
  sq_ = l1_ = 0.0;
  for (std::size_t i = 0; i < scratch_.size();) {
    const uint32_t index = scratch_[i].first;
    double v = 0.0;
    for (; i < scratch_.size() && scratch_[i].first == index; ++i) v += scratch_[i].second;
    const float fv = static_cast<float>(v);
    if (fv == 0.0f) continue;
    idx_.push_back(index);
    val_.push_back(fv);
    sq_ += static_cast<double>(fv) * fv;
    l1_ += std::fabs(fv);
  }
}

bool PreparedVector::finite() const { return std::isfinite(sq_) && std::isfinite(l1_) && std::isfinite(x0_); }

double dot(const SparseView& a, const SparseView& b) {
  double s = 0.0;
  uint32_t i = 0, j = 0;
  while (i < a.n && j < b.n) {
    if (a.idx[i] < b.idx[j]) {
      ++i;
    } else if (b.idx[j] < a.idx[i]) {
      ++j;
    } else {
      s += static_cast<double>(a.val[i++]) * b.val[j++];
    }
  }
  return s;
}

double l1_distance(const SparseView& a, const SparseView& b) {
  // |a| + |b| corrected on the common indices: |a_i - b_i| - |a_i| - |b_i|.
  double s = a.l1 + b.l1;
  uint32_t i = 0, j = 0;
  while (i < a.n && j < b.n) {
    if (a.idx[i] < b.idx[j]) {
      ++i;
    } else if (b.idx[j] < a.idx[i]) {
      ++j;
    } else {
      const double u = a.val[i++], v = b.val[j++];
      s += std::fabs(u - v) - std::fabs(u) - std::fabs(v);
    }
  }
  return std::max(s, 0.0);
}

double KernelFunction::of(double dot_ab, double dist2, double l1) const {
  switch (kind) {
    case KernelKind::kLinear:
      return dot_ab;
    case KernelKind::kPoly: {
      const double base = gamma * dot_ab + coef0;
      double r = 1.0;
      for (int d = 0; d < degree; ++d) r *= base;
      return r;
    }
    case KernelKind::kRbf:
      return std::exp(-gamma * dist2);
    case KernelKind::kLaplacian:
      return std::exp(-gamma * l1);
  }
  return 0.0;
}

double KernelFunction::operator()(const SparseView& a, const SparseView& b) const {
  const double bias = static_cast<double>(a.x0) * b.x0;
  if (kind == KernelKind::kLaplacian) return bias + of(0.0, 0.0, l1_distance(a, b));
  const double d = dot(a, b);
  return bias + of(d, kind == KernelKind::kRbf ? std::max(a.sq + b.sq - 2.0 * d, 0.0) : 0.0, 0.0);
}

}  // namespace learner::detail
