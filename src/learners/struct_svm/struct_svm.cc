#include "learner/learners/struct_svm/struct_svm.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "learner/error.h"
#include "learner/model/text_model.h"
#include "learner/loss/loss.h"
#include "learner/model/model_file.h"
#include "learner/parse/hash.h"

namespace learner {
namespace {

constexpr const char* kName = "struct_svm";

class StructSvmImpl final : public StructSvm {
 public:
  explicit StructSvmImpl(const StructSvmConfig& c)
      : bits_(c.bits), k_(c.classes), rate_(c.rate), l1_(c.l1), l2_(c.l2), loss_(make_loss(LossSpec{"hinge"})) {
    mask_ = (uint64_t{1} << bits_) - 1;
    w_.assign(mask_ + 1, 0.0);
    sum_sq_.assign(mask_ + 1, 0.0);
    last_.assign(mask_ + 1, 0);
    for (uint32_t k = 0; k < k_; ++k) free_slots_.push_back(slot(kConstantIndex, k));
    std::sort(free_slots_.begin(), free_slots_.end());
  }

  std::string_view name() const override { return kName; }
  const Loss& loss() const override { return *loss_; }
  bool classifier() const override { return true; }
  uint64_t updates() const override { return updates_; }
  uint64_t steps() const override { return steps_; }
  uint64_t dropped_updates() const override { return dropped_; }
  void print_summary(std::FILE* out) const override {
    std::fprintf(out, "updates = %llu\n", static_cast<unsigned long long>(updates_));
  }

  double predict(const Example& ex, const std::vector<Feature>& x, Parts parts) override {
    double p = ex.base;
    for (const Part& part : parts) {
      double s = 0.0;
      for (const Feature& f : x) s += f.value * current(slot(f.index, part.index));
      p += part.sign * s;
    }
    return p;
  }

  void learn(const Example& ex, const std::vector<Feature>& x, Parts parts, double p_hat, double label,
             double importance) override {
    if (!(importance > 0.0)) return;
    const double y = parts.size() == 1 ? (label > 0.0 ? 1.0 : -1.0) : 1.0;
    const double target = parts.size() == 1 ? 1.0 : label;
    if (y * p_hat < target) step(x, parts, -importance * y);
    ++steps_;
  }

  void save(ModelWriter& out, bool with_state) const override {
    out.begin_section(std::string(kName) + ".config", 1);
    out.put<uint32_t>(bits_);
    out.put<uint32_t>(k_);
    out.put<uint8_t>(with_state ? 1 : 0);
    out.begin_section(std::string(kName) + ".weights", 1);
    out.put<uint64_t>(w_.size());
    if (with_state) {  // as they are, pending steps and all: training resumes bit for bit
      out.put_bytes(w_.data(), w_.size() * sizeof(double));
      out.begin_section(std::string(kName) + ".adagrad", 1);
      out.put<uint64_t>(steps_);
      out.put<uint64_t>(sum_sq_.size());
      out.put_bytes(sum_sq_.data(), sum_sq_.size() * sizeof(double));
      out.put<uint64_t>(last_.size());
      out.put_bytes(last_.data(), last_.size() * sizeof(uint64_t));
    } else {
      std::vector<double> w(w_.size());
      for (uint64_t s = 0; s < w.size(); ++s) w[s] = current(s);
      out.put_bytes(w.data(), w.size() * sizeof(double));
    }
  }

  void load(ModelReader& in) override {
    in.section(std::string(kName) + ".config", 1);
    const auto bits = in.get<uint32_t>();
    const auto k = in.get<uint32_t>();
    const auto state = in.get<uint8_t>();
    if (bits != bits_ || k != k_)
      throw Error(in.path() + ": the model has -b " + std::to_string(bits) + " and " + std::to_string(k) +
                  " classes, the learner -b " + std::to_string(bits_) + " and " + std::to_string(k_));
    if (state > 1) throw Error(in.path() + ": corrupt struct_svm.config");
    read_table(in, ".weights", w_);
    std::fill(last_.begin(), last_.end(), 0);
    std::fill(sum_sq_.begin(), sum_sq_.end(), 0.0);
    steps_ = 0;
    if (state) {
      in.section(std::string(kName) + ".adagrad", 1);
      steps_ = in.get<uint64_t>();
      read_table(in, nullptr, sum_sq_);
      for (double v : sum_sq_)
        if (!(v >= 0.0)) throw Error(in.path() + ": corrupt struct_svm.adagrad");
      const uint64_t n = in.get_count(mask_ + 1, "struct_svm steps");
      if (n != last_.size()) throw Error(in.path() + ": corrupt struct_svm.adagrad");
      in.get_bytes(last_.data(), n * sizeof(uint64_t));
      for (uint64_t t : last_)
        if (t > steps_) throw Error(in.path() + ": corrupt struct_svm.adagrad");
    }
  }

  void write_text(std::FILE* out, const NameMap* names) const override {
    const SlotNames by_slot = names_by_slot(names, k_, [this](uint32_t h, uint32_t i) { return slot(h, i); });
    char value[40];
    for (uint64_t s = 0; s < w_.size(); ++s) {
      const double v = current(s);
      if (v == 0.0) continue;
      std::snprintf(value, sizeof value, "%.17g", v);
      print_slot(out, by_slot, s, "", value);
    }
  }

 private:
  uint64_t slot(uint32_t h, uint32_t k) const { return (static_cast<uint64_t>(h) * k_ + k) & mask_; }
  bool regularised(uint64_t s) const { return !std::binary_search(free_slots_.begin(), free_slots_.end(), s); }

  // Slot s's weight after its pending regulariser-only steps (header).
  double current(uint64_t s) const {
    const uint64_t idle = steps_ - last_[s];
    const double w = w_[s];
    if (idle == 0 || w == 0.0 || sum_sq_[s] <= 0.0 || (l1_ == 0.0 && l2_ == 0.0) || !regularised(s)) return w;
    const double h = std::sqrt(sum_sq_[s]);
    const double denom = h + 2.0 * rate_ * l2_;
    // a = h / denom = 1 - b; a^k and 1 - a^k without cancellation when b is tiny.
    const double b = 2.0 * rate_ * l2_ / denom, c = rate_ * l1_ / denom, k = static_cast<double>(idle);
    double m;
    if (b == 0.0) {
      m = std::fabs(w) - c * k;
    } else {
      const double log_a = std::log1p(-b);
      m = std::exp(k * log_a) * std::fabs(w) + c * std::expm1(k * log_a) / b;
    }
    return m > 0.0 ? std::copysign(m, w) : 0.0;
  }

  // The composite AdaGrad step with hinge gradient G = scale g on the slots
  // of g = sum_c s_c x at sub-model c.
  void step(const std::vector<Feature>& x, Parts parts, double scale) {
    g_.clear();
    for (const Part& part : parts)
      for (const Feature& f : x) g_.emplace_back(slot(f.index, part.index), part.sign * f.value);
    std::sort(g_.begin(), g_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::size_t n = 0;
    for (std::size_t i = 0; i < g_.size(); ++i) {
      if (n > 0 && g_[n - 1].first == g_[i].first)
        g_[n - 1].second += g_[i].second;
      else
        g_[n++] = g_[i];
    }
    g_.resize(n);
    next_.clear();
    for (const auto& [s, v] : g_) {
      const double grad = scale * v;
      if (grad == 0.0) continue;  // an idle step for this slot
      const bool reg = regularised(s);
      const double sq = sum_sq_[s] + grad * grad;
      const double h = std::sqrt(sq);
      const double z = h * current(s) - rate_ * grad;
      const double shrunk = std::max(0.0, std::fabs(z) - rate_ * (reg ? l1_ : 0.0));
      const double w = shrunk > 0.0 ? std::copysign(shrunk / (h + 2.0 * rate_ * (reg ? l2_ : 0.0)), z) : 0.0;
      if (!std::isfinite(w) || !std::isfinite(sq)) {
        ++dropped_;
        return;
      }
      next_.push_back({s, w, sq});
    }
    if (next_.empty()) return;
    for (const Next& u : next_) {
      w_[u.slot] = u.w;
      sum_sq_[u.slot] = u.sq;
      last_[u.slot] = steps_ + 1;
    }
    ++updates_;
  }

  void read_table(ModelReader& in, const char* section, std::vector<double>& out) {
    if (section) in.section(std::string(kName) + section, 1);
    const uint64_t n = in.get_count(mask_ + 1, "struct_svm table");
    if (n != out.size()) throw Error(in.path() + ": struct_svm table of " + std::to_string(n) + " entries, expected " +
                                     std::to_string(out.size()));
    in.get_bytes(out.data(), n * sizeof(double));
    for (double v : out)
      if (!std::isfinite(v)) throw Error(in.path() + ": non-finite value in a struct_svm table");
  }

  struct Next {
    uint64_t slot;
    double w, sq;
  };

  uint32_t bits_, k_;
  uint64_t mask_;
  double rate_, l1_, l2_;
  std::unique_ptr<Loss> loss_;
  std::vector<double> w_, sum_sq_;
  std::vector<uint64_t> last_;       // the step up to which slot s is current
  std::vector<uint64_t> free_slots_; // the constant feature's slots (the biases b_k): not regularised
  uint64_t steps_ = 0, updates_ = 0, dropped_ = 0;
  std::vector<std::pair<uint64_t, double>> g_;  // scratch: merged gradient
  std::vector<Next> next_;                      // scratch: the new values
};

}  // namespace

std::unique_ptr<StructSvm> make_struct_svm(const StructSvmConfig& config) {
  if (config.bits < 1 || config.bits > 32) throw Error("-b must be in 1..32, not " + std::to_string(config.bits));
  if (config.classes == 0) throw Error("the structured SVM needs at least one class");
  if (!(std::isfinite(config.rate) && config.rate > 0.0))
    throw Error("the structured SVM's rate (-l) must be finite and positive");
  if (!(std::isfinite(config.l1) && config.l1 >= 0.0) || !(std::isfinite(config.l2) && config.l2 >= 0.0))
    throw Error("the structured SVM's --l1 and --l2 must be finite and non-negative");
  return std::make_unique<StructSvmImpl>(config);
}

}  // namespace learner
