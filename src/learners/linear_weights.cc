#include "linear_weights.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "learner/error.h"
#include "learner/model/model_file.h"
#include "learner/model/text_model.h"

namespace learner::detail {

LinearWeights::LinearWeights(uint32_t bits, uint32_t sub_models, bool averaged)
    : bits_(bits), k_(sub_models), averaged_(averaged) {
  if (bits < 1 || bits > 32) throw Error("-b must be in 1..32, not " + std::to_string(bits));
  if (sub_models == 0) throw Error("a learner needs at least one sub-model");
  mask_ = (uint64_t{1} << bits) - 1;
  w_.assign(mask_ + 1, 0.0f);
  if (averaged_) u_.assign(mask_ + 1, 0.0);
}

double LinearWeights::predict(const Example& ex, const std::vector<Feature>& x, Parts parts, bool average) const {
  const bool avg = average && averaged_ && steps_ > 0.0;
  double p = ex.base;
  for (const Part& part : parts) {
    double s = 0.0;
    for (const Feature& f : x) {
      const uint64_t i = slot(f.index, part.index);
      s += f.value * (avg ? final_weight(i) : w_[i]);
    }
    p += part.sign * s;
  }
  return p;
}

double LinearWeights::gradient(const std::vector<Feature>& x, Parts parts) {
  g_.clear();
  bool maybe_repeated = false;
  for (const Part& part : parts)
    for (const Feature& f : x) {
      const uint64_t s = slot(f.index, part.index);
      uint64_t& word = seen_[(s >> 6) & 1023];
      const uint64_t bit = uint64_t{1} << (s & 63);
      maybe_repeated = maybe_repeated || (word & bit) != 0;
      word |= bit;
      g_.emplace_back(s, part.sign * f.value);
    }
  for (const auto& [s, v] : g_) seen_[(s >> 6) & 1023] = 0;  // clear what was set
  if (!maybe_repeated) {
    double norm = 0.0;
    for (const auto& [s, v] : g_) norm += v * v;
    return norm;
  }
  std::sort(g_.begin(), g_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  // Merge equal slots in place.
  std::size_t n = 0;
  for (std::size_t i = 0; i < g_.size(); ++i) {
    if (n > 0 && g_[n - 1].first == g_[i].first)
      g_[n - 1].second += g_[i].second;
    else
      g_[n++] = g_[i];
  }
  g_.resize(n);
  double norm = 0.0;
  for (const auto& [s, v] : g_) norm += v * v;
  return norm;
}

bool LinearWeights::add(double scale) {
  const double before = steps_;  // t - 1 for the step in progress
  for (const auto& [s, v] : g_) {
    const double d = scale * v;
    if (!std::isfinite(static_cast<float>(w_[s] + d))) return false;
    if (averaged_ && !std::isfinite(u_[s] + before * d)) return false;
  }
  for (const auto& [s, v] : g_) {
    const double d = scale * v;
    w_[s] = static_cast<float>(w_[s] + d);
    if (averaged_) u_[s] += before * d;
  }
  return true;
}

void LinearWeights::save(ModelWriter& out, const std::string& name, bool with_state) const {
  const bool state = with_state && averaged_;
  out.begin_section(name + ".config", 1);
  out.put<uint32_t>(bits_);
  out.put<uint32_t>(k_);
  out.put<uint8_t>(state ? 1 : 0);
  out.begin_section(name + ".weights", 1);
  if (state || !averaged_) {
    out.put_floats(w_.data(), w_.size());
  } else {
    std::vector<float> avg(w_.size());
    for (uint64_t s = 0; s < w_.size(); ++s) avg[s] = final_weight(s);
    out.put_floats(avg.data(), avg.size());
  }
  if (state) {
    out.begin_section(name + ".average", 1);
    out.put<double>(steps_);
    out.put<uint64_t>(u_.size());
    out.put_bytes(u_.data(), u_.size() * sizeof(double));
  }
}

void LinearWeights::load(ModelReader& in, const std::string& name) {
  in.section(name + ".config", 1);
  const auto bits = in.get<uint32_t>();
  const auto k = in.get<uint32_t>();
  const auto state = in.get<uint8_t>();
  if (bits != bits_ || k != k_)
    throw Error(in.path() + ": the model has -b " + std::to_string(bits) + " and " + std::to_string(k) +
                " sub-models, the learner -b " + std::to_string(bits_) + " and " + std::to_string(k_));
  if (state > 1) throw Error(in.path() + ": corrupt " + name + ".config");
  in.section(name + ".weights", 1);
  in.get_floats(w_.data(), w_.size(), "weights");
  for (float v : w_)
    if (!std::isfinite(v)) throw Error(in.path() + ": non-finite weight in " + name + ".weights");
  steps_ = 0.0;
  if (averaged_) std::fill(u_.begin(), u_.end(), 0.0);
  if (state) {
    in.section(name + ".average", 1);
    const auto steps = in.get<double>();
    const uint64_t n = in.get_count(mask_ + 1, "averaging sums");
    if (n != mask_ + 1 || !(steps >= 0.0)) throw Error(in.path() + ": corrupt " + name + ".average");
    if (averaged_) {
      in.get_bytes(u_.data(), n * sizeof(double));
      steps_ = steps;
    } else {  // an averaged model continued without averaging: keep w only
      std::vector<double> skip(n);
      in.get_bytes(skip.data(), n * sizeof(double));
    }
  }
}

void LinearWeights::write_text(std::FILE* out, const NameMap* names) const {
  const SlotNames by_slot = names_by_slot(names, k_, [this](uint32_t h, uint32_t i) { return slot(h, i); });
  char value[32];
  for (uint64_t s = 0; s < w_.size(); ++s) {
    const float v = final_weight(s);
    if (v == 0.0f) continue;
    std::snprintf(value, sizeof value, "%.9g", v);
    print_slot(out, by_slot, s, "", value);
  }
}

}  // namespace learner::detail
