// The pairwise (BPR) term that learner-topn --loss gramian can add to the
// whole-catalogue loss (gramian.h, --pairwise W): for each positive (u, i) and
// each of its sampled negatives j (--negatives K, drawn uniformly from the items
// u has no positive with, afresh each sweep),
//   W * log(1 + exp(-(p_ui - p_uj)))        (Rendle et al. 2009's BPR-Opt term)
// with p = a_u . b (gramian.h's rows: a_u = [x_u, beta_u, 1], b = [y, 1, gamma]).
// The Gramian term then acts as a whole-catalogue regulariser of the pairwise
// loss (every unobserved pair pulled toward 0), the pairwise term sharpens the
// order of a user's positives against the items it has not got.
//
// These are the term's value and gradient for one triple, on the rows as they
// are (`k` latent dimensions).
#pragma once

#include <Eigen/Dense>

namespace learner::topn {

// log(1 + exp(-(a.bi - a.bj))), computed without overflow for any margin.
double pairwise_logistic(const Eigen::RowVectorXd& a, const Eigen::RowVectorXd& bi, const Eigen::RowVectorXd& bj);

// Adds weight * the gradient of pairwise_logistic for a, bi and bj to ga, gbi
// and gbj (same sizes, k + 2), then sets their constant coordinates (a's k + 1,
// the items' k) to 0, as the weights there are fixed. Any output may be null.
void add_pairwise_gradient(double weight, const Eigen::RowVectorXd& a, const Eigen::RowVectorXd& bi,
                           const Eigen::RowVectorXd& bj, unsigned k, Eigen::RowVectorXd* ga, Eigen::RowVectorXd* gbi,
                           Eigen::RowVectorXd* gbj);

}  // namespace learner::topn
