#include "lbfgs.h"

#include "learner/error.h"

namespace learner {

LbfgsMemory::LbfgsMemory(std::size_t m, std::size_t n) : s_(m), y_(m), rho_(m, 0.0), alpha_(m, 0.0) {
  if (m == 0) throw Error("L-BFGS needs at least one stored pair (--mem >= 1)");
  for (std::size_t i = 0; i < m; ++i) {
    s_[i] = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(n));
    y_[i] = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(n));
  }
  newest_ = m - 1;
}

bool LbfgsMemory::push(const Eigen::VectorXd& s, const Eigen::VectorXd& y) {
  const double sy = s.dot(y);
  if (!(sy > 0.0)) return false;
  newest_ = (newest_ + 1) % s_.size();
  s_[newest_] = s;
  y_[newest_] = y;
  rho_[newest_] = 1.0 / sy;
  if (count_ < s_.size()) ++count_;
  return true;
}

// Algorithm 7.4: q = g; newest to oldest: alpha_i = rho_i s_i.q, q -= alpha_i
// y_i; r = H0 q; oldest to newest: beta = rho_i y_i.r, r += s_i (alpha_i - beta).
void LbfgsMemory::apply(const Eigen::VectorXd& g, const Eigen::VectorXd& diagonal, Eigen::VectorXd& r) const {
  if (count_ == 0) {
    r = diagonal.cwiseProduct(g);
    return;
  }
  Eigen::VectorXd q = g;
  for (std::size_t i = 0; i < count_; ++i) {
    const std::size_t k = at(i);
    alpha_[i] = rho_[k] * s_[k].dot(q);
    q -= alpha_[i] * y_[k];
  }
  const Eigen::VectorXd& y = y_[at(0)];
  const double yDy = y.dot(diagonal.cwiseProduct(y));
  const double gamma = yDy > 0.0 ? 1.0 / (rho_[at(0)] * yDy) : 1.0;  // s.y / y.D y
  r = gamma * diagonal.cwiseProduct(q);
  for (std::size_t i = count_; i-- > 0;) {
    const std::size_t k = at(i);
    const double beta = rho_[k] * y_[k].dot(r);
    r += (alpha_[i] - beta) * s_[k];
  }
}

}  // namespace learner
