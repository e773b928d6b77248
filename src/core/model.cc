#include "learner/core/model.h"

#include <cfloat>
#include <cmath>

namespace learner {
namespace {

// VW clamps |x| to at least sqrt(FLT_MIN) ~ 1.08e-19 when computing rates.
constexpr double kMinX2 = FLT_MIN;

}  // namespace

Model::Model(const CoreConfig& config, const Loss& loss)
    : config_(config), loss_(loss), weights_(config.bits, 4), eta_(config.learning_rate) {
  if (!config_.dotproducts.empty()) dot_ = std::make_unique<DotProduct>(config_);
  // VW: with the adaptive rule, initial_t > 0 seeds every G_i and N = T = t0.
  if (config_.rule.adaptive && config_.initial_t > 0) {
    float* w = weights_.data();
    for (std::size_t i = 0; i < weights_.slots(); ++i) w[i * 4 + 1] = static_cast<float>(config_.initial_t);
    state_.normalized_sum_norm_x = config_.initial_t;
    state_.total_weight = config_.initial_t;
  }
}

double Model::predict(const Example& ex, const std::vector<Feature>& features) {
  const std::size_t n = features.size();
  constexpr std::size_t kAhead = 8;
  for (std::size_t i = 0; i < n && i < kAhead; ++i) __builtin_prefetch(weights_.slot(features[i].index));
  float p = 0.0f;
  for (std::size_t i = 0; i < n; ++i) {
    if (i + kAhead < n) __builtin_prefetch(weights_.slot(features[i + kAhead].index));
    p += weights_.slot(features[i].index)[0] * features[i].value;
  }
  double result = ex.base + static_cast<double>(p);
  if (dot_) result += dot_->predict(ex);
  return result;
}

double Model::prepare_linear(const std::vector<Feature>& features, double g2, double importance, double& scale) {
  const bool adaptive = config_.rule.adaptive;
  const bool normalized = config_.rule.normalized;
  const double pw = config_.power_t;
  const bool sqrt_rate = pw == 0.5;
  double sensitivity = 0.0;
  double norm_x = 0.0;
  state_.total_weight += importance;
  if (!adaptive && !normalized) {
    const double t0 = config_.initial_t > 0 ? config_.initial_t : 1.0;
    scale = eta_ * std::pow(t0 / (t0 + state_.total_weight - config_.initial_t), pw);
    for (const Feature& f : features) {
      float* w = weights_.slot(f.index);
      w[3] = 1.0f;
      sensitivity += static_cast<double>(f.value) * f.value;
    }
    return scale * sensitivity;
  }
  if (adaptive && normalized && sqrt_rate) return prepare_default(features, g2, importance, scale);
  for (const Feature& f : features) {
    float* w = weights_.slot(f.index);
    double x2 = static_cast<double>(f.value) * f.value;
    if (x2 < kMinX2) x2 = kMinX2;
    if (adaptive) w[1] = static_cast<float>(w[1] + g2 * x2);
    double rate = 1.0;
    if (normalized) {
      const float ax = std::fabs(f.value);
      if (ax > w[2]) {
        if (w[2] > 0) {
          const float rescale = w[2] / ax;
          w[0] *= adaptive ? rescale : rescale * rescale;
        }
        w[2] = ax;
      }
      const double s2 = std::max(static_cast<double>(w[2]) * w[2], kMinX2);
      norm_x += x2 / s2;
      rate = adaptive ? (sqrt_rate ? 1.0 / std::sqrt(s2) : std::pow(s2, pw - 1.0)) : 1.0 / s2;
    }
    if (adaptive) {
      const double G = w[1];
      rate *= G > 0 ? (sqrt_rate ? 1.0 / std::sqrt(G) : std::pow(G, -pw)) : 0.0;
    }
    w[3] = static_cast<float>(rate);
    sensitivity += x2 * w[3];
  }
  double m = 1.0;
  if (normalized) {
    state_.normalized_sum_norm_x += importance * norm_x;
    const double avg = state_.normalized_sum_norm_x / state_.total_weight;
    if (avg > 0) m = adaptive ? (sqrt_rate ? 1.0 / std::sqrt(avg) : std::pow(avg, pw - 1.0)) : 1.0 / avg;
  }
  scale = eta_ * m;
  return scale * sensitivity;
}

// VW's default rule (adaptive, normalized, power_t 0.5) in single precision,
// the hot path: one square root per feature, rate = 1 / sqrt(G s^2).
double Model::prepare_default(const std::vector<Feature>& features, double g2, double importance, double& scale) {
  const float g2f = static_cast<float>(g2);
  float sensitivity = 0.0f;
  float norm_x = 0.0f;
  for (const Feature& f : features) {
    float* w = weights_.slot(f.index);
    float x2 = f.value * f.value;
    if (x2 < FLT_MIN) x2 = FLT_MIN;
    w[1] += g2f * x2;
    const float ax = std::fabs(f.value);
    if (ax > w[2]) {
      if (w[2] > 0) w[0] *= w[2] / ax;
      w[2] = ax;
    }
    const float s2 = std::max(w[2] * w[2], FLT_MIN);
    norm_x += x2 / s2;
    const float rate = w[1] > 0 ? 1.0f / std::sqrt(w[1] * s2) : 0.0f;
    w[3] = rate;
    sensitivity += x2 * rate;
  }
  state_.normalized_sum_norm_x += importance * norm_x;
  const double avg = state_.normalized_sum_norm_x / state_.total_weight;
  scale = eta_ * (avg > 0 ? 1.0 / std::sqrt(avg) : 1.0);
  return scale * sensitivity;
}

void Model::apply_linear(const std::vector<Feature>& features, double scale, double t, double importance) {
  const double step = scale * t;
  for (const Feature& f : features) {
    float* w = weights_.slot(f.index);
    w[0] = static_cast<float>(w[0] + step * w[3] * f.value);
  }
  if (config_.l1 > 0 || config_.l2 > 0) {
    for (const Feature& f : features) {
      float* w = weights_.slot(f.index);
      const double rate = scale * w[3] * importance;
      double v = w[0];
      if (config_.l2 > 0) v *= std::max(0.0, 1.0 - config_.l2 * rate);
      if (config_.l1 > 0) v = std::copysign(std::max(0.0, std::fabs(v) - config_.l1 * rate), v);
      w[0] = static_cast<float>(v);
    }
  }
}

void Model::learn(const std::vector<Feature>& features, double p_hat, double label, double importance) {
  if (!(importance > 0)) return;
  if (loss_.loss(p_hat, label) == 0.0) return;  // VW: no update at zero loss
  const double g2 = importance * loss_.square_grad(p_hat, label);
  double scale = 0.0;
  const double q = prepare_linear(features, g2, importance, scale);
  PredictionPath path = PredictionPath::linear(p_hat, q);
  if (dot_) {
    dot_->prepare(g2, importance, eta_, path);
    path.p_lin0 = p_hat - dot_->offset();
  }
  double t = config_.rule.invariant ? loss_.update(path, label, importance)
                                    : loss_.plain_update(p_hat, label, importance);
  if (!std::isfinite(t)) {
    t = 0.0;
    ++state_.nan_updates;
  }
  if (t == 0.0) return;
  apply_linear(features, scale, t, importance);
  if (dot_) dot_->apply(t, importance);
}

}  // namespace learner
