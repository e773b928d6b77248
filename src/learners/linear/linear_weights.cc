#include "linear_weights.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <new>

#include "learner/error.h"
#include "learner/parse/hash.h"
#include "learner/model/model_file.h"
#include "learner/model/text_model.h"
#include "row_scores.h"

namespace learner::detail {
namespace {

// Sparse table payload (section version 2): u64 n (the table's size),
// u64 m, then m entries "u64 slot, T value", slots strictly ascending, every
// value non-zero; value(s) gives slot s's value; maybe(s), a cheap
// test, is false only where value(s) is zero, and value(s) is computed only
// where it is true (most slots of a hashed table are zero: the sweep costs a
// load and a compare a slot). Only the slots of `ranges` (ascending [begin,
// end) slot ranges outside which every value is zero) are visited.
// m comes first, so the entries are gathered in one sweep while they fit
// kGatherLimit, then written; a larger table is swept twice (count, then
// write in blocks) rather than held in memory whole.
template <class T, class Maybe, class Value>
void put_sparse(ModelWriter& out, uint64_t n, const SlotRanges& ranges, Maybe maybe, Value value) {
  constexpr std::size_t kEntry = sizeof(uint64_t) + sizeof(T);
  constexpr std::size_t kGatherLimit = std::size_t{32} << 20;  // bytes of entries
  constexpr std::size_t kBlock = 4096 * kEntry;
  auto append = [](std::vector<char>& block, uint64_t s, T v) {
    const std::size_t at = block.size();
    block.resize(at + kEntry);
    std::memcpy(block.data() + at, &s, sizeof s);
    std::memcpy(block.data() + at + sizeof s, &v, sizeof v);
  };
  std::vector<char> block;
  block.reserve(kBlock);
  bool gathered = true;
  for (const auto& [begin, end] : ranges) {
    for (uint64_t s = begin; s < std::min(n, end) && gathered; ++s) {
      if (!maybe(s)) continue;
      const T v = value(s);
      if (v == T(0)) continue;
      append(block, s, v);
      gathered = block.size() <= kGatherLimit;
    }
  }
  if (gathered) {
    out.put<uint64_t>(n);
    out.put<uint64_t>(block.size() / kEntry);
    out.put_bytes(block.data(), block.size());
    return;
  }
  std::vector<char>().swap(block);
  auto for_each_slot = [&](auto&& f) {
    for (const auto& [begin, end] : ranges)
      for (uint64_t s = begin; s < std::min(n, end); ++s)
        if (maybe(s)) f(s);
  };
  uint64_t m = 0;
  for_each_slot([&](uint64_t s) { m += value(s) != T(0); });
  out.put<uint64_t>(n);
  out.put<uint64_t>(m);
  block.reserve(kBlock);
  for_each_slot([&](uint64_t s) {
    const T v = value(s);
    if (v == T(0)) return;
    append(block, s, v);
    if (block.size() >= kBlock) {  // per block, not per entry: the writer's CRC and stream calls
      out.put_bytes(block.data(), block.size());
      block.clear();
    }
  });
  out.put_bytes(block.data(), block.size());
}

// Reads put_sparse's payload into the zeroed values[0..n); throws for
// another size, slots out of order or range, and non-finite values.
template <class T>
void get_sparse(ModelReader& in, uint64_t n, T* values, const std::string& what) {
  constexpr std::size_t kEntry = sizeof(uint64_t) + sizeof(T);
  const auto size = in.get<uint64_t>();
  if (size != n)
    throw Error(in.path() + ": " + what + " holds " + std::to_string(size) + " slots where the model's options need " +
                std::to_string(n));
  const uint64_t m = in.get_count(n, what.c_str());
  std::vector<char> block(4096 * kEntry);
  uint64_t next = 0;  // the lowest slot the next entry may name
  for (uint64_t done = 0; done < m;) {
    const auto count = static_cast<std::size_t>(std::min<uint64_t>(4096, m - done));
    in.get_bytes(block.data(), count * kEntry);
    for (std::size_t e = 0; e < count; ++e) {
      uint64_t s;
      T v;
      std::memcpy(&s, block.data() + e * kEntry, sizeof s);
      std::memcpy(&v, block.data() + e * kEntry + sizeof s, sizeof v);
      if (s < next || s >= n || !std::isfinite(v) || v == T(0))
        throw Error(in.path() + ": corrupt " + what + " (entry " + std::to_string(done + e) + ")");
      values[s] = v;
      next = s + 1;
    }
    done += count;
  }
}

// The table's slot count for -b bits; throws for bits outside 1..32 or no
// sub-model.
uint64_t checked_slots(uint32_t bits, uint32_t sub_models) {
  if (bits < 1 || bits > 32) throw Error("-b must be in 1..32, not " + std::to_string(bits));
  if (sub_models == 0) throw Error("a learner needs at least one sub-model");
  return uint64_t{1} << bits;
}

}  // namespace

LinearWeights::LinearWeights(uint32_t bits, uint32_t sub_models, bool averaged)
    : bits_(bits), k_(sub_models), mask_(checked_slots(bits, sub_models) - 1), averaged_(averaged),
      w_((mask_ + 1) * sizeof(float), "-b " + std::to_string(bits)),
      u_(averaged ? (mask_ + 1) * sizeof(double) : 0, "--averaged at -b " + std::to_string(bits)),
      dirty_(((mask_ >> kLineShift) / 64 + 1) * sizeof(uint64_t), "-b " + std::to_string(bits)),
      power_of_two_k_(std::has_single_bit(sub_models) && sub_models <= mask_ + 1) {}

SlotRanges LinearWeights::live(const ZeroedMemory& memory, std::size_t element) const {
  SlotRanges ranges;
  if (exact_) {
    const auto* words = static_cast<const uint64_t*>(dirty_.data());
    const uint64_t count = (mask_ >> kLineShift) / 64 + 1;
    for (uint64_t i = 0; i < count; ++i)
      for (uint64_t bits = words[i]; bits != 0; bits &= bits - 1) {
        const uint64_t begin = ((i << 6) + static_cast<uint64_t>(std::countr_zero(bits))) << kLineShift;
        const uint64_t end = std::min(size(), begin + (uint64_t{1} << kLineShift));
        if (!ranges.empty() && ranges.back().second == begin)
          ranges.back().second = end;
        else
          ranges.emplace_back(begin, end);
      }
    return ranges;
  }
  for (const auto& [begin, end] : memory.touched()) ranges.emplace_back(begin / element, (end + element - 1) / element);
  return ranges;
}

void LinearWeights::start(const WeightInit& init) {
  if (!init.any()) return;
  initialize_weights(init, w(), size(), 1, 1);
  exact_ = false;
  if (init.constant != 0.0f)
    for (uint32_t c = 0; c < k_; ++c) w()[slot(kConstantIndex, c)] = init.constant;
  pristine_ = false;
  bound_tables();
}

double LinearWeights::predict(const Example& ex, const std::vector<Feature>& x, Parts parts, bool average) const {
  const bool avg = average && averaged_ && steps_ > 0.0;
  double p = ex.base;
  for (const Part& part : parts) {
    double s = 0.0;
    for (const Feature& f : x) {
      const uint64_t i = slot(f.index, part.index);
      s += f.value * (avg ? final_weight(i) : w()[i]);
    }
    p += part.sign * s;
  }
  return p;
}

void LinearWeights::predict_each(const Example& ex, const std::vector<Feature>& x, Parts parts, bool average,
                                 double* out) const {
  const bool avg = average && averaged_ && steps_ > 0.0;
  const std::size_t n = parts.size();
  for (std::size_t c = 0; c < n; ++c) out[c] = 0.0;
  bool in_order = n == k_;  // every sub-model, in order: a feature's slots are h K .. h K + K - 1
  for (std::size_t c = 0; in_order && c < n; ++c) in_order = parts[c].index == c;
  if (in_order && !avg) {
    // The training-time case (--mira, --oaa scoring every class): one row of
    // K adjacent weights per feature, no slot arithmetic per class
    // (row_scores.h). Same products and sums in the same order as the
    // general loop below.
    add_row_scores(w(), mask_, k_, x, out);
  } else if (avg) {
    for (const Feature& f : x)
      for (std::size_t c = 0; c < n; ++c) out[c] += f.value * final_weight(slot(f.index, parts[c].index));
  } else {
    for (const Feature& f : x)
      for (std::size_t c = 0; c < n; ++c) out[c] += f.value * w()[slot(f.index, parts[c].index)];
  }
  for (std::size_t c = 0; c < n; ++c) out[c] += ex.base;
}

void LinearWeights::start_merge(std::size_t entries) {
  // Open addressing over probes_, at least twice the entries and a power of
  // two; an entry counts only when it carries this round's stamp, so nothing
  // is cleared between rounds.
  const std::size_t capacity = std::bit_ceil(std::max<std::size_t>(16, 2 * entries));
  if (probes_.size() < capacity) {
    probes_.assign(capacity, Probe{});
    stamp_ = 0;
  }
  if (++stamp_ == 0) {  // the stamps wrapped: forget every old entry
    for (Probe& p : probes_) p.stamp = 0;
    stamp_ = 1;
  }
}

template <class Key, class Value>
void LinearWeights::merge(const std::vector<Feature>& x, Key key, Value value,
                          std::vector<std::pair<uint64_t, double>>& out) {
  // Locals, not members: the stores into the tables would otherwise make the
  // compiler reload every member each feature.
  const std::size_t capacity = probes_.size();
  const int shift = 64 - std::countr_zero(capacity);
  const uint32_t stamp = stamp_;
  Probe* const probes = probes_.data();
  std::size_t n = out.size();
  out.resize(n + x.size());  // at most one new key per feature
  std::pair<uint64_t, double>* const entries = out.data();
  for (const Feature& f : x) {
    const uint64_t s = key(f);
    const double v = value(f);
    std::size_t i = static_cast<std::size_t>((s * 0x9E3779B97F4A7C15ull) >> shift);  // Fibonacci hashing
    while (probes[i].stamp == stamp && probes[i].slot != s) i = (i + 1) & (capacity - 1);
    Probe& p = probes[i];
    if (p.stamp == stamp) {
      entries[p.position].second += v;  // a repeated key
    } else {
      p = Probe{s, static_cast<uint32_t>(n), stamp};
      entries[n++] = {s, v};
    }
  }
  out.resize(n);
}

double LinearWeights::gradient(const std::vector<Feature>& x, Parts parts) {
  g_.clear();
  row_sums_.clear();
  rows_ = power_of_two_k_;
  for (std::size_t p = 0; rows_ && p < parts.size(); ++p) {
    rows_ = std::abs(parts[p].sign) == 1.0;
    for (std::size_t q = 0; rows_ && q < p; ++q) rows_ = parts[q].index != parts[p].index;
  }
  double norm = 0.0;
  if (rows_) {
    row_parts_.assign(parts.begin(), parts.end());
    start_merge(x.size());
    merge(
        x, [k = k_, mask = mask_](const Feature& f) { return (static_cast<uint64_t>(f.index) * k) & mask; },
        [](const Feature& f) { return static_cast<double>(f.value); }, row_sums_);
    // In the order of the slot form (parts outer), for the same sum.
    for (const Part& part : parts)
      for (const auto& [r, a] : row_sums_) norm += (part.sign * a) * (part.sign * a);
    return norm;
  }
  // Several parts may share a slot: one probe per slot, in one round.
  start_merge(x.size() * parts.size());
  for (const Part& part : parts)
    merge(
        x, [this, &part](const Feature& f) { return slot(f.index, part.index); },
        [&part](const Feature& f) { return part.sign * f.value; }, g_);
  for (const auto& [s, v] : g_) norm += v * v;
  return norm;
}

namespace {
// While a table's bound plus an update's largest step stays below these, no
// value can become non-finite (the halves leave room for rounding).
constexpr double kFloatRoom = std::numeric_limits<float>::max() / 2.0;
constexpr double kDoubleRoom = std::numeric_limits<double>::max() / 2.0;
// A bound grows by this factor besides the step, to stay a bound through the
// roundings of the writes (each under 2^-24 of the value).
constexpr double kBoundSlack = 1.0 + 0x1p-20;
}  // namespace

void LinearWeights::bound_tables() {
  float wm = 0.0f;
  double um = 0.0;
  for (const auto& [begin, end] : live(w_, sizeof(float)))
    for (uint64_t s = begin; s < std::min(size(), end); ++s) wm = std::max(wm, std::abs(w()[s]));
  if (averaged_)
    for (const auto& [begin, end] : live(u_, sizeof(double)))
      for (uint64_t s = begin; s < std::min(size(), end); ++s) um = std::max(um, std::abs(u()[s]));
  w_bound_ = wm;
  u_bound_ = um;
}

// w += scale g over the rows of gradient(). While the bounds leave room for
// the largest step no slot can overflow, and the slots are written without a
// check; otherwise each is checked as it is written, and the slots written
// so far are restored from the scratch of old values when one would be
// non-finite (rare), so that nothing changes then. (A checking pass and a
// writing pass read every weight twice.)
template <bool kAveraged, std::size_t kParts>
bool LinearWeights::add_by_row(double scale) {
  const auto& rows = row_sums_;
  const double before = steps_;
  float* w = this->w();
  double* u = kAveraged ? this->u() : nullptr;
  auto* dirty = static_cast<uint64_t*>(dirty_.data());
  const std::size_t parts = kParts ? kParts : row_parts_.size();
  auto mark_dirty = [&] {
    pristine_ = false;
    // A row starts at a multiple of K; with K <= 2^kLineShift (a power of
    // two) it lies within one line of the bitmap.
    const bool row_in_line = k_ <= (1u << kLineShift);
    for (std::size_t i = 0; i < rows.size(); ++i)
      for (std::size_t p = 0; p < (row_in_line ? 1 : parts); ++p) {
        const uint64_t s = rows[i].first + row_parts_[p].index;
        dirty[s >> (kLineShift + 6)] |= uint64_t{1} << ((s >> kLineShift) & 63);
      }
  };
  // The largest step |d| (the parts' signs are +1 or -1); NaN stays NaN.
  double largest = 0.0;
  for (const auto& [r, a] : rows)
    if (!(std::abs(a) <= largest)) largest = std::abs(a);
  largest *= std::abs(scale);
  if (w_bound_ + largest <= kFloatRoom &&  // (false for a NaN step; the bounds are >= 0)
      (!kAveraged || u_bound_ + before * largest <= kDoubleRoom)) {
    // Every new value is finite: no check, nothing to undo.
    for (const auto& [r, a] : rows)
      for (std::size_t p = 0; p < parts; ++p) {
        const Part& part = row_parts_[p];
        const uint64_t s = r + part.index;
        const double d = scale * (part.sign * a);
        w[s] = static_cast<float>(w[s] + d);
        if (kAveraged) u[s] += before * d;
      }
    w_bound_ = (w_bound_ + largest) * kBoundSlack;
    if (kAveraged) u_bound_ = (u_bound_ + before * largest) * kBoundSlack;
    mark_dirty();
    return true;
  }
  // Near the limits (or a non-finite step): check each slot as it is
  // written, and restore the slots written so far if one would be
  // non-finite, so that nothing changes then.
  old_.resize(rows.size() * parts);
  std::size_t n = 0;  // slots written
  bool finite = true;
  double w_max = w_bound_, u_max = u_bound_;
  for (std::size_t i = 0; i < rows.size() && finite; ++i) {
    const auto [r, a] = rows[i];
    for (std::size_t p = 0; p < parts; ++p) {
      const Part& part = row_parts_[p];
      const uint64_t s = r + part.index;
      const double d = scale * (part.sign * a);
      const float nw = static_cast<float>(w[s] + d);
      const double nu = kAveraged ? u[s] + before * d : 0.0;
      old_[n++] = {w[s], kAveraged ? u[s] : 0.0};
      w[s] = nw;
      if (kAveraged) u[s] = nu;
      finite = finite && std::isfinite(nw) && (!kAveraged || std::isfinite(nu));
      w_max = std::max(w_max, static_cast<double>(std::abs(nw)));
      u_max = std::max(u_max, std::abs(nu));
    }
  }
  if (!finite) {  // undo (a row's parts are distinct slots, and rows are distinct)
    for (std::size_t i = 0, j = 0; j < n; ++i)
      for (std::size_t p = 0; p < parts && j < n; ++p, ++j) {
        const uint64_t s = rows[i].first + row_parts_[p].index;
        w[s] = old_[j].first;
        if (kAveraged) u[s] = old_[j].second;
      }
    return false;
  }
  w_bound_ = w_max;
  u_bound_ = u_max;
  mark_dirty();
  return true;
}

bool LinearWeights::add(double scale) {
  if (rows_) {
    switch (row_parts_.size()) {
      case 1: return averaged_ ? add_by_row<true, 1>(scale) : add_by_row<false, 1>(scale);
      case 2: return averaged_ ? add_by_row<true, 2>(scale) : add_by_row<false, 2>(scale);
      default: return averaged_ ? add_by_row<true, 0>(scale) : add_by_row<false, 0>(scale);
    }
  }
  const double before = steps_;  // t - 1 for the step in progress
  for (const auto& [s, v] : g_) {
    const double d = scale * v;
    if (!std::isfinite(static_cast<float>(w()[s] + d))) return false;
    if (averaged_ && !std::isfinite(u()[s] + before * d)) return false;
  }
  pristine_ = false;
  auto* dirty = static_cast<uint64_t*>(dirty_.data());
  for (const auto& [s, v] : g_) {
    const double d = scale * v;
    w()[s] = static_cast<float>(w()[s] + d);
    w_bound_ = std::max(w_bound_, static_cast<double>(std::abs(w()[s])));
    if (averaged_) {
      u()[s] += before * d;
      u_bound_ = std::max(u_bound_, std::abs(u()[s]));
    }
    dirty[s >> (kLineShift + 6)] |= uint64_t{1} << ((s >> kLineShift) & 63);
  }
  return true;
}

void LinearWeights::save(ModelWriter& out, const std::string& name, bool with_state) const {
  const bool state = with_state && averaged_;
  const uint64_t n = size();
  out.begin_section(name + ".config", 1);
  out.put<uint32_t>(bits_);
  out.put<uint32_t>(k_);
  out.put<uint8_t>(state ? 1 : 0);
  out.begin_section(name + ".weights", 2);
  // Without state an averaged model holds the average.
  const bool mean = averaged_ && !state;  // final_weight(s) reads u too
  const SlotRanges w_ranges = live(w_, sizeof(float));
  put_sparse<float>(
      out, n, w_ranges, [&](uint64_t s) { return w()[s] != 0.0f || (mean && u()[s] != 0.0); },
      [&](uint64_t s) { return state ? w()[s] : final_weight(s); });
  if (state) {
    out.begin_section(name + ".average", 2);
    out.put<double>(steps_);
    // The written lines serve both tables; only the page sweep is per table.
    const SlotRanges u_ranges = exact_ ? w_ranges : live(u_, sizeof(double));
    put_sparse<double>(out, n, u_ranges, [&](uint64_t s) { return u()[s] != 0.0; }, [&](uint64_t s) { return u()[s]; });
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
  const uint64_t n = size();
  if (!pristine_) std::fill(w(), w() + n, 0.0f);  // a fresh table is already zero
  exact_ = false;
  if (in.section(name + ".weights", 2) == 1) {
    in.get_floats(w(), n, "weights");
    for (uint64_t s = 0; s < n; ++s)
      if (!std::isfinite(w()[s])) throw Error(in.path() + ": non-finite weight in " + name + ".weights");
  } else {
    get_sparse(in, n, w(), name + ".weights");
  }
  steps_ = 0.0;
  if (averaged_ && !pristine_) std::fill(u(), u() + n, 0.0);
  pristine_ = false;
  if (state) {
    const uint32_t version = in.section(name + ".average", 2);
    const auto steps = in.get<double>();
    if (!(steps >= 0.0) || !std::isfinite(steps)) throw Error(in.path() + ": corrupt " + name + ".average");
    // An averaged model continued without averaging keeps w only.
    ZeroedMemory scratch(averaged_ ? 0 : n * sizeof(double), "the model's averaging sums");
    double* sums = averaged_ ? u() : static_cast<double*>(scratch.data());
    if (version == 1) {
      const uint64_t m = in.get_count(n, "averaging sums");
      if (m != n) throw Error(in.path() + ": corrupt " + name + ".average");
      in.get_bytes(sums, n * sizeof(double));
    } else {
      get_sparse(in, n, sums, name + ".average");
    }
    if (averaged_) steps_ = steps;
  }
  bound_tables();
}

void LinearWeights::write_text(std::FILE* out, const NameMap* names) const {
  const SlotNames by_slot = names_by_slot(names, k_, [this](uint32_t h, uint32_t i) { return slot(h, i); });
  char value[32];
  for (uint64_t s = 0; s < size(); ++s) {
    const float v = final_weight(s);
    if (v == 0.0f) continue;
    std::snprintf(value, sizeof value, "%.9g", v);
    print_slot(out, by_slot, s, "", value);
  }
}

}  // namespace learner::detail
