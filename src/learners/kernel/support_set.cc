#include "support_set.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "learner/error.h"

namespace learner::detail {

uint64_t SupportSet::add(const SparseView& v) {
  meta_.push_back(Meta{idx_.size(), v.n, v.sq, v.l1, v.x0});
  idx_.insert(idx_.end(), v.idx, v.idx + v.n);
  val_.insert(val_.end(), v.val, v.val + v.n);
  coef_.insert(coef_.end(), k_, 0.0f);
  sums_.insert(sums_.end(), k_, 0.0);
  return meta_.size() - 1;
}

void SupportSet::erase(uint64_t j) {
  dead_ += meta_[j].n;
  meta_.erase(meta_.begin() + static_cast<std::ptrdiff_t>(j));
  coef_.erase(coef_.begin() + static_cast<std::ptrdiff_t>(j * k_),
              coef_.begin() + static_cast<std::ptrdiff_t>((j + 1) * k_));
  sums_.erase(sums_.begin() + static_cast<std::ptrdiff_t>(j * k_),
              sums_.begin() + static_cast<std::ptrdiff_t>((j + 1) * k_));
  if (dead_ > idx_.size() - dead_) compact();
}

void SupportSet::compact() {
  // Live ranges are in increasing pool order (insertion order): slide down.
  uint64_t to = 0;
  for (Meta& m : meta_) {
    std::copy(idx_.begin() + m.begin, idx_.begin() + m.begin + m.n, idx_.begin() + to);
    std::copy(val_.begin() + m.begin, val_.begin() + m.begin + m.n, val_.begin() + to);
    m.begin = to;
    to += m.n;
  }
  idx_.resize(to);
  val_.resize(to);
  dead_ = 0;
}

void SupportSet::merge(uint64_t m, uint64_t n, double h, double wm, double wn) {
  const SparseView a = view(m), b = view(n);
  z_idx_.clear();
  z_val_.clear();
  double sq = 0.0, l1 = 0.0;
  auto put = [&](uint32_t index, double v) {
    const auto f = static_cast<float>(v);
    if (f == 0.0f) return;
    z_idx_.push_back(index);
    z_val_.push_back(f);
    sq += static_cast<double>(f) * f;
    l1 += std::fabs(f);
  };
  uint32_t i = 0, j = 0;
  while (i < a.n || j < b.n) {
    if (j == b.n || (i < a.n && a.idx[i] < b.idx[j])) {
      put(a.idx[i], h * a.val[i]);
      ++i;
    } else if (i == a.n || b.idx[j] < a.idx[i]) {
      put(b.idx[j], (1.0 - h) * b.val[j]);
      ++j;
    } else {
      put(a.idx[i], h * a.val[i] + (1.0 - h) * b.val[j]);
      ++i;
      ++j;
    }
  }
  const auto x0 = static_cast<float>(h * a.x0 + (1.0 - h) * b.x0);
  z_coef_.resize(k_);
  z_sums_.resize(k_);
  for (uint32_t c = 0; c < k_; ++c) {
    z_coef_[c] = static_cast<float>(wm * coef(m)[c] + wn * coef(n)[c]);
    z_sums_[c] = wm * sums(m)[c] + wn * sums(n)[c];
  }
  erase(std::max(m, n));
  erase(std::min(m, n));
  const uint64_t z = add(SparseView{z_idx_.data(), z_val_.data(), static_cast<uint32_t>(z_idx_.size()), sq, l1, x0});
  std::copy(z_coef_.begin(), z_coef_.end(), coef(z));
  std::copy(z_sums_.begin(), z_sums_.end(), sums(z));
}

uint64_t SupportSet::smallest() const {
  uint64_t best = 0;
  double best_size = std::numeric_limits<double>::infinity();
  for (uint64_t j = 0; j < meta_.size(); ++j) {
    double s = 0.0;
    for (uint32_t c = 0; c < k_; ++c) s = std::max(s, static_cast<double>(std::fabs(coef(j)[c])));
    if (s < best_size) {
      best_size = s;
      best = j;
    }
  }
  return best;
}

void SupportSet::clear() {
  idx_.clear();
  val_.clear();
  meta_.clear();
  coef_.clear();
  sums_.clear();
  dead_ = 0;
}

}  // namespace learner::detail

namespace learner::detail {

void SupportSet::save(ModelWriter& out, double steps) const {
  out.put<uint64_t>(meta_.size());
  for (uint64_t j = 0; j < meta_.size(); ++j) {
    const SparseView v = view(j);
    out.put<uint32_t>(v.n);
    out.put_bytes(v.idx, v.n * sizeof(uint32_t));
    out.put_bytes(v.val, v.n * sizeof(float));
    out.put<float>(v.x0);
    for (uint32_t c = 0; c < k_; ++c) out.put<float>(coef_at(j, c, steps));
  }
}

void SupportSet::save_sums(ModelWriter& out) const {
  out.put<uint64_t>(meta_.size());
  out.put_bytes(sums_.data(), sums_.size() * sizeof(double));
}

void SupportSet::load_sums(ModelReader& in) {
  if (in.get<uint64_t>() != meta_.size()) throw Error(in.path() + ": corrupt averaging sums");
  in.get_bytes(sums_.data(), sums_.size() * sizeof(double));
  for (double u : sums_)
    if (!std::isfinite(u)) throw Error(in.path() + ": non-finite averaging sum");
}

void SupportSet::load(ModelReader& in, uint64_t mask, uint64_t max_size) {
  clear();
  const uint64_t count = in.get_count(max_size, "support vectors");
  auto corrupt = [&in](const char* what) { throw Error(in.path() + ": corrupt support vector (" + what + ")"); };
  for (uint64_t j = 0; j < count; ++j) {
    const auto n = in.get<uint32_t>();
    if (n > mask + 1) corrupt("length");
    Meta m{idx_.size(), n, 0.0, 0.0, 0.0f};
    // Grows with the data actually read, so a corrupt count fails at the end
    // of the file rather than in a huge allocation.
    idx_.resize(m.begin + n);
    val_.resize(m.begin + n);
    in.get_bytes(idx_.data() + m.begin, n * sizeof(uint32_t));
    in.get_bytes(val_.data() + m.begin, n * sizeof(float));
    for (uint32_t i = 0; i < n; ++i) {
      const uint32_t index = idx_[m.begin + i];
      const float v = val_[m.begin + i];
      if (index > mask || (i > 0 && index <= idx_[m.begin + i - 1])) corrupt("index");
      if (!std::isfinite(v)) corrupt("value");
      m.sq += static_cast<double>(v) * v;
      m.l1 += std::fabs(v);
    }
    m.x0 = in.get<float>();
    if (!std::isfinite(m.x0)) corrupt("constant");
    meta_.push_back(m);
    coef_.resize(coef_.size() + k_);
    sums_.resize(sums_.size() + k_, 0.0);
    in.get_bytes(coef(j), k_ * sizeof(float));
    for (uint32_t c = 0; c < k_; ++c)
      if (!std::isfinite(coef(j)[c])) corrupt("coefficient");
  }
}

}  // namespace learner::detail
