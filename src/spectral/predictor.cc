#include "learner/spectral/predictor.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace learner::spectral {

SpectralPredictor::SpectralPredictor(const RatingSet& train, const SpectralOptions& options)
    : options_(options), levels_(train.levels), n_users_(train.n_users), n_items_(train.n_items) {
  if (options.rank < 1) throw std::invalid_argument("rank must be at least 1");
  if (options.order < 0) throw std::invalid_argument("order must be >= 0");
  if (!(options.ridge >= 0.0)) throw std::invalid_argument("ridge must be >= 0");
  if (!(options.filter.drop >= 0.0 && options.filter.drop <= 1.0)) throw std::invalid_argument("drop must be in [0, 1]");
  if (train.entries.empty() || levels_.empty()) throw std::invalid_argument("no training ratings");
  if (options.orientation == Orientation::kItemRows && options.query_one == QueryOne::kOff)
    throw std::invalid_argument("item rows need the query 1 (else S does not depend on the item)");

  omega_ = build_event_matrices(train, options.orientation, options.filter);
  for (const EventMatrix& m : omega_) {
    svds_.push_back(options.dense_svd ? truncated_svd_dense(m, options.rank) : truncated_svd_lanczos(m, options.rank));
    projected_.push_back((m.transpose() * svds_.back().left).transpose());
  }

  std::vector<std::vector<const Entry*>> by_user(n_users_);
  user_mean_.assign(n_users_, 0.0);
  for (const Entry& e : train.entries) {
    by_user[e.user].push_back(&e);
    user_mean_[e.user] += levels_[e.level];
    global_mean_ += levels_[e.level];
  }
  global_mean_ /= static_cast<double>(train.entries.size());
  theta_.resize(n_users_);
  for (std::size_t u = 0; u < n_users_; ++u) {
    const auto& mine = by_user[u];
    if (mine.empty()) continue;
    user_mean_[u] /= static_cast<double>(mine.size());
    for (std::size_t k = 0; k < levels_.size(); ++k) {
      const Eigen::Index eta = svds_[k].sigma.size();
      Eigen::MatrixXd s(static_cast<Eigen::Index>(mine.size()), eta);
      Eigen::VectorXd y(static_cast<Eigen::Index>(mine.size()));
      for (std::size_t r = 0; r < mine.size(); ++r) {
        s.row(static_cast<Eigen::Index>(r)) = factors(static_cast<std::uint32_t>(u), mine[r]->item, k).transpose();
        y[static_cast<Eigen::Index>(r)] = mine[r]->level == k ? 1.0 : 0.0;
      }
      theta_[u].push_back(std::make_unique<PolynomialFit>(s, y, options.order, options.basis, options.ridge));
    }
  }
}

Eigen::VectorXd SpectralPredictor::factors(std::uint32_t user, std::uint32_t item, std::size_t k) const {
  const bool item_rows = options_.orientation == Orientation::kItemRows;
  const std::uint32_t col = item_rows ? user : item, row = item_rows ? item : user;
  const TruncatedSvd& svd = svds_[k];
  Eigen::VectorXd w = projected_[k].col(col);
  const bool add = options_.query_one == QueryOne::kAdd ||
                   (options_.query_one == QueryOne::kSet && omega_[k].coeff(row, col) == 0.0);
  if (add) w += svd.left.row(row).transpose();
  return svd.sigma.array().sqrt().matrix().cwiseProduct(w);
}

std::vector<double> SpectralPredictor::likelihoods(std::uint32_t user, std::uint32_t item) const {
  std::vector<double> theta(levels_.size());
  for (std::size_t k = 0; k < levels_.size(); ++k) {
    const Eigen::VectorXd s = factors(user, item, k);
    theta[k] = std::clamp((*theta_[user][k])(std::span<const double>(s.data(), static_cast<std::size_t>(s.size()))), 0.0, 1.0);
  }
  return theta;
}

double SpectralPredictor::predict(std::uint32_t user, std::uint32_t item) const {
  if (user >= n_users_ || theta_[user].empty()) {
    ++fallbacks_;
    return global_mean_;
  }
  if (item >= n_items_) {
    ++fallbacks_;
    return user_mean_[user];
  }
  const std::vector<double> theta = likelihoods(user, item);
  double num = 0.0, den = 0.0;
  for (std::size_t k = 0; k < theta.size(); ++k) {
    num += levels_[k] * theta[k];
    den += theta[k];
  }
  return den > 0.0 ? num / den : user_mean_[user];
}

}  // namespace learner::spectral
