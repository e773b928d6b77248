// The nonlinear conjugate-gradient direction with a diagonal preconditioner
// D (Nocedal & Wright, "Numerical Optimization", 2nd ed., section 5.2):
// Polak-Ribiere with the non-negativity restart, "PR+" (eq. 5.45), in its
// preconditioned form (eq. 5.44 with the inner product of D):
//   beta = max(0, g_new.D (g_new - g_old) / g_old.D g_old)
//   d_new = -D g_new + beta d_old
// beta is 0 (steepest descent in the metric of D) when g_old.D g_old is 0 or
// the ratio is not finite.
#pragma once

#include <Eigen/Core>

namespace learner {

double polak_ribiere_plus(const Eigen::VectorXd& g_new, const Eigen::VectorXd& g_old,
                          const Eigen::VectorXd& diagonal);

// d = -D g + beta d (in place).
void conjugate_direction(const Eigen::VectorXd& g, const Eigen::VectorXd& diagonal, double beta, Eigen::VectorXd& d);

}  // namespace learner
