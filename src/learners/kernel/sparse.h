// Private to src/learners: sparse vectors for the kernel perceptron and the
// kernel functions over them (kernel_perceptron.h states the kernels).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "learner/example.h"
#include "kernel_perceptron.h"

namespace learner::detail {

// A view of a sorted, merged sparse vector with its cached norms.
struct SparseView {
  const uint32_t* idx;
  const float* val;
  uint32_t n;
  double sq;  // sum v^2
  double l1;  // sum |v|
  float x0;   // the constant feature's value (kept out of idx/val)
};

// One example's x made ready for the kernels: indices masked, duplicates
// summed, sorted, zeros dropped; the constant feature set apart as x0.
// Reuses its buffers (no allocation once they are large enough).
class PreparedVector {
 public:
  void prepare(const std::vector<Feature>& x, uint64_t mask);
  SparseView view() const {
    return {idx_.data(), val_.data(), static_cast<uint32_t>(idx_.size()), sq_, l1_, x0_};
  }
  // False when a value or a norm is not finite.
  bool finite() const;

 private:
  std::vector<std::pair<uint32_t, double>> scratch_;
  std::vector<uint32_t> idx_;
  std::vector<float> val_;
  double sq_ = 0.0, l1_ = 0.0;
  float x0_ = 0.0f;
};

double dot(const SparseView& a, const SparseView& b);
double l1_distance(const SparseView& a, const SparseView& b);

// k(a, b) on the non-constant features, plus a.x0 b.x0 (the bias term of
// kernel_perceptron.h). May be infinite or NaN when the parameters or the
// values are extreme (poly overflows); callers check (kernel_learner.h).
struct KernelFunction {
  KernelKind kind;
  int degree;
  double coef0, gamma;
  double operator()(const SparseView& a, const SparseView& b) const;
  // k from the pair's geometry, without the bias term: <a,b>, |a-b|^2 and
  // |a-b|_1 (each kernel reads the one it needs: linear and poly <a,b>, rbf
  // |a-b|^2, laplacian |a-b|_1).
  double of(double dot, double dist2, double l1) const;
};

}  // namespace learner::detail
