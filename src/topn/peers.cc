#include "learner/topn/peers.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

#include "learner/error.h"
#include "learner/topn/sampler.h"

namespace learner::topn {

PopularityScorer::PopularityScorer(const UserItems& train) : count_(train.items_count(), 0.0f) {
  for (uint32_t u = 0; u < train.users(); ++u)
    for (const uint32_t i : train.items(u)) count_[i] += 1.0f;
}

void PopularityScorer::score(uint32_t, std::span<float> out) const { std::copy(count_.begin(), count_.end(), out.begin()); }

ItemKnnScorer::ItemKnnScorer(const UserItems& train, unsigned neighbours)
    : train_(train), n_items_(train.items_count()), k_(neighbours) {
  if (neighbours == 0) throw UsageError("--neighbours must be at least 1");
  if (n_items_ > kMaxItems) throw UsageError("item-kNN takes at most 20000 items");
  k_ = static_cast<unsigned>(std::min<std::size_t>(k_, n_items_ > 0 ? n_items_ - 1 : 0));
  std::vector<uint32_t> co(n_items_ * n_items_, 0);
  std::vector<float> users_of(n_items_, 0.0f);
  for (uint32_t u = 0; u < train.users(); ++u) {
    const auto row = train.items(u);
    for (const uint32_t i : row) {
      users_of[i] += 1.0f;
      uint32_t* line = &co[std::size_t{i} * n_items_];
      for (const uint32_t j : row) ++line[j];
    }
  }
  neighbours_.assign(n_items_ * k_, Neighbour{0, 0.0f});
  std::vector<Neighbour> cand;
  cand.reserve(n_items_);
  for (uint32_t i = 0; i < n_items_; ++i) {
    cand.clear();
    for (uint32_t j = 0; j < n_items_; ++j) {
      const uint32_t c = co[std::size_t{i} * n_items_ + j];
      if (j == i || c == 0) continue;
      cand.push_back({j, static_cast<float>(c / std::sqrt(static_cast<double>(users_of[i]) * users_of[j]))});
    }
    const auto better = [](const Neighbour& a, const Neighbour& b) {
      return a.sim > b.sim || (a.sim == b.sim && a.item < b.item);
    };
    const std::size_t keep = std::min<std::size_t>(k_, cand.size());
    std::partial_sort(cand.begin(), cand.begin() + static_cast<std::ptrdiff_t>(keep), cand.end(), better);
    std::copy(cand.begin(), cand.begin() + static_cast<std::ptrdiff_t>(keep), neighbours_.begin() + std::size_t{i} * k_);
  }
}

void ItemKnnScorer::score(uint32_t user, std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  for (const uint32_t j : train_.items(user)) {
    const Neighbour* nb = &neighbours_[std::size_t{j} * k_];
    for (unsigned q = 0; q < k_; ++q) out[nb[q].item] += nb[q].sim;
  }
}

namespace {

using DenseRows = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// One half-step of ALS: the rows of X given Y, each row's items in `rows`.
void solve_side(const UserItems& rows, std::size_t n_rows, const DenseRows& Y, double alpha, double reg, DenseRows& X) {
  const Eigen::Index k = Y.cols();
  const Eigen::MatrixXd YtY = Y.transpose() * Y;
  Eigen::MatrixXd A(k, k);
  Eigen::VectorXd b(k);
  for (uint32_t r = 0; r < n_rows; ++r) {
    A = YtY;
    A.diagonal().array() += reg;
    b.setZero();
    for (const uint32_t i : rows.items(r)) {
      const auto y = Y.row(i).transpose();
      A.noalias() += alpha * y * y.transpose();
      b.noalias() += (1.0 + alpha) * y;
    }
    X.row(r) = A.llt().solve(b).transpose();
  }
}

}  // namespace

Factors train_ials(const UserItems& train, const IdMap& users, const IdMap& items, const IalsOptions& o) {
  if (o.rank < 1 || o.rank > 512) throw UsageError("--rank must be between 1 and 512");
  if (o.iterations < 1 || o.iterations > 1000) throw UsageError("--iterations must be between 1 and 1000");
  if (!(o.alpha >= 0 && o.alpha <= 1e6)) throw UsageError("--confidence must be in [0, 1e6]");
  if (!(o.reg > 0 && o.reg <= 1e6)) throw UsageError("--reg must be in (0, 1e6]");
  if (!(o.init >= 0 && o.init <= 10)) throw UsageError("--init must be in [0, 10]");
  const std::size_t nu = train.users(), ni = train.items_count();
  // The transpose: each item's users.
  std::vector<Interaction> flipped;
  flipped.reserve(train.pairs());
  for (uint32_t u = 0; u < nu; ++u)
    for (const uint32_t i : train.items(u)) flipped.push_back({i, u, 1.0f, 0.0});
  const UserItems by_item(ni, nu, flipped);
  DenseRows X(nu, o.rank), Y(ni, o.rank);
  SplitMix rng(o.seed);
  for (Eigen::Index r = 0; r < Y.rows(); ++r)
    for (Eigen::Index j = 0; j < Y.cols(); ++j) Y(r, j) = o.init * (2.0 * rng.uniform() - 1.0);
  X.setZero();
  for (unsigned it = 0; it < o.iterations; ++it) {
    solve_side(train, nu, Y, o.alpha, o.reg, X);
    solve_side(by_item, ni, X, o.alpha, o.reg, Y);
  }
  Factors f;
  f.resize(users, items, o.rank);
  for (std::size_t u = 0; u < std::min(nu, users.size()); ++u)
    for (unsigned j = 0; j < o.rank; ++j) f.user_vec[u * o.rank + j] = static_cast<float>(X(static_cast<Eigen::Index>(u), j));
  for (std::size_t i = 0; i < std::min(ni, items.size()); ++i)
    for (unsigned j = 0; j < o.rank; ++j) f.item_vec[i * o.rank + j] = static_cast<float>(Y(static_cast<Eigen::Index>(i), j));
  return f;
}

}  // namespace learner::topn
