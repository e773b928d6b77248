// The limited-memory BFGS direction (Nocedal & Wright, "Numerical
// Optimization", 2nd ed., section 7.2): from the last m pairs
//   s_k = x_{k+1} - x_k,  y_k = g_{k+1} - g_k
// the two-loop recursion (Algorithm 7.4) computes r = H_k g without forming
// H_k; the initial matrix is H_k^0 = gamma_k D with D a fixed positive
// diagonal (a preconditioner) and gamma_k = s.y / (y.D y), the diagonal form
// of the scaling of eq. (7.20).
//
// Contract:
//  * push() keeps a pair only when s.y > 0 (the curvature condition, eq.
//    6.7, which keeps H_k positive definite); it returns whether it did. The
//    oldest pair leaves when m pairs are held.
//  * With no pair held, apply() returns D g.
//  * Vectors all have the length given to the constructor.
#pragma once

#include <cstddef>
#include <vector>

#include <Eigen/Core>

namespace learner {

class LbfgsMemory {
 public:
  // m >= 1 pairs of vectors of length n.
  LbfgsMemory(std::size_t m, std::size_t n);

  bool push(const Eigen::VectorXd& s, const Eigen::VectorXd& y);
  // r = H g (the search direction is -r).
  void apply(const Eigen::VectorXd& g, const Eigen::VectorXd& diagonal, Eigen::VectorXd& r) const;
  std::size_t size() const { return count_; }
  void clear() { count_ = 0; }

 private:
  // Pair i (0 = newest) lives at ring position (newest_ + m - i) % m.
  std::size_t at(std::size_t i) const { return (newest_ + s_.size() - i) % s_.size(); }
  std::vector<Eigen::VectorXd> s_, y_;
  std::vector<double> rho_;            // 1 / (y.s) per ring position
  mutable std::vector<double> alpha_;  // the first loop's coefficients, newest first
  std::size_t newest_ = 0, count_ = 0;
};

}  // namespace learner
