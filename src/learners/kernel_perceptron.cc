#include "learner/learners/kernel_perceptron.h"

#include <cmath>
#include <cstring>

#include "learner/error.h"
#include "learner/loss/loss.h"
#include "learner/model/model_file.h"
#include "sparse.h"
#include "support_set.h"

namespace learner {
namespace {

using detail::SparseView;

class KernelPerceptron final : public KernelLearner {
 public:
  explicit KernelPerceptron(const KernelConfig& c)
      : config_(c), mask_((uint64_t{1} << c.bits) - 1), kernel_{c.kernel, c.degree, c.coef0, c.gamma},
        loss_(make_loss(LossSpec{"perceptron"})), support_(c.sub_models), bias_(c.sub_models, 0.0f) {}

  std::string_view name() const override { return "kernel"; }
  const Loss& loss() const override { return *loss_; }
  uint64_t kernel_evaluations() const override { return evaluations_; }
  uint64_t support_size() const override { return support_.size(); }
  uint64_t updates() const override { return updates_; }
  uint64_t dropped_updates() const override { return dropped_; }

  double predict(const Example& ex, const std::vector<Feature>& x, Parts parts) override {
    cache(x);
    return ex.base + signed_sum(parts);
  }

  void predict_each(const Example& ex, const std::vector<Feature>& x, Parts parts, double* out) override {
    cache(x);
    // One sweep over the support set for all parts.
    for (std::size_t c = 0; c < parts.size(); ++c) out[c] = bias_[parts[c].index] * x_.x0();
    for (uint64_t j = 0; j < support_.size(); ++j) {
      const float* a = support_.coef(j);
      for (std::size_t c = 0; c < parts.size(); ++c) out[c] += a[parts[c].index] * kv_[j];
    }
    for (std::size_t c = 0; c < parts.size(); ++c) out[c] += ex.base;
  }

  void learn(const Example& ex, const std::vector<Feature>& x, Parts parts, double p_hat, double label,
             double importance) override {
    if (!(importance > 0.0)) return;
    cache(x);  // a hit after predict() on the same example
    const double y = label > 0.0 ? 1.0 : -1.0;
    if (y * (ex.base + signed_sum(parts)) > 0.0) return;  // no mistake (seed 002)
    if (empty_update(parts)) return;                       // e.g. parts {y*: +1, y*: -1}
    const double step = config_.rate * importance * y;
    if (!finite_step(step, parts)) {
      ++dropped_;
      return;
    }
    if (self_ < 0) insert();
    float* a = support_.coef(static_cast<uint64_t>(self_));
    for (const Part& part : parts) {
      a[part.index] = static_cast<float>(a[part.index] + step * part.sign);
      bias_[part.index] = static_cast<float>(bias_[part.index] + step * part.sign * x_.x0());
    }
    ++updates_;
  }

  void save(ModelWriter& out, bool with_state) const override;
  void load(ModelReader& in) override;
  void write_text(std::FILE* out, const NameMap* names) const override;

 private:
  // Makes x the cached example: prepared vector and one kernel value per
  // support vector. A hit when x's features equal the cached ones.
  void cache(const std::vector<Feature>& x) {
    if (valid_ && x.size() == key_.size() &&
        (x.empty() || std::memcmp(x.data(), key_.data(), x.size() * sizeof(Feature)) == 0))
      return;
    key_.assign(x.begin(), x.end());
    x_.prepare(x, mask_);
    const SparseView v = x_.view();
    kv_.resize(support_.size());
    for (uint64_t j = 0; j < support_.size(); ++j) kv_[j] = kernel_(support_.view(j), v);
    evaluations_ += support_.size();
    self_ = -1;
    valid_ = true;
  }

  // f_c(x) - base on the cached example.
  double f(uint32_t c) const {
    double s = bias_[c] * x_.x0();
    for (uint64_t j = 0; j < support_.size(); ++j) s += support_.coef(j)[c] * kv_[j];
    return s;
  }

  double signed_sum(Parts parts) const {
    double s = 0.0;
    for (const Part& part : parts) s += part.sign * f(part.index);
    return s;
  }

  // True when the parts' signs cancel on every sub-model they name.
  static bool empty_update(Parts parts) {
    for (const Part& a : parts) {
      double net = 0.0;
      for (const Part& b : parts)
        if (b.index == a.index) net += b.sign;
      if (net != 0.0) return false;
    }
    return true;
  }

  // True when the update of `step` keeps every number finite.
  bool finite_step(double step, Parts parts) const {
    if (!std::isfinite(step) || !x_.finite()) return false;
    for (const Part& part : parts) {
      const double a = self_ < 0 ? 0.0 : support_.coef(static_cast<uint64_t>(self_))[part.index];
      if (!std::isfinite(static_cast<float>(a + step * part.sign)) ||
          !std::isfinite(static_cast<float>(bias_[part.index] + step * part.sign * x_.x0())))
        return false;
    }
    return true;
  }

  // Inserts the cached example (evicting first when the budget is full).
  void insert() {
    if (config_.budget > 0 && support_.size() >= config_.budget) {
      const uint64_t j = config_.eviction == Eviction::kOldest ? 0 : support_.smallest();
      support_.erase(j);
      kv_.erase(kv_.begin() + static_cast<std::ptrdiff_t>(j));
    }
    const SparseView v = x_.view();
    self_ = static_cast<int64_t>(support_.add(v));
    kv_.push_back(kernel_(v, v));
    ++evaluations_;
  }

  KernelConfig config_;
  uint64_t mask_;
  detail::KernelFunction kernel_;
  std::unique_ptr<Loss> loss_;
  detail::SupportSet support_;
  std::vector<float> bias_;
  // The cached example.
  bool valid_ = false;
  std::vector<Feature> key_;
  detail::PreparedVector x_;
  std::vector<double> kv_;
  int64_t self_ = -1;  // the support vector the cached example inserted
  uint64_t evaluations_ = 0, updates_ = 0, dropped_ = 0;
};

void KernelPerceptron::save(ModelWriter& out, bool with_state) const {
  out.begin_section("kernel.config", 1);
  out.put<uint8_t>(static_cast<uint8_t>(config_.kernel));
  out.put<int32_t>(config_.degree);
  out.put<double>(config_.coef0);
  out.put<double>(config_.gamma);
  out.put<uint32_t>(config_.bits);
  out.put<uint32_t>(config_.sub_models);
  out.begin_section("kernel.bias", 1);
  out.put_floats(bias_.data(), bias_.size());
  out.begin_section("kernel.support", 1);
  support_.save(out);
}

void KernelPerceptron::load(ModelReader& in) {
  in.section("kernel.config", 1);
  const auto kind = in.get<uint8_t>();
  const auto degree = in.get<int32_t>();
  const auto coef0 = in.get<double>();
  const auto gamma = in.get<double>();
  const auto bits = in.get<uint32_t>();
  const auto k = in.get<uint32_t>();
  // The kernel's parameters matter only where the kernel uses them.
  const bool poly = config_.kernel == KernelKind::kPoly;
  const bool uses_gamma = config_.kernel != KernelKind::kLinear;
  if (kind != static_cast<uint8_t>(config_.kernel) || bits != config_.bits || k != config_.sub_models ||
      (poly && (degree != config_.degree || coef0 != config_.coef0)) || (uses_gamma && gamma != config_.gamma))
    throw Error(in.path() + ": the model's kernel, its parameters, -b or sub-models differ from the learner's");
  in.section("kernel.bias", 1);
  in.get_floats(bias_.data(), bias_.size(), "bias");
  for (float b : bias_)
    if (!std::isfinite(b)) throw Error(in.path() + ": non-finite kernel.bias");
  in.section("kernel.support", 1);
  support_.load(in, mask_, config_.budget > 0 ? config_.budget : uint64_t{1} << 40);
  valid_ = false;
}

void KernelPerceptron::write_text(std::FILE* out, const NameMap* names) const {
  // "bias[c]:b" per non-zero bias, then per vector j "sv<j>[c]:a" per
  // non-zero coefficient and "sv<j>:index:value ..." (its features).
  for (uint32_t c = 0; c < config_.sub_models; ++c)
    if (bias_[c] != 0.0f) std::fprintf(out, "bias[%u]:%.9g\n", c, bias_[c]);
  for (uint64_t j = 0; j < support_.size(); ++j) {
    const auto jj = static_cast<unsigned long long>(j);
    for (uint32_t c = 0; c < config_.sub_models; ++c)
      if (support_.coef(j)[c] != 0.0f) std::fprintf(out, "sv%llu[%u]:%.9g\n", jj, c, support_.coef(j)[c]);
    const SparseView v = support_.view(j);
    std::fprintf(out, "sv%llu:", jj);
    for (uint32_t i = 0; i < v.n; ++i) std::fprintf(out, " %u:%.9g", v.idx[i], v.val[i]);
    std::fprintf(out, "\n");
  }
}

}  // namespace

KernelKind parse_kernel(const std::string& name) {
  if (name == "linear") return KernelKind::kLinear;
  if (name == "poly") return KernelKind::kPoly;
  if (name == "rbf") return KernelKind::kRbf;
  if (name == "laplacian") return KernelKind::kLaplacian;
  throw Error("unknown kernel '" + name + "' (linear, poly, rbf or laplacian)");
}

Eviction parse_eviction(const std::string& name) {
  if (name == "oldest") return Eviction::kOldest;
  if (name == "smallest") return Eviction::kSmallest;
  throw Error("unknown eviction policy '" + name + "' (oldest or smallest)");
}

std::unique_ptr<KernelLearner> make_kernel_perceptron(const KernelConfig& c) {
  if (c.bits < 1 || c.bits > 32) throw Error("-b must be in 1..32, not " + std::to_string(c.bits));
  if (c.sub_models == 0) throw Error("a learner needs at least one sub-model");
  if (c.degree < 1) throw Error("--degree must be at least 1");
  if (!(std::isfinite(c.gamma) && c.gamma > 0.0)) throw Error("--gamma must be finite and positive");
  if (!(std::isfinite(c.rate) && c.rate > 0.0)) throw Error("the kernel perceptron's rate (-l) must be finite and positive");
  if (!std::isfinite(c.coef0)) throw Error("--coef0 must be finite");
  return std::make_unique<KernelPerceptron>(c);
}

}  // namespace learner
