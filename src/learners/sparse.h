// Private to src/learners: sparse vectors for the kernel perceptron and the
// kernel functions over them (kernel_perceptron.h states the kernels).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "learner/example.h"
#include "learner/learners/kernel_perceptron.h"

namespace learner::detail {

// A view of a sorted, merged sparse vector with its cached norms.
struct SparseView {
  const uint32_t* idx;
  const float* val;
  uint32_t n;
  double sq;  // sum v^2
  double l1;  // sum |v|
};

// One example's x made ready for the kernels: indices masked, duplicates
// summed, sorted, zeros dropped; the constant feature set apart as x0.
// Reuses its buffers (no allocation once they are large enough).
class PreparedVector {
 public:
  void prepare(const std::vector<Feature>& x, uint64_t mask);
  SparseView view() const { return {idx_.data(), val_.data(), static_cast<uint32_t>(idx_.size()), sq_, l1_}; }
  double x0() const { return x0_; }
  // False when a value or a norm is not finite.
  bool finite() const;

 private:
  std::vector<std::pair<uint32_t, double>> scratch_;
  std::vector<uint32_t> idx_;
  std::vector<float> val_;
  double sq_ = 0.0, l1_ = 0.0, x0_ = 0.0;
};

double dot(const SparseView& a, const SparseView& b);
double l1_distance(const SparseView& a, const SparseView& b);

struct KernelFunction {
  KernelKind kind;
  int degree;
  double coef0, gamma;
  double operator()(const SparseView& a, const SparseView& b) const;
};

}  // namespace learner::detail
