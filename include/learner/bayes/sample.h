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

  std::size_t size() const { return static_cast<std::size_t>(vectors.cols()); }
  bool has_implicit() const { return implied.size() != 0; }
};

// mu + b + c + (U + z) . (V + w) for the pair (user, item), unclipped. An id not below its
// side's size (an id unseen in training) contributes nothing: its bias and vector count as 0,
// so a new user on a new item gets the global mean (the training mean). (The side's prior mean
// would be the textbook choice; on MovieLens 100K with a tenth of the users, or of the items,
// held out it predicted their ratings worse: RMSE 0.9675 against 0.9603 for users, 1.1458
// against 1.1092 for items. docs/ratings-quality.md, "A sampler".)
inline double sample_prediction(double global_mean, const SideSample& users, const SideSample& items,
                                std::uint32_t user, std::uint32_t item) {
  const bool known_user = user < users.size(), known_item = item < items.size();
  double p = global_mean;
  if (known_user) p += users.vectors(0, static_cast<Eigen::Index>(user));
  if (known_item) p += items.vectors(0, static_cast<Eigen::Index>(item));
  if (!(known_user && known_item)) return p;
  const Eigen::Index k = users.vectors.rows() - 1;
  const auto u = users.vectors.col(static_cast<Eigen::Index>(user)).tail(k);
  const auto v = items.vectors.col(static_cast<Eigen::Index>(item)).tail(k);
  // (U_u + z_u) . (V_i + w_i), term by term (no temporary vector).
  p += u.dot(v);
  if (users.has_implicit()) p += users.implied.col(static_cast<Eigen::Index>(user)).dot(v);
  if (items.has_implicit()) p += items.implied.col(static_cast<Eigen::Index>(item)).dot(u);
  if (users.has_implicit() && items.has_implicit())
    p += users.implied.col(static_cast<Eigen::Index>(user)).dot(items.implied.col(static_cast<Eigen::Index>(item)));
  return p;
}

}  // namespace learner::bayes
