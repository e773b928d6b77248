// Private to src/learners: the kernel perceptron's support vectors in one
// flat pool (indices, values) with per-vector norms and K coefficients each,
// in insertion order (position 0 is the oldest). erase() marks the pool
// range dead and compacts the pool once dead entries outnumber live ones, so
// eviction is amortised O(pool / N) and a budgeted set stops allocating once
// its buffers have grown.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "learner/model/model_file.h"
#include "sparse.h"

namespace learner::detail {

class SupportSet {
 public:
  explicit SupportSet(uint32_t sub_models) : k_(sub_models) {}

  uint64_t size() const { return meta_.size(); }
  uint32_t sub_models() const { return k_; }
  SparseView view(uint64_t j) const {
    const Meta& m = meta_[j];
    return {idx_.data() + m.begin, val_.data() + m.begin, m.n, m.sq, m.l1, m.x0};
  }
  float* coef(uint64_t j) { return coef_.data() + j * k_; }
  const float* coef(uint64_t j) const { return coef_.data() + j * k_; }
  // Averaging sums u (kernel_perceptron.h), parallel to the coefficients.
  double* sums(uint64_t j) { return sums_.data() + j * k_; }
  const double* sums(uint64_t j) const { return sums_.data() + j * k_; }
  // a_j[c], or the average a - u / steps when steps > 0, rounded to float.
  float coef_at(uint64_t j, uint32_t c, double steps) const {
    return steps > 0.0 ? static_cast<float>(coef(j)[c] - sums(j)[c] / steps) : coef(j)[c];
  }

  // Appends a copy of v with zero coefficients; returns its position.
  uint64_t add(const SparseView& v);
  // Removes vector j; later positions shift down by one.
  void erase(uint64_t j);
  // Replaces vectors m != n by z = h x_m + (1 - h) x_n (zeros dropped),
  // appended as the newest, with coefficients wm a_m + wn a_n and sums
  // wm u_m + wn u_n (budget_merge.h). Positions after m and n shift down.
  void merge(uint64_t m, uint64_t n, double h, double wm, double wn);
  // argmin_j max_c |a_j[c]| (0 when empty).
  uint64_t smallest() const;
  void clear();

  // Section payload: u64 N, then per vector u32 n, n u32 indices, n floats,
  // float x0, K float coefficients (coef_at(j, c, steps)). load() replaces the set
  // (sums 0) and throws learner::Error for an index >= 2^bits, unsorted
  // indices or a non-finite number.
  void save(ModelWriter& out, double steps) const;
  void load(ModelReader& in, uint64_t mask, uint64_t max_size);
  // The sums: N K doubles, N having to be size().
  void save_sums(ModelWriter& out) const;
  void load_sums(ModelReader& in);
  void clear_sums() { std::fill(sums_.begin(), sums_.end(), 0.0); }

 private:
  struct Meta {
    uint64_t begin;
    uint32_t n;
    double sq, l1;
    float x0;
  };
  void compact();

  uint32_t k_;
  std::vector<uint32_t> idx_;
  std::vector<float> val_;
  std::vector<Meta> meta_;
  std::vector<float> coef_;
  std::vector<double> sums_;
  uint64_t dead_ = 0;
  // merge()'s z, built before m and n go (reused: no allocation once grown).
  std::vector<uint32_t> z_idx_;
  std::vector<float> z_val_, z_coef_;
  std::vector<double> z_sums_;
};

}  // namespace learner::detail
