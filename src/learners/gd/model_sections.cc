// The gradient learner's model-file sections and text form (model.h).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "learner/learners/gd/model.h"
#include "learner/error.h"
#include "learner/model/model_file.h"
#include "learner/model/text_model.h"

namespace learner {
namespace {

constexpr std::size_t kChunk = 1u << 14;  // floats per chunk when the stride changes

// Writes `n` zero bytes (the untouched parts of a table: never read, so a
// huge, nearly empty table is saved without paging all of it in).
void put_zeros(ModelWriter& out, std::size_t n) {
  static const char zeros[1 << 16] = {};
  while (n > 0) {
    const std::size_t m = std::min(n, sizeof zeros);
    out.put_bytes(zeros, m);
    n -= m;
  }
}

// The table's slots of stride `from`, column 0 only, as a dense float array;
// `weight` maps a stored value to the one written (--l1's truncation).
template <class Weight>
void put_weights_only(ModelWriter& out, const WeightTable& w, Weight weight) {
  std::vector<float> chunk;
  chunk.reserve(kChunk);
  std::size_t next = 0;  // next slot to write
  auto flush = [&] {
    out.put_bytes(chunk.data(), chunk.size() * sizeof(float));
    chunk.clear();
  };
  for (const auto& [begin, end] : w.touched()) {
    const std::size_t first = begin / w.stride(), last = (end + w.stride() - 1) / w.stride();
    if (first > next) {
      flush();
      put_zeros(out, (first - next) * sizeof(float));
      next = first;
    }
    for (std::size_t i = std::max(first, next); i < last; ++i) {
      chunk.push_back(weight(w.data()[i * w.stride()]));
      if (chunk.size() == kChunk) flush();
    }
    next = std::max(next, last);
  }
  flush();
  put_zeros(out, (w.slots() - next) * sizeof(float));
}

void put_table(ModelWriter& out, const WeightTable& w) {
  out.put(static_cast<uint64_t>(w.size()));
  std::size_t next = 0;
  for (const auto& [begin, end] : w.touched()) {
    put_zeros(out, (begin - next) * sizeof(float));
    out.put_bytes(w.data() + begin, (end - begin) * sizeof(float));
    next = end;
  }
  put_zeros(out, (w.size() - next) * sizeof(float));
}

// Reads "u64 n + n floats" into `table`, copying only the chunks that hold a
// non-zero value: the rest of a fresh table is already zero, and its pages
// stay untouched (a -b 27 model of a few features loads in a few MiB).
void get_table(ModelReader& in, float* table, uint64_t expected, const char* what) {
  const uint64_t n = in.get<uint64_t>();
  if (n != expected)
    throw Error(in.path() + ": " + what + " holds " + std::to_string(n) + " values where the model's options need " +
                std::to_string(expected));
  std::vector<float> chunk(kChunk);
  for (uint64_t i = 0; i < n; i += kChunk) {
    const std::size_t m = static_cast<std::size_t>(std::min<uint64_t>(kChunk, n - i));
    in.get_bytes(chunk.data(), m * sizeof(float));
    if (std::any_of(chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(m), [](float x) { return x != 0.0f; }))
      std::copy(chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(m), table + i);
  }
}

}  // namespace

void Model::save(ModelWriter& out, bool with_state) const {
  // Version 2 adds --l1's G after the counters: a model with state keeps
  // the untruncated weights and G, so a resumed run continues exactly (VW's
  // "l1_state"); one without state holds trunc(w, G).
  out.begin_section("gd.state", 2);
  out.put(static_cast<uint8_t>(with_state));
  if (with_state) {
    out.put(eta_);
    out.put(static_cast<uint64_t>(states_.size()));
    for (const OptimizerState& s : states_) {
      out.put(s.normalized_sum_norm_x);
      out.put(s.total_weight);
    }
    out.put(gravity_);
  }
  const WeightTable& w = weights_;
  const auto weight = [this](float x) { return effective_weight(x); };
  // Version 2: a feature's sub-models interleaved in a block of the next
  // power of two (VW's); version 1 interleaved exactly sub_models of them.
  out.begin_section("gd.linear", 2);
  const uint32_t stride = with_state ? w.stride() : 1;
  out.put(stride);
  if (with_state) {
    put_table(out, w);
  } else {
    out.put(static_cast<uint64_t>(w.slots()));
    put_weights_only(out, w, weight);
  }
  if (dot_) {
    // Version 2 adds the trained features of each side (cold start) and the
    // automatic rate's gradient scale (dotproduct.h).
    out.begin_section("gd.latent", 2);
    out.put_floats(dot_->latent().data(), dot_->latent().size());
    dot_->write_unseen(out);
    const GradientScale& g = dot_->gradient_scale();
    out.put(g.sum);
    out.put(g.weight);
    out.put(static_cast<uint8_t>(g.frozen));
  }
}

void Model::load(ModelReader& in) {
  const uint32_t version = in.section("gd.state", 2);
  const bool has_state = in.get<uint8_t>() != 0;
  gravity_ = 0.0;
  if (has_state) {
    const double rate = in.get<double>();
    if (restore_rate_ && rate > 0) eta_ = rate;
    const uint64_t n = in.get<uint64_t>();
    if (n != states_.size())
      throw Error(in.path() + ": the model has optimizer state for " + std::to_string(n) + " sub-models, this run " +
                  std::to_string(states_.size()));
    for (OptimizerState& s : states_) {
      s.normalized_sum_norm_x = in.get<double>();
      s.total_weight = in.get<double>();
    }
    if (version >= 2) {
      gravity_ = in.get<double>();
      if (!(gravity_ >= 0.0 && gravity_ <= 1e3))  // settled past 1e3; NaN fails too
        throw Error(in.path() + ": the --l1 truncation in the model is " + std::to_string(gravity_) + " (corrupt model)");
    }
  }
  if (in.section("gd.linear", 2) < 2 && width_ != sub_models_)
    throw Error(in.path() + ": written with the earlier weight layout for " + std::to_string(sub_models_) +
                " sub-models (now interleaved in blocks of " + std::to_string(width_) +
                ", as VW's); retrain the model with this build");
  WeightTable& w = weights_;
  const auto stride = in.get<uint32_t>();
  if (stride == w.stride()) {
    get_table(in, w.data(), w.size(), "the linear table");
  } else if (stride == 1) {
    const uint64_t n = in.get<uint64_t>();
    if (n != w.slots())
      throw Error(in.path() + ": the linear table holds " + std::to_string(n) + " weights where -b " +
                  std::to_string(config_.bits) + " needs " + std::to_string(w.slots()));
    std::vector<float> chunk(kChunk);
    for (std::size_t i = 0; i < w.slots(); i += kChunk) {
      const std::size_t m = std::min(kChunk, w.slots() - i);
      in.get_bytes(chunk.data(), m * sizeof(float));
      for (std::size_t j = 0; j < m; ++j)
        if (chunk[j] != 0.0f) w.data()[(i + j) * w.stride()] = chunk[j];
    }
  } else {
    throw Error(in.path() + ": the linear table has stride " + std::to_string(stride) + " (corrupt model)");
  }
  if (dot_) {
    const uint32_t latent_version = in.section("gd.latent", 2);
    // Every row is read, so none needs its start vector (dotproduct_start.cc).
    float* table = dot_->latent_to_overwrite();
    in.get_floats(table, dot_->latent().size(), "the latent table (--rank, -b)");
    // A version 1 model (before cold start) knows no sides: unseen features keep their start.
    if (latent_version >= 2) {
      dot_->read_unseen(in);
      GradientScale g;
      g.sum = in.get<double>();
      g.weight = in.get<double>();
      g.frozen = in.get<uint8_t>() != 0;
      if (!(g.sum >= 0 && g.weight >= 0 && std::isfinite(g.sum) && std::isfinite(g.weight)))
        throw Error(in.path() + ": the latent rate's gradient scale is not a finite sum (corrupt model)");
      dot_->set_gradient_scale(g);
    }
  }
  if (!has_state) std::fill(states_.begin(), states_.end(), OptimizerState{});
  loaded_without_state_ = !has_state;
}

bool Model::audit_weight(uint32_t index, uint32_t sub, AuditWeight& out) const {
  out.slot = slot_of(index, sub);
  const float* w = weights_.slot(static_cast<uint32_t>(out.slot));
  out.weight = effective_weight(w[0]);
  out.has_adaptive = config_.rule.adaptive && weights_.stride() > 1;
  out.adaptive = out.has_adaptive ? w[1] : 0.0f;
  return true;
}

uint64_t Model::nonzero_weights() const {
  uint64_t n = 0;
  const WeightTable& w = weights_;
  std::size_t next = 0;
  for (const auto& [begin, end] : w.touched()) {
    for (std::size_t i = std::max(begin / w.stride(), next); i < (end + w.stride() - 1) / w.stride(); ++i)
      n += effective_weight(w.data()[i * w.stride()]) != 0.0f;
    next = std::max(next, (end + w.stride() - 1) / w.stride());
  }
  return n;
}

void Model::write_text(std::FILE* out, const NameMap* names) const { write_weight_lines(out, names, false); }

void Model::write_resume_text(std::FILE* out, const NameMap* names) const { write_weight_lines(out, names, true); }

bool Model::resume_counters(ResumeCounters& out) const {
  const bool adaptive = config_.rule.adaptive, normalized = config_.rule.normalized;
  const double t0 = config_.initial_t;
  // VW seeds its normaliser and total weight with --initial_t under every rule; learner seeds them
  // (and each G) only under the adaptive rule, where they steer the rates. VW counts both only under
  // the normalized rule (learner counts the total always: the plain rule's decay reads it).
  const double seed = adaptive ? 0.0 : t0;
  out.initial_t = !adaptive && !normalized && t0 == 0.0 ? 1.0 : t0;  // VW: the plain rule's t0 is 1
  out.normalizer = normalized ? state(0).normalized_sum_norm_x + seed : t0;
  out.total_weight = normalized ? state(0).total_weight + seed : t0;
  out.l1_state = gravity_;
  out.l2_state = 1.0;  // --l2 decays each weight as it is learned; no global contraction is left over
  return true;
}

void Model::write_weight_lines(std::FILE* out, const NameMap* names, bool resume) const {
  const SlotNames by_slot =
      names_by_slot(names, sub_models_, [this](uint32_t h, uint32_t i) { return slot_of(h, i); });
  const WeightTable& w = weights_;
  const bool adaptive = config_.rule.adaptive, normalized = config_.rule.normalized;
  char value[96];
  auto line = [&](uint32_t i) {
    const float* s = w.data() + static_cast<std::size_t>(i) * w.stride();
    if (!resume) {
      const float x = effective_weight(s[0]);
      if (x == 0.0f) return;
      std::snprintf(value, sizeof value, "%g", x);
    } else {
      // VW's save_resume line: the stored weight (--l1's truncation is l1_state's), then G and s as the
      // rules keep them; written when any of them is non-zero.
      const float g = adaptive ? s[1] : 0.0f, n = normalized ? s[2] : 0.0f;
      if (s[0] == 0.0f && g == 0.0f && n == 0.0f) return;
      if (adaptive && normalized)
        std::snprintf(value, sizeof value, "%g %g %g", s[0], g, n);
      else if (adaptive || normalized)
        std::snprintf(value, sizeof value, "%g %g", s[0], adaptive ? g : n);
      else
        std::snprintf(value, sizeof value, "%g", s[0]);
    }
    print_slot(out, by_slot, i, "", value);
  };
  if (resume && adaptive && config_.initial_t > 0) {  // every G starts at t0: every slot has a line, as VW's
    for (std::size_t i = 0; i < w.slots(); ++i) line(static_cast<uint32_t>(i));
  } else {
    uint32_t next = 0;  // slots below were printed (the touched ranges may share a slot)
    for (const auto& [begin, end] : w.touched()) {
      const auto first = static_cast<uint32_t>(std::max<std::size_t>(begin / w.stride(), next));
      const auto last = static_cast<uint32_t>((end + w.stride() - 1) / w.stride());
      for (uint32_t i = first; i < last; ++i) line(i);
      next = std::max(next, last);
    }
  }
  if (!dot_) return;
  const WeightTable& v = dot_->latent();
  const unsigned k = dot_->rank();
  for (uint32_t i = 0; i < v.slots(); ++i) {
    const float* s = v.data() + static_cast<std::size_t>(i) * v.stride();
    if (s[k] == 0.0f) continue;  // adaptive sum 0: never trained
    for (unsigned j = 0; j < k; ++j) {
      std::snprintf(value, sizeof value, "%.9g", s[j]);
      char suffix[16];
      std::snprintf(suffix, sizeof suffix, "@%u", j);
      print_slot(out, by_slot, i, suffix, value);
    }
  }
  dot_->write_unseen_text(out);
}

void Model::print_summary(std::FILE* out) const {
  if (!dot_ || !dot_->automatic()) return;
  const double g = dot_->gradient_scale().mean();
  std::fprintf(out, "dotproduct g = %.6g (the mean |dl/dp| of %s): latent rate = %.6g, latent L2 = %.6g\n", g,
               dot_->gradient_scale().frozen ? "pass 1" : "the updates so far", dot_->latent_rate(eta_),
               dot_->latent_l2());
}

}  // namespace learner
