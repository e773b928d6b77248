// One posterior sample of learner/bayes/bpmf.h's model, as far as prediction needs it, and the
// prediction it makes. The sampler (Bpmf::predict), the mean over kept samples
// (learner/bayes/sample_mean.h) and a model loaded from a file (learner/bayes/model_file.h) all
// predict through sample_prediction(), so a saved sample predicts exactly what it predicted
// while sampling.
#pragma once

#include <Eigen/Dense>
#include <cstdint>

namespace learner::bayes {

// One side of the dyad (users or items) in one sample; d = rank + 1, k = rank.
struct SideSample {
  Eigen::MatrixXd vectors;  // d x n: row 0 the bias, rows 1..k the latent vector
  // k x n: the implicit-feedback sum added to each latent vector (--implicit for users,
  // --flipped for items); 0 x 0 without implicit feedback on this side.
  Eigen::MatrixXd implied;
  // d: the mean of the side's prior N(mu, Lambda^-1) in this sample (its hyper-parameter).
  Eigen::VectorXd mu;

  std::size_t size() const { return static_cast<std::size_t>(vectors.cols()); }
  bool has_implicit() const { return implied.size() != 0; }
};

// mu + b + c + (U + z) . (V + w) for the pair (user, item), unclipped. An id not below its
// side's size (an id unseen in training) takes the prior mean of its side for (bias, latent
// vector), with no implicit sum: under the model a new id's vector is drawn from N(mu,
// Lambda^-1), so that is its posterior mean, and a new user on a new item gets about the
// global mean.
inline double sample_prediction(double global_mean, const SideSample& users, const SideSample& items,
                                std::uint32_t user, std::uint32_t item) {
  using Vector = Eigen::Map<const Eigen::VectorXd>;
  const Eigen::Index k = users.vectors.rows() - 1;
  const bool known_user = user < users.size(), known_item = item < items.size();
  const double* u = known_user ? users.vectors.col(static_cast<Eigen::Index>(user)).data() : users.mu.data();
  const double* v = known_item ? items.vectors.col(static_cast<Eigen::Index>(item)).data() : items.mu.data();
  double p = global_mean + u[0] + v[0];
  const Vector ul(u + 1, k), vl(v + 1, k);
  // (U_u + z_u) . (V_i + w_i), term by term (no temporary vector).
  p += ul.dot(vl);
  const bool user_sum = known_user && users.has_implicit(), item_sum = known_item && items.has_implicit();
  if (user_sum) p += users.implied.col(static_cast<Eigen::Index>(user)).dot(vl);
  if (item_sum) p += items.implied.col(static_cast<Eigen::Index>(item)).dot(ul);
  if (user_sum && item_sum)
    p += users.implied.col(static_cast<Eigen::Index>(user)).dot(items.implied.col(static_cast<Eigen::Index>(item)));
  return p;
}

}  // namespace learner::bayes
