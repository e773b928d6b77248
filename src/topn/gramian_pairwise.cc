// The pairwise term of the Gramian loss: learner/topn/gramian_pairwise.h.
#include "learner/topn/gramian_pairwise.h"

#include <cmath>

namespace learner::topn {

double pairwise_logistic(const Eigen::RowVectorXd& a, const Eigen::RowVectorXd& bi, const Eigen::RowVectorXd& bj) {
  const double d = a.dot(bi) - a.dot(bj);
  // log(1 + e^-d) = max(-d, 0) + log1p(e^-|d|)
  return std::fmax(-d, 0.0) + std::log1p(std::exp(-std::fabs(d)));
}

void add_pairwise_gradient(double weight, const Eigen::RowVectorXd& a, const Eigen::RowVectorXd& bi,
                           const Eigen::RowVectorXd& bj, unsigned k, Eigen::RowVectorXd* ga, Eigen::RowVectorXd* gbi,
                           Eigen::RowVectorXd* gbj) {
  const double d = a.dot(bi) - a.dot(bj);
  // d/dd log(1 + e^-d) = -sigma(-d) = -1 / (1 + e^d), in a form that never overflows.
  const double s = d >= 0 ? std::exp(-d) / (1.0 + std::exp(-d)) : 1.0 / (1.0 + std::exp(d));
  const double g = -weight * s;
  if (ga) {
    ga->noalias() += g * (bi - bj);
    (*ga)[k + 1] = 0.0;  // the user row's constant 1
  }
  if (gbi) {
    gbi->noalias() += g * a;
    (*gbi)[k] = 0.0;  // the item row's constant 1
  }
  if (gbj) {
    gbj->noalias() -= g * a;
    (*gbj)[k] = 0.0;
  }
}

}  // namespace learner::topn
