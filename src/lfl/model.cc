#include "learner/lfl/model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <random>

#include "learner/error.h"

namespace learner::lfl {

LflModel::LflModel(std::size_t n_users, std::size_t n_items, std::vector<double> levels, const LflOptions& options)
    : n_users_(n_users), n_items_(n_items), k_(levels.size()), levels_(std::move(levels)), o_(options), lr_(options.lr) {
  if (k_ < 2) throw UsageError("LFL needs at least 2 rating values");
  if (o_.rank < 1) throw UsageError("--rank must be at least 1");
  if (!(o_.lr > 0.0) || !std::isfinite(o_.lr)) throw UsageError("--lr must be a positive number");
  if (!(o_.l2 >= 0.0) || !std::isfinite(o_.l2)) throw UsageError("--l2 must be >= 0");
  if (o_.passes < 1) throw UsageError("--passes must be at least 1");
  if (!(o_.init >= 0.0) || !std::isfinite(o_.init)) throw UsageError("--init must be >= 0");
  stride_ = k_ * (static_cast<std::size_t>(o_.rank) + 1);
  w_.assign((n_users_ + n_items_) * stride_ + k_, 0.0);
  std::mt19937_64 rng(o_.seed);
  std::uniform_real_distribution<double> u(-o_.init, o_.init);
  const std::size_t r = static_cast<std::size_t>(o_.rank);
  for (std::size_t b = 0; b < n_users_ + n_items_; ++b)
    for (std::size_t y = 0; y < k_; ++y)
      for (std::size_t d = 0; d < r; ++d) w_[b * stride_ + y * (r + 1) + d] = u(rng);
  if (o_.adagrad) g2_.assign(w_.size(), 0.0);
}

std::size_t LflModel::user_block(std::uint32_t u) const { return static_cast<std::size_t>(u) * stride_; }
std::size_t LflModel::item_block(std::uint32_t i) const { return (n_users_ + i) * stride_; }

// s_y for every class; a missing user or item contributes nothing.
void LflModel::scores(std::uint32_t user, std::uint32_t item, std::vector<double>& s) const {
  const std::size_t r = static_cast<std::size_t>(o_.rank), c0 = (n_users_ + n_items_) * stride_;
  const bool has_u = user < n_users_, has_i = item < n_items_;
  s.assign(k_, 0.0);
  for (std::size_t y = 0; y < k_; ++y) {
    double v = w_[c0 + y];
    const double* a = has_u ? &w_[user_block(user) + y * (r + 1)] : nullptr;
    const double* b = has_i ? &w_[item_block(item) + y * (r + 1)] : nullptr;
    if (a && b)
      for (std::size_t d = 0; d < r; ++d) v += a[d] * b[d];
    if (a) v += a[r];
    if (b) v += b[r];
    s[y] = v;
  }
}

std::vector<double> LflModel::probabilities(std::uint32_t user, std::uint32_t item) const {
  std::vector<double> s;
  scores(user, item, s);
  const double m = *std::max_element(s.begin(), s.end());
  double z = 0.0;
  for (double& v : s) z += (v = std::exp(v - m));
  for (double& v : s) v /= z;
  return s;
}

double LflModel::expected(std::uint32_t user, std::uint32_t item) const {
  const std::vector<double> p = probabilities(user, item);
  return std::inner_product(p.begin(), p.end(), levels_.begin(), 0.0);
}

double LflModel::median(std::uint32_t user, std::uint32_t item) const {
  const std::vector<double> p = probabilities(user, item);
  double cum = 0.0;
  for (std::size_t y = 0; y < k_; ++y)
    if ((cum += p[y]) >= 0.5) return levels_[y];
  return levels_.back();  // rounding: the cumulative sum fell short of 1/2
}

double LflModel::loss(const Entry& e) const {
  std::vector<double> s;
  scores(e.user, e.item, s);
  const double m = *std::max_element(s.begin(), s.end());
  double z = 0.0;
  for (const double v : s) z += std::exp(v - m);  // >= 1: the largest term is exp(0)
  double reg = 0.0;
  for (std::size_t block : {user_block(e.user), item_block(e.item)})
    for (std::size_t j = 0; j < stride_; ++j) reg += w_[block + j] * w_[block + j];
  return m + std::log(z) - s[e.level] + 0.5 * o_.l2 * reg;
}

void LflModel::gradient(const Entry& e, Gradient& out) const { data_loss_and_gradient(e, out); }

double LflModel::data_loss_and_gradient(const Entry& e, Gradient& out) const {
  std::vector<double> p;
  scores(e.user, e.item, p);
  const double m = *std::max_element(p.begin(), p.end()), s_true = p[e.level];
  double z = 0.0;
  for (double& v : p) z += (v = std::exp(v - m));
  for (double& v : p) v /= z;
  const std::size_t r = static_cast<std::size_t>(o_.rank), ub = user_block(e.user), ib = item_block(e.item);
  const std::size_t c0 = (n_users_ + n_items_) * stride_;
  out.clear();
  for (std::size_t y = 0; y < k_; ++y) {
    const double ds = p[y] - (y == e.level ? 1.0 : 0.0);  // d(-log p_true) / d s_y
    const std::size_t a = ub + y * (r + 1), b = ib + y * (r + 1);
    for (std::size_t d = 0; d < r; ++d) {
      out.emplace_back(a + d, ds * w_[b + d] + o_.l2 * w_[a + d]);
      out.emplace_back(b + d, ds * w_[a + d] + o_.l2 * w_[b + d]);
    }
    out.emplace_back(a + r, ds + o_.l2 * w_[a + r]);
    out.emplace_back(b + r, ds + o_.l2 * w_[b + r]);
    out.emplace_back(c0 + y, ds);
  }
  return m + std::log(z) - s_true;  // -log p_true
}

double LflModel::step(const Entry& e) {
  const double before = data_loss_and_gradient(e, scratch_);
  for (const auto& [j, d] : scratch_) {
    if (o_.adagrad) {
      g2_[j] += d * d;
      w_[j] -= lr_ * d / std::sqrt(g2_[j] + 1e-8);
    } else {
      w_[j] -= lr_ * d;
    }
  }
  return before;
}

void LflModel::train(const std::vector<Entry>& entries, const std::function<void(const std::string&)>& note) {
  for (const Entry& e : entries)
    if (e.user >= n_users_ || e.item >= n_items_ || e.level >= k_)
      throw Error("LFL training entry out of range (user, item or level)");
  if (entries.empty()) return;
  std::vector<std::size_t> order(entries.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::mt19937_64 rng(o_.seed ^ 0x9e3779b97f4a7c15ULL);
  std::vector<double> w_before, g2_before;  // the pass's start, to undo a diverging pass
  double reference = objective(entries);     // the previous pass's mean -log p (first: the start's objective)
  const double slack = std::log(static_cast<double>(k_));  // the loss of the uniform prediction
  int halvings = 0;
  for (int pass = 0; pass < o_.passes; ++pass) {
    w_before = w_;
    g2_before = g2_;
    std::shuffle(order.begin(), order.end(), rng);
    double sum = 0.0;
    for (std::size_t i : order)
      if (!std::isfinite(sum += step(entries[i]))) break;  // a non-finite parameter was read
    const double mean = sum / static_cast<double>(entries.size());
    // One sweep per pass finds a non-finite parameter written but not read again in the pass.
    const bool finite = std::isfinite(mean) && std::all_of(w_.begin(), w_.end(), [](double v) { return std::isfinite(v); });
    if (finite && mean <= 2.0 * reference + slack) {
      reference = mean;
      continue;
    }
    w_.swap(w_before);
    g2_.swap(g2_before);
    char why[120], text[300];
    if (finite)
      std::snprintf(why, sizeof why, "its mean loss %g is more than twice the previous %g", mean, reference);
    else
      std::snprintf(why, sizeof why, "a parameter became non-finite");
    if (++halvings > kMaxHalvings) {
      std::snprintf(text, sizeof text,
                    "LFL diverged: pass %d diverged (%s) even at step size %g (--lr %g halved %d times); lower "
                    "--init or --l2",
                    pass + 1, why, lr_, o_.lr, kMaxHalvings);
      throw Error(text);
    }
    std::snprintf(text, sizeof text, "pass %d diverged (%s) at step size %g: it is undone and run again at %g",
                  pass + 1, why, lr_, lr_ / 2);
    if (note) note(text);
    lr_ /= 2;
    --pass;
  }
}

double LflModel::objective(const std::vector<Entry>& entries) const {
  double sum = 0.0;
  for (const Entry& e : entries) sum += loss(e);
  return entries.empty() ? 0.0 : sum / static_cast<double>(entries.size());
}

}  // namespace learner::lfl
