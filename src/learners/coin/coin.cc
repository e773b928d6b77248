// The coin-betting learner (coin.h).
#include "coin.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/learners/gd/label_range.h"
#include "learner/model/model_file.h"
#include "learner/model/text_model.h"
#include "learner/model/weight_table.h"

namespace learner {
namespace {

// The floats of a slot (coin.h).
constexpr unsigned kW = 0, kZ = 1, kG = 2, kMaxX = 3, kWealth = 4, kMaxG = 5, kCoinStride = 6;

class Coin final : public Learner {
 public:
  Coin(const CoinConfig& c, const Loss& loss)
      : config_(c), loss_(loss), weights_(c.bits, kCoinStride) {
    const Range r = loss.initial_range();
    own_range_.min = r.min;
    own_range_.max = r.max;
  }

  std::string_view name() const override { return "coin"; }
  const Loss& loss() const override { return loss_; }

  double predict(const Example& ex, const std::vector<Feature>& x, Parts parts) override {
    learned_ = false;
    double result = ex.base;
    for (const Part& part : parts) {
      float p = 0.0f;
      for (const Feature& f : x) p += f.value * slot(f.index, part.index)[kW];
      result += part.sign * static_cast<double>(p);
    }
    return result;
  }

  void learn(const Example& ex, const std::vector<Feature>& x, Parts parts, double /*p_hat*/, double label,
             double importance) override {
    if (!(importance > 0.0)) return;
    const auto weight = static_cast<float>(importance);
    // 1. The prediction from the state, before this example's update.
    float sum = 0.0f, norm = 0.0f;
    for (const Part& part : parts) {
      float p = 0.0f;
      for (const Feature& f : x) {
        const float* w = slot(f.index, part.index);
        const float m = std::max(w[kMaxX], std::fabs(f.value));
        float v = 0.0f;
        if (w[kMaxG] * m > 0.0f) v = ((config_.alpha + w[kWealth]) / (w[kMaxG] * m * (w[kMaxG] * m + w[kG]))) * w[kZ];
        p += v * f.value;
        if (m > 0.0f) {
          const float n = f.value / m;
          norm += n * n;
        }
      }
      sum += static_cast<float>(part.sign) * p;
    }
    // 2. The run-wide normaliser, the clipped prediction and the step.
    const double norm_sum = norm_sum_ + static_cast<double>(weight) * norm;
    const double total = total_weight_ + weight;
    const auto average = static_cast<float>((norm_sum + 1e-6) / total);
    if (!(std::isfinite(average) && average > 0.0f)) {
      ++dropped_;
      return;
    }
    own_range_.widen(label);
    const LabelRange& range = range_ ? *range_ : own_range_;
    const double p = range.clip(ex.base + static_cast<double>(sum / average));
    learned_ = true;
    learned_prediction_ = p;
    learned_loss_ = loss_.loss(p, label);
    const float update = static_cast<float>(loss_.first_derivative(p, label)) * weight;
    if (!std::isfinite(update)) {
      ++dropped_;
      return;
    }
    norm_sum_ = norm_sum;
    total_weight_ = total;
    // 3. Every slot's bet, in VW's order.
    const float abs_update = std::fabs(update);
    for (const Part& part : parts) {
      const auto sign = static_cast<float>(part.sign);
      for (const Feature& f : x) {
        float* w = slot(f.index, part.index);
        float s[kCoinStride];
        std::copy(w, w + kCoinStride, s);
        const float gradient = update * sign * f.value;
        s[kMaxX] = std::max(s[kMaxX], std::fabs(f.value));
        if (abs_update > s[kMaxG]) s[kMaxG] = std::max(abs_update, config_.beta);
        const float scale = s[kMaxG] * s[kMaxX];
        s[kW] = scale > 0.0f ? ((config_.alpha + s[kWealth]) / (scale * (scale + s[kG]))) * s[kZ] : 0.0f;
        s[kZ] += -gradient;
        s[kG] += std::fabs(gradient);
        s[kWealth] += -gradient * s[kW];
        s[kW] /= average;
        if (std::all_of(s, s + kCoinStride, [](float v) { return std::isfinite(v); })) {
          std::copy(s, s + kCoinStride, w);
        } else {
          ++dropped_;
        }
      }
    }
    ++updates_;
  }

  double sensitivity(const Example&, const std::vector<Feature>& x, Parts parts, double, double) override {
    float score = 0.0f;
    for (const Part& part : parts)
      for (const Feature& f : x) {
        const float* w = slot(f.index, part.index);
        const float uncertain = (config_.beta + std::sqrt(w[kG])) / config_.alpha + config_.l2;
        score += (1.0f / uncertain) * (f.value <= 0.0f ? -1.0f : 1.0f);
      }
    return score;
  }

  void clip_with(const LabelRange& range, bool) override { range_ = &range; }
  // VW reports the loss of the prediction learn() made from the state (its
  // scorer reads it after learning), but shows predict()'s (its driver puts
  // back the prediction made before learning): the prediction is left as is.
  bool own_outcome(double, double&, double& loss) const override {
    if (!learned_) return false;
    loss = learned_loss_;
    return true;
  }
  bool learned_prediction(double& prediction) const override {
    if (!learned_) return false;
    prediction = learned_prediction_;
    return true;
  }
  bool loaded_without_state() const override { return loaded_without_state_; }
  uint64_t dropped_updates() const override { return dropped_; }
  void print_summary(std::FILE* out) const override {
    std::fprintf(out, "coin betting: alpha = %g, beta = %g, updates = %llu\n", config_.alpha, config_.beta,
                 static_cast<unsigned long long>(updates_));
  }
  void prefetch(const Example&, const std::vector<Feature>& x) const override {
    for (const Feature& f : x) __builtin_prefetch(weights_.slot(slot_of(f.index, 0)));
  }

  void save(ModelWriter& out, bool with_state) const override {
    out.begin_section("coin.state", 1);
    out.put(static_cast<uint8_t>(with_state));
    if (with_state) {
      out.put(norm_sum_);
      out.put(total_weight_);
    }
    out.begin_section("coin.weights", 1);
    const uint32_t floats = with_state ? kCoinStride : 1;
    out.put(floats);
    std::vector<uint32_t> live;
    for_each_live_slot([&](uint32_t i, const float* w) {
      if (with_state ? std::any_of(w, w + kCoinStride, [](float v) { return v != 0.0f; }) : w[kW] != 0.0f)
        live.push_back(i);
    });
    out.put(static_cast<uint64_t>(live.size()));
    for (uint32_t i : live) {
      out.put(i);
      out.put_bytes(weights_.data() + static_cast<std::size_t>(i) * kCoinStride, floats * sizeof(float));
    }
  }

  void load(ModelReader& in) override {
    in.section("coin.state", 1);
    const bool has_state = in.get<uint8_t>() != 0;
    norm_sum_ = 0.0;
    total_weight_ = 0.0;
    if (has_state) {
      norm_sum_ = in.get<double>();
      total_weight_ = in.get<double>();
      if (!(std::isfinite(norm_sum_) && norm_sum_ >= 0.0 && std::isfinite(total_weight_) && total_weight_ >= 0.0))
        throw Error(in.path() + ": the coin learner's normaliser sums are not finite and >= 0 (corrupt model)");
    }
    in.section("coin.weights", 1);
    const auto floats = in.get<uint32_t>();
    if (floats != (has_state ? kCoinStride : 1u))
      throw Error(in.path() + ": the coin learner's weights hold " + std::to_string(floats) +
                  " floats a slot (corrupt model)");
    const uint64_t n = in.get_count(weights_.slots(), "the coin learner's weights");
    float s[kCoinStride];
    for (uint64_t k = 0; k < n; ++k) {
      const auto i = in.get<uint32_t>();
      if (i >= weights_.slots())
        throw Error(in.path() + ": the coin learner's weight slot " + std::to_string(i) + " is outside -b " +
                    std::to_string(config_.bits) + " (a model of another -b, or corrupt)");
      in.get_bytes(s, floats * sizeof(float));
      if (!std::all_of(s, s + floats, [](float v) { return std::isfinite(v); }))
        throw Error(in.path() + ": the coin learner's weight slot " + std::to_string(i) +
                    " is not finite (corrupt model)");
      std::copy(s, s + floats, weights_.data() + static_cast<std::size_t>(i) * kCoinStride);
    }
    loaded_without_state_ = !has_state;
  }

  void write_text(std::FILE* out, const NameMap* names) const override {
    const SlotNames by_slot = names_by_slot(names, config_.sub_models,
                                            [this](uint32_t h, uint32_t i) { return slot_of(h, i); });
    char value[64];
    for_each_live_slot([&](uint32_t i, const float* w) {
      if (w[kW] == 0.0f) return;
      std::snprintf(value, sizeof value, "%g", w[kW]);
      print_slot(out, by_slot, i, "", value);
    });
  }

  bool audit_weight(uint32_t index, uint32_t sub, AuditWeight& out) const override {
    out.slot = slot_of(index, sub);
    out.weight = weights_.data()[out.slot * kCoinStride + kW];
    out.has_adaptive = false;
    out.adaptive = 0.0f;
    return true;
  }
  uint64_t nonzero_weights() const override {
    uint64_t n = 0;
    for_each_live_slot([&](uint32_t, const float* w) { n += w[kW] != 0.0f; });
    return n;
  }
  uint64_t weight_slots() const override { return weights_.slots(); }

 private:
  uint32_t slot_of(uint32_t index, uint32_t sub) const { return (index * config_.sub_models + sub) & weights_.mask(); }
  float* slot(uint32_t index, uint32_t sub) { return weights_.data() + std::size_t{slot_of(index, sub)} * kCoinStride; }
  const float* slot(uint32_t index, uint32_t sub) const {
    return weights_.data() + std::size_t{slot_of(index, sub)} * kCoinStride;
  }
  // Calls visit(slot, floats) for each slot in the table's touched ranges
  // (outside them every float is zero), each slot once, ascending.
  template <class Visit>
  void for_each_live_slot(Visit visit) const {
    std::size_t next = 0;
    for (const auto& [begin, end] : weights_.touched()) {
      const std::size_t first = std::max(begin / kCoinStride, next), last = (end + kCoinStride - 1) / kCoinStride;
      for (std::size_t i = first; i < last; ++i)
        visit(static_cast<uint32_t>(i), weights_.data() + i * kCoinStride);
      next = std::max(next, last);
    }
  }

  CoinConfig config_;
  const Loss& loss_;
  WeightTable weights_;
  double norm_sum_ = 0.0;      // N
  double total_weight_ = 0.0;  // T
  const LabelRange* range_ = nullptr;  // the caller's clipping range (clip_with)
  LabelRange own_range_;               // without one: the labels learned
  bool loaded_without_state_ = false;
  bool learned_ = false;  // learn() ran since the last predict() (own_outcome)
  double learned_prediction_ = 0.0, learned_loss_ = 0.0;
  uint64_t updates_ = 0, dropped_ = 0;
};

}  // namespace

std::unique_ptr<Learner> make_coin(const CoinConfig& config, const Loss& loss) {
  if (config.sub_models < 1) throw Error("the coin learner needs at least one sub-model");
  if (!(std::isfinite(config.alpha) && config.alpha > 0.0f))
    throw Error("the coin learner's --ftrl_alpha must be finite and positive");
  if (!(std::isfinite(config.beta) && config.beta >= 0.0f))
    throw Error("the coin learner's --ftrl_beta must be finite and >= 0");
  if (!(std::isfinite(config.l2) && config.l2 >= 0.0f)) throw Error("the coin learner's --l2 must be finite and >= 0");
  return std::make_unique<Coin>(config, loss);
}

}  // namespace learner
