#include "conjugate_gradient.h"

#include <algorithm>
#include <cmath>

namespace learner {

double polak_ribiere_plus(const Eigen::VectorXd& g_new, const Eigen::VectorXd& g_old,
                          const Eigen::VectorXd& diagonal) {
  const double denominator = g_old.dot(diagonal.cwiseProduct(g_old));
  if (!(denominator > 0.0)) return 0.0;
  const double beta = g_new.dot(diagonal.cwiseProduct(g_new - g_old)) / denominator;
  return std::isfinite(beta) ? std::max(0.0, beta) : 0.0;
}

void conjugate_direction(const Eigen::VectorXd& g, const Eigen::VectorXd& diagonal, double beta, Eigen::VectorXd& d) {
  d = beta * d - diagonal.cwiseProduct(g);
}

}  // namespace learner
