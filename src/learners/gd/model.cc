#include "learner/learners/gd/model.h"

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <limits>

#include "learner/error.h"
#include "learner/learners/gd/default_rule_lanes.h"
#include "learner/parse/hash.h"

namespace learner {
namespace {

// VW clamps x^2 to at least FLT_MIN (|x| >= 1.08e-19) when computing rates.
constexpr double kMinX2 = FLT_MIN;
constexpr float kMaxRate = kDefaultMaxRate;  // a per-feature rate never overflows what it multiplies

}  // namespace

Model::Model(const CoreConfig& config, const Loss& loss)
    : config_(config),
      loss_(loss),
      sub_models_(config.sub_models),
      width_(std::bit_ceil(std::max(config.sub_models, 1u))),
      weights_(config.bits, 4),
      lanes_(default_rule_lanes_available() && weights_.stride() == 4),
      eta_(config.learning_rate) {
  if (sub_models_ < 1) throw Error("the gradient learner needs at least one sub-model");
  if (config_.has_latent()) dot_ = std::make_unique<DotProduct>(config_, &weights_);
  default_slope_ = sub_models_ == 1 && config_.rule.adaptive && config_.rule.normalized && config_.power_t == 0.5 &&
                   !config_.feature_mask;
  default_rule_ = default_slope_ && !dot_ && config_.rule.invariant && !(config_.l2 > 0) && !(config_.l1 > 0);
  // VW: with the adaptive rule, initial_t > 0 seeds every G_i and N = T = t0.
  states_.resize(sub_models_);
  if (config_.rule.adaptive && config_.initial_t > 0) {
    float* w = weights_.data();
    for (std::size_t i = 0; i < weights_.slots(); ++i) w[i * 4 + 1] = static_cast<float>(config_.initial_t);
    for (OptimizerState& s : states_) s = {config_.initial_t, config_.initial_t};
  }
}

bool Model::start_weights(const WeightInit& init) {
  const unsigned vw_stride = config_.rule.adaptive || config_.rule.normalized ? 4 : 1;
  initialize_weights(init, weights_.data(), weights_.slots(), weights_.stride(), vw_stride);
  if (init.constant != 0.0f)
    for (uint32_t sub = 0; sub < sub_models_; ++sub) slot(kConstantIndex, sub)[0] = init.constant;
  return true;
}

double Model::predict(const Example& ex, const std::vector<Feature>& features, Parts parts) {
  const std::size_t n = parts.size();
  if (n == 1 && !dot_ && sub_models_ == 1 && gravity_ == 0.0) {  // the loop below for one linear part
    shift_ = ex.weight_shift;
    return ex.base + parts[0].sign * static_cast<double>(linear_dot<true, false>(features, parts[0].index));
  }
  if (dot_) {
    gathered_ex_ = &ex;
    gathered_parts_.assign(parts.begin(), parts.end());
  }
  double result = ex.base;
  shift_ = ex.weight_shift;
  if (dot_) dot_->reset();
  for (std::size_t c = 0; c < n; ++c) {
    const uint32_t sub = parts[c].index;
    const float p = gravity_ != 0.0
                        ? (sub_models_ == 1 ? linear_dot<true, true>(features, sub) : linear_dot<false, true>(features, sub))
                        : (sub_models_ == 1 ? linear_dot<true, false>(features, sub) : linear_dot<false, false>(features, sub));
    result += parts[c].sign * static_cast<double>(p);
    if (dot_) result += dot_->gather(ex, sub, parts[c].sign);
  }
  return result;
}

// VW's default rule (adaptive, normalized, power_t 0.5) in single precision,
// the hot path: one square root per feature, rate = 1 / sqrt(G s^2).
template <bool kOne, bool kTrunc>
float Model::linear_dot(const std::vector<Feature>& features, uint32_t sub) {
  const std::size_t count = features.size();
  constexpr std::size_t kSmall = 8;   // a short example: its own loads ask for every slot
  constexpr std::size_t kAhead = 16;  // a long one (n-grams): prefetch this far ahead
  float p = 0.0f;
  if (count <= kSmall) {  // the loads themselves ask for every slot (the run loop prefetched them an example ahead)
    for (const Feature& f : features) {
      const float w = slot_in<kOne>(f.index, sub)[0];
      p += (kTrunc ? effective_weight(w) : w) * f.value;
    }
    return p;
  }
  for (std::size_t i = 0; i < count && i < kAhead; ++i) __builtin_prefetch(slot_in<kOne>(features[i].index, sub));
  for (std::size_t i = 0; i < count; ++i) {
    if (i + kAhead < count) __builtin_prefetch(slot_in<kOne>(features[i + kAhead].index, sub));
    const float w = slot_in<kOne>(features[i].index, sub)[0];
    p += (kTrunc ? effective_weight(w) : w) * features[i].value;
  }
  return p;
}

void Model::accumulate_default(const std::vector<Feature>& features, uint32_t sub, double g2,
                               double& sensitivity, double& norm_x) {
  if (sub_models_ == 1) return accumulate_default_one(features, g2, sensitivity, norm_x);
  accumulate_default_in<false>(features, sub, g2, sensitivity, norm_x);
}

void Model::accumulate_default_one(const std::vector<Feature>& features, double g2, double& sensitivity,
                                   double& norm_x) {
  if (!lanes_ || features.size() < kLanesFrom) return accumulate_default_in<true>(features, 0, g2, sensitivity, norm_x);
  const float g2f = static_cast<float>(std::min(g2, static_cast<double>(FLT_MAX)));
  float sens = 0.0f, norm = 0.0f;
  accumulate_default_lanes(weights_.data(), weights_.mask(), features.data(), features.size(), g2f, sens, norm);
  sensitivity += sens;
  norm_x += norm;
}

template <bool kOne>
void Model::accumulate_default_in(const std::vector<Feature>& features, uint32_t sub, double g2,
                                  double& sensitivity, double& norm_x) {
  const float g2f = static_cast<float>(std::min(g2, static_cast<double>(FLT_MAX)));
  float sens = 0.0f, norm = 0.0f;
  // Finite for every finite input (issue 17, defect 5): default_rule_lanes.h's
  // default_rate_step keeps x^2, G and the rate inside float's range.
  for (const Feature& f : features) default_rate_step(slot_in<kOne>(f.index, sub), f.value, g2f, sens, norm);
  sensitivity += sens;
  norm_x += norm;
}

void Model::accumulate_rates(const std::vector<Feature>& features, uint32_t sub, double g2, double& sensitivity,
                             double& norm_x) {
  const bool adaptive = config_.rule.adaptive;
  const bool normalized = config_.rule.normalized;
  const double pw = config_.power_t;
  const bool sqrt_rate = pw == 0.5;
  const bool masked = config_.feature_mask;
  if (adaptive && normalized && sqrt_rate && !masked)
    return accumulate_default(features, sub, g2, sensitivity, norm_x);
  for (const Feature& f : features) {
    float* w = slot(f.index, sub);
    if (masked && w[0] == 0.0f) {  // VW's --feature_mask (gd.cc): a zero weight neither learns nor counts
      w[3] = 0.0f;
      continue;
    }
    double x2 = static_cast<double>(f.value) * f.value;
    if (!adaptive && !normalized) {
      w[3] = 1.0f;
      sensitivity += x2;
      continue;
    }
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
    w[3] = static_cast<float>(std::min(rate, static_cast<double>(kMaxRate)));  // NaN-free: rate >= 0
    sensitivity += x2 * w[3];
  }
}

// linear_slope()'s loop for one part under default_slope_ (accumulate_default,
// the normaliser m = 1 / sqrt(N / T)), the same arithmetic in the same order.
double Model::default_slope(const std::vector<Feature>& features, uint32_t sub, double g2, double importance,
                            double& scale) {
  OptimizerState& st = states_[0];
  st.total_weight += importance;
  double sensitivity = 0.0, norm_x = 0.0;
  accumulate_default_one(features, g2, sensitivity, norm_x);
  double m = 1.0;
  st.normalized_sum_norm_x += importance * norm_x;
  const double avg = st.normalized_sum_norm_x / st.total_weight;
  if (avg > 0) m = 1.0 / std::sqrt(avg);
  scale = eta_ * m;
  double q = 0.0;
  q += scale * sensitivity;
  return q;
}

double Model::linear_slope(const std::vector<Feature>& features, Parts parts, double g2, double importance) {
  const std::size_t n = parts.size();
  if (default_slope_ && n == 1) {
    scales_.resize(1);
    return default_slope(features, parts[0].index, g2, importance, scales_[0]);
  }
  const bool adaptive = config_.rule.adaptive;
  const bool normalized = config_.rule.normalized;
  const double pw = config_.power_t;
  scales_.resize(n);
  double q = 0.0;
  for (std::size_t c = 0; c < n; ++c) {
    // Each part moves with its own sub-model's normaliser (VW 9: per-model state).
    OptimizerState& st = state(parts[c].index);
    st.total_weight += importance;
    double sensitivity = 0.0, norm_x = 0.0;
    accumulate_rates(features, parts[c].index, g2, sensitivity, norm_x);
    double scale;
    if (!adaptive && !normalized) {
      // VW: eta (t0 / (t0 + sum of importance))^p, t0 = 1 unless --initial_t.
      const double t0 = config_.initial_t > 0 ? config_.initial_t : 1.0;
      scale = eta_ * std::pow(t0 / (t0 + st.total_weight), pw);
    } else {
      double m = 1.0;
      if (normalized) {
        st.normalized_sum_norm_x += importance * norm_x;
        const double avg = st.normalized_sum_norm_x / st.total_weight;
        if (avg > 0) m = adaptive ? (pw == 0.5 ? 1.0 / std::sqrt(avg) : std::pow(avg, pw - 1.0)) : 1.0 / avg;
      }
      scale = eta_ * m;
    }
    scales_[c] = scale;
    q += scale * sensitivity;
  }
  return q;
}

PredictionPath Model::build_path(const Example& ex, const std::vector<Feature>& features, Parts parts,
                                 double p_hat, double g2, double importance) {
  const std::size_t n = parts.size();
  const bool adaptive = config_.rule.adaptive;
  const bool normalized = config_.rule.normalized;
  PredictionPath path = PredictionPath::linear(p_hat, linear_slope(features, parts, g2, importance));
  const double scale = scales_[0];
  // The latent rate under plain SGD follows the linear one's schedule (-l
  // decayed by --power_t, as VW's --sgd); without it, the latent rate stayed
  // at -l forever while the linear rate decayed, and late updates were stiff
  // (many series pieces) and large. The adaptive rule brings its own decay.
  const double latent_eta = !adaptive && !normalized ? scale : eta_;
  if (dot_) {
    // The latent vectors of exactly these parts: reuse what predict()
    // gathered when it was for the same example and parts.
    bool same = gathered_ex_ == &ex && gathered_parts_.size() == n;
    for (std::size_t c = 0; same && c < n; ++c)
      same = gathered_parts_[c].index == parts[c].index && gathered_parts_[c].sign == parts[c].sign;
    if (!same) {
      dot_->reset();
      for (std::size_t c = 0; c < n; ++c) dot_->gather(ex, parts[c].index, parts[c].sign);
    }
    gathered_ex_ = nullptr;  // learning changes the latent weights
    path.p_lin0 = p_hat - dot_->prepare(g2, latent_eta, importance, path);
  }
  return path;
}

void Model::apply_linear(const std::vector<Feature>& features, uint32_t sub, double step, double scale,
                         double importance) {
  nan_updates_ += sub_models_ == 1 ? add_linear<true>(features, sub, step) : add_linear<false>(features, sub, step);
  if (config_.l2 > 0) {
    for (const Feature& f : features) {
      float* w = slot(f.index, sub);
      const double rate = scale * w[3] * importance;
      w[0] = static_cast<float>(w[0] * std::max(0.0, 1.0 - config_.l2 * rate));
    }
  }
}

void Model::add_gravity(Parts parts, double p_hat, double label, double t) {
  const double g = loss_.first_derivative(p_hat, label);
  if (!(std::fabs(g) > 1e-8)) return;  // VW: no gravity where the derivative vanishes
  const bool plain = !config_.rule.adaptive && !config_.rule.normalized;
  for (std::size_t c = 0; c < parts.size(); ++c) {
    // eta_bar: the rate before the per-feature factors (eta, with the decay on the plain path).
    const double eta_bar = (plain ? scales_[c] : eta_) * (-t / g);
    if (eta_bar > 0 && std::isfinite(eta_bar)) gravity_ += config_.l1 * eta_bar;
  }
  if (gravity_ > 1e3) settle_l1();  // VW's bound, for the floats' sake
}

void Model::settle_l1() {
  if (gravity_ == 0.0) return;
  float* w = weights_.data();
  const std::size_t stride = weights_.stride();
  std::size_t next = 0;  // slots below are settled (touched ranges may share a slot: truncate each once)
  for (const auto& [begin, end] : weights_.touched()) {
    const std::size_t last = (end + stride - 1) / stride;
    for (std::size_t i = std::max(begin / stride, next); i < last; ++i) w[i * stride] = effective_weight(w[i * stride]);
    next = std::max(next, last);
  }
  gravity_ = 0.0;
}

template <bool kOne>
uint64_t Model::add_linear(const std::vector<Feature>& features, uint32_t sub, double step) {
  uint64_t not_finite = 0;
  for (const Feature& f : features) {
    float* w = slot_in<kOne>(f.index, sub);
    const auto v = static_cast<float>(w[0] + step * w[3] * f.value);
    const bool ok = std::isfinite(v);  // a non-finite value is never written (counted as nan_updates)
    w[0] = ok ? v : w[0];
    not_finite += !ok;
  }
  return not_finite;
}

double Model::plain_step(const PredictionPath& path, double p_hat, double label, double importance) const {
  const double t = loss_.plain_update(p_hat, label, importance);
  if (path.is_affine() || !(t != 0.0) || !std::isfinite(t)) return t;
  // A dyadic path bends: p moves by about p'(0) t only while 2 kappa t is
  // small, and then by e^{2 kappa t}. A plain step at an ordinary rate (VW's
  // --sgd default, -l 10) took p, and the latent weights, to infinity on the
  // first example. The step stays the plain one unless p would move more than
  // twice its first-order change p'(0) t (the runaway; at training rates the
  // bend is far smaller and nothing changes) or, for losses minimised at the
  // label, past the label. The path is increasing in t, so either bound is a
  // value of p and inverse() finds the t that meets it.
  const double p0 = path.at(0.0), slope0 = path.slope(0.0);
  double target = p0 + 2.0 * slope0 * t;
  if (loss_.minimum_at_label()) target = t > 0 ? std::min(target, std::max(label, p0)) : std::max(target, std::min(label, p0));
  // Without an exponential, the common case: while 2 kappa |t| <= 0.69 for
  // every term, each dyadic term moves by at most (e^x - 1) / x <= 1.45 times
  // its first-order change, so |p(t) - p0| <= 1.45 p'(0) |t| and a target
  // farther than that cannot bind.
  double kappa = path.kappa;
  for (int j = 0; j < path.n_extra; ++j) kappa = std::max(kappa, path.extra[j].kappa);
  if (2.0 * kappa * std::fabs(t) <= 0.69 && 1.45 * slope0 * std::fabs(t) <= std::fabs(target - p0)) return t;
  const double p_end = path.at(t);
  if (t > 0 ? p_end <= target : p_end >= target) return t;
  return path.inverse(target);
}

void Model::learn(const Example& ex, const std::vector<Feature>& features, Parts parts, double p_hat, double label,
                  double importance, double loss_at_p_hat) {
  const std::size_t n = parts.size();
  if (!(importance > 0)) return;
  shift_ = ex.weight_shift;
  const double loss = std::isnan(loss_at_p_hat) ? loss_.loss(p_hat, label) : loss_at_p_hat;
  if (loss == 0.0) return;  // VW: no update at zero loss
  const double g2 = importance * loss_.square_grad(p_hat, label);
  // h_used < importance when the update stopped at the label or kink; the
  // latent L2 decay applies for the importance actually used.
  UpdateStep step;
  if (dot_) {
    const PredictionPath path = build_path(ex, features, parts, p_hat, g2, importance);
    step = config_.rule.invariant ? loss_.step(path, label, importance)
                                  : UpdateStep{plain_step(path, p_hat, label, importance), importance};
  } else if (default_rule_ && n == 1) {
    return learn_default_rule(features, parts[0], p_hat, label, importance, g2);
  } else {  // the path is p_hat + q t: no PredictionPath is built (plain_step is the plain update on it)
    const double q = linear_slope(features, parts, g2, importance);
    step = config_.rule.invariant ? loss_.affine_step(p_hat, q, label, importance)
                                  : UpdateStep{loss_.plain_update(p_hat, label, importance), importance};
  }
  double t = step.t;
  if (!std::isfinite(t)) {
    t = 0.0;
    ++nan_updates_;
  }
  if (t == 0.0) return;
  for (std::size_t c = 0; c < n; ++c)
    apply_linear(features, parts[c].index, parts[c].sign * scales_[c] * t, scales_[c], importance);
  if (config_.l1 > 0) add_gravity(parts, p_hat, label, t);
  if (dot_) dot_->apply(t, std::isfinite(step.h_used) ? step.h_used : importance);
}

// learn()'s steps for one part under default_rule_, in one frame: the
// arithmetic of linear_slope() (default_slope), loss.affine_step() and
// apply_linear() (add_linear), in the same order, so the same bits; scales_
// is not written (only the l1 and multi-part paths read it).
void Model::learn_default_rule(const std::vector<Feature>& features, const Part& part, double p_hat, double label,
                               double importance, double g2) {
  double scale;
  const double q = default_slope(features, part.index, g2, importance, scale);
  double t = loss_.affine_step(p_hat, q, label, importance).t;
  if (!std::isfinite(t)) {
    t = 0.0;
    ++nan_updates_;
  }
  if (t == 0.0) return;
  nan_updates_ += add_linear<true>(features, part.index, part.sign * scale * t);
}

void Model::end_pass() {
  eta_ *= config_.decay_learning_rate;
  if (dot_) dot_->end_pass();
  ++passes_ended_;
  const unsigned n = config_.average_passes;
  if (n > 1 && static_cast<uint64_t>(passes_ended_) + n > config_.passes) {
    settle_l1();
    fold_snapshot(false);
  }
}

void Model::end_training() {
  if (snapshots_ > 0) {
    fold_snapshot(true);
    snapshots_ = 0;
    mean_linear_ = {};
    mean_latent_ = {};
  }
  if (dot_) dot_->refresh_unseen();
}

// Snapshot averaging (Polyak and Juditsky 1992; Ruppert 1988: the mean of
// the iterates of a constant-rate stochastic gradient method has a smaller
// variance than the last iterate) taken at pass ends only, so that an update
// costs nothing more: one sweep of the tables per averaged pass. The mean
// is kept as a running mean, m += (w - m) / n. For the dyadic term the mean
// of the vectors is not the mean of the products A.B; late in training the
// iterates stay in one basin and the two are close (measured on validation,
// docs/ratings-quality.md).
void Model::fold_snapshot(bool finish) {
  const double inv = 1.0 / (static_cast<double>(snapshots_) + 1.0);
  auto fold = [&](float* w, float& m) {
    if (*w == 0.0f && m == 0.0f) return;  // untouched: keep the page clean
    const double next = m + (static_cast<double>(*w) - m) * inv;
    if (finish) *w = static_cast<float>(next);
    else m = static_cast<float>(next);
  };
  // Linear: the parts of the table that may hold non-zero values (a weight
  // never touched is 0 in every snapshot, and so is its mean).
  float* w = weights_.data();
  const std::size_t stride = weights_.stride();
  mean_linear_.resize(weights_.slots(), 0.0f);
  for (const auto& [begin, end] : weights_.touched())
    for (std::size_t i = begin / stride; i < (end + stride - 1) / stride; ++i) fold(w + i * stride, mean_linear_[i]);
  // Latent: the trained slots only; a slot trained since the last snapshot
  // held its start value in all earlier ones, which is its mean so far.
  if (dot_) {
    const std::vector<uint32_t>& trained = dot_->trained_slots();
    WeightTable& v = dot_->latent();
    const unsigned k = dot_->rank();
    const std::size_t known = mean_latent_.size() / k;
    mean_latent_.resize(trained.size() * k);
    for (std::size_t n = known; n < trained.size(); ++n) dot_->initial_vector(trained[n], &mean_latent_[n * k]);
    for (std::size_t n = 0; n < trained.size(); ++n) {
      float* lat = v.data() + static_cast<std::size_t>(trained[n]) * v.stride();
      for (unsigned j = 0; j < k; ++j) fold(lat + j, mean_latent_[n * k + j]);
    }
  }
  if (!finish) ++snapshots_;
}

PredictionPath Model::what_if_path(const Example& ex, const std::vector<Feature>& features, Parts parts,
                                   double p_hat, double label) {
  const std::size_t n = parts.size();
  shift_ = ex.weight_shift;
  // A what-if path: linear slots and counters are saved and restored around
  // build_path; the latent sums are not written (set_accumulate(false)).
  std::vector<SavedSlot>& saved = saved_slots_;  // reused: no allocation per example
  saved.clear();
  for (std::size_t c = 0; c < n; ++c)
    for (const Feature& f : features) {
      float* w = slot(f.index, parts[c].index);
      saved.push_back({w, {w[0], w[1], w[2], w[3]}});
    }
  saved_states_.clear();
  for (const Part& part : parts) saved_states_.emplace_back(part.index, state(part.index));
  const double g2 = loss_.square_grad(p_hat, label);
  if (dot_) dot_->set_accumulate(false);
  const PredictionPath path = build_path(ex, features, parts, p_hat, g2, 1.0);
  if (dot_) dot_->set_accumulate(true);
  for (auto it = saved.rbegin(); it != saved.rend(); ++it) std::copy(it->values, it->values + 4, it->slot);
  for (auto it = saved_states_.rbegin(); it != saved_states_.rend(); ++it) state(it->first) = it->second;
  return path;
}

double Model::min_importance(const Example& ex, const std::vector<Feature>& features, Parts parts, double p_hat,
                             double label, double target) {
  return loss_.min_importance(what_if_path(ex, features, parts, p_hat, label), label, target);
}

double Model::sensitivity(const Example& ex, const std::vector<Feature>& features, Parts parts, double p_hat,
                          double label) {
  return what_if_path(ex, features, parts, p_hat, label).q;
}

}  // namespace learner
