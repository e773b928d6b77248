#include "learner/topn/sampled_softmax.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace learner::topn {

namespace {

bool softmax_value_ok(double v) { return std::isfinite(v) && std::fabs(v) <= SoftmaxStep::kMaxMagnitude; }

void softmax_clip_norm(float* v, unsigned k, double max_norm) {
  double n2 = 0.0;
  for (unsigned d = 0; d < k; ++d) n2 += static_cast<double>(v[d]) * v[d];
  if (n2 <= max_norm * max_norm) return;
  const double scale = max_norm / std::sqrt(n2);
  for (unsigned d = 0; d < k; ++d) v[d] = static_cast<float>(v[d] * scale);
}

}  // namespace

double softmax_loss_and_grad(std::span<const double> logits, std::size_t positives, std::span<double> grad) {
  double top_neg = -std::numeric_limits<double>::infinity();
  for (std::size_t x = 0; x < logits.size(); ++x) {
    if (!std::isfinite(logits[x])) {
      std::fill(grad.begin(), grad.end(), 0.0);
      return std::numeric_limits<double>::quiet_NaN();
    }
    if (x >= positives) top_neg = std::max(top_neg, logits[x]);
  }
  double z = 0.0;  // sum over the negatives of e^{o_j - top_neg} (>= 1 when there are any)
  for (std::size_t x = positives; x < logits.size(); ++x) z += (grad[x] = std::exp(logits[x] - top_neg));
  double loss = 0.0, inv_sum = 0.0;  // inv_sum: sum_i e^{top_neg - m_i} / D'_i
  for (std::size_t i = 0; i < positives; ++i) {
    const double o = logits[i];
    if (z == 0.0) {  // no negatives: nothing to rank against
      grad[i] = 0.0;
      continue;
    }
    const double m = std::max(o, top_neg);  // D_i = e^m D'_i, D'_i >= 1
    const double d = std::exp(o - m) + z * std::exp(top_neg - m);
    loss += m + std::log(d) - o;
    grad[i] = std::exp(o - m) / d - 1.0;
    inv_sum += std::exp(top_neg - m) / d;
  }
  for (std::size_t x = positives; x < logits.size(); ++x) grad[x] *= inv_sum;
  return loss;
}

void SoftmaxStep::logits(const SoftmaxCandidates& c) {
  const std::size_t n = c.item.size();
  logits_.resize(n);
  grad_.resize(n);
  for (std::size_t x = 0; x < n; ++x) {
    double s = *c.bias[x];
    const float* v = c.item[x];
    for (unsigned d = 0; d < c.rank; ++d) s += static_cast<double>(c.user[d]) * v[d];
    logits_[x] = s - (c.log_q.empty() ? 0.0 : c.log_q[x]);
  }
}

double SoftmaxStep::loss(const SoftmaxCandidates& c) {
  logits(c);
  return softmax_loss_and_grad(logits_, c.positives, grad_);
}

bool SoftmaxStep::step(const SoftmaxCandidates& c, const SoftmaxRates& r, double* loss_out) {
  const std::size_t n = c.item.size();
  const unsigned k = c.rank;
  logits(c);
  const double loss = softmax_loss_and_grad(logits_, c.positives, grad_);
  if (loss_out) *loss_out = loss;
  if (!std::isfinite(loss)) return false;
  // Deltas first, from the values before the step; checked before anything is written.
  user_delta_.assign(k, 0.0f);
  item_delta_.resize(n * k);
  bias_delta_.resize(n);
  for (unsigned d = 0; d < k; ++d) {
    double g = r.l2 * c.user[d];
    for (std::size_t x = 0; x < n; ++x) g += grad_[x] * c.item[x][d];
    const double delta = -r.latent * g;
    if (!softmax_value_ok(delta) || !softmax_value_ok(c.user[d] + delta)) return false;
    user_delta_[d] = static_cast<float>(delta);
  }
  for (std::size_t x = 0; x < n; ++x) {
    const float* v = c.item[x];
    for (unsigned d = 0; d < k; ++d) {
      const double delta = -r.latent * (grad_[x] * c.user[d] + r.l2 * v[d]);
      if (!softmax_value_ok(delta) || !softmax_value_ok(v[d] + delta)) return false;
      item_delta_[x * k + d] = static_cast<float>(delta);
    }
    const double db = -r.bias * (grad_[x] + r.bias_l2 * *c.bias[x]);
    if (!softmax_value_ok(db) || !softmax_value_ok(*c.bias[x] + db)) return false;
    bias_delta_[x] = static_cast<float>(db);
  }
  // Each delta and each value after it is at most kMaxMagnitude, so even a
  // candidate repeated K times stays far below the float range.
  for (unsigned d = 0; d < k; ++d) c.user[d] += user_delta_[d];
  for (std::size_t x = 0; x < n; ++x) {
    for (unsigned d = 0; d < k; ++d) c.item[x][d] += item_delta_[x * k + d];
    *c.bias[x] += bias_delta_[x];
  }
  if (r.max_norm > 0) {
    softmax_clip_norm(c.user, k, r.max_norm);
    for (std::size_t x = 0; x < n; ++x) softmax_clip_norm(c.item[x], k, r.max_norm);
  }
  return true;
}

}  // namespace learner::topn
