#include "kernel_perceptron.h"
#include "learner/learners/plugins.h"

#include <cmath>

#include "budget_merge.h"
#include "kernel_learner.h"
#include "learner/error.h"
#include "../option_helpers.h"

namespace learner {
namespace detail {

KernelPerceptron::KernelPerceptron(const KernelConfig& c)
    : config_(c), mask_((uint64_t{1} << c.bits) - 1), kernel_{c.kernel, c.degree, c.coef0, c.gamma},
      loss_(make_loss(LossSpec{"perceptron"})), support_(c.sub_models) {}

void KernelPerceptron::refill(const std::vector<Feature>& x) {
  key_.assign(x.begin(), x.end());
  x_.prepare(x, mask_);
  const SparseView v = x_.view();
  kv_.resize(support_.size());
  bool finite = true;
  for (uint64_t j = 0; j < support_.size(); ++j) {
    kv_[j] = kernel_(support_.view(j), v);
    finite &= std::isfinite(kv_[j]);
  }
  kv_finite_ = finite;
  evaluations_ += support_.size();
  self_ = -1;
  valid_ = true;
}

void KernelPerceptron::scores(Parts parts, double steps, double* out) const {
  // One sweep over the support set for all parts.
  for (std::size_t c = 0; c < parts.size(); ++c) out[c] = 0.0;
  for (uint64_t j = 0; j < support_.size(); ++j)
    for (std::size_t c = 0; c < parts.size(); ++c) out[c] += support_.coef_at(j, parts[c].index, steps) * kv_[j];
}

double KernelPerceptron::signed_sum(Parts parts, double steps) const {
  double s = 0.0;
  for (std::size_t c = 0; c < parts.size(); ++c) {
    double f;
    scores(parts.subspan(c, 1), steps, &f);
    s += parts[c].sign * f;
  }
  return s;
}

double KernelPerceptron::predict(const Example& ex, const std::vector<Feature>& x, Parts parts) {
  cache(x);
  return ex.base + signed_sum(parts, average_steps());
}

void KernelPerceptron::predict_each(const Example& ex, const std::vector<Feature>& x, Parts parts, double* out) {
  cache(x);
  scores(parts, average_steps(), out);
  for (std::size_t c = 0; c < parts.size(); ++c) out[c] += ex.base;
}

namespace {
// True when the parts' signs cancel on every sub-model they name.
bool empty_update(Parts parts) {
  for (const Part& a : parts) {
    double net = 0.0;
    for (const Part& b : parts)
      if (b.index == a.index) net += b.sign;
    if (net != 0.0) return false;
  }
  return true;
}
}  // namespace

void KernelPerceptron::learn(const Example& ex, const std::vector<Feature>& x, Parts parts, double p_hat,
                             double label, double importance) {
  if (!(importance > 0.0)) return;
  cache(x);  // a hit after predict() on the same example
  const double y = label > 0.0 ? 1.0 : -1.0;
  const double step = config_.rate * importance * y;
  // Seed 002: update on a mistake, y p <= 0 (p on the current coefficients).
  if (y * (ex.base + signed_sum(parts, 0.0)) <= 0.0 && !empty_update(parts)) {
    // k(x, x) is needed only when x enters the set.
    const double kxx = self_ < 0 ? kernel_(x_.view(), x_.view()) : 0.0;
    if (!step_is_finite(step, parts) || !std::isfinite(kxx)) {
      ++dropped_;
    } else {
      if (self_ < 0) insert(kxx);
      const auto j = static_cast<uint64_t>(self_);
      for (const Part& part : parts) {
        const double da = step * part.sign;
        support_.coef(j)[part.index] = static_cast<float>(support_.coef(j)[part.index] + da);
        support_.sums(j)[part.index] += steps_ * da;  // lazy averaging: (t - 1) delta
      }
      ++updates_;
    }
  }
  steps_ += 1.0;
}

bool KernelPerceptron::step_is_finite(double step, Parts parts) const {
  // A kernel value that is not finite (extreme --gamma, --coef0 or values:
  // poly overflows) would make every later prediction on the set infinite
  // or NaN: such an example is not learned from.
  if (!std::isfinite(step) || !x_.finite() || !kv_finite_) return false;
  for (const Part& part : parts) {
    const double a = self_ < 0 ? 0.0 : support_.coef(static_cast<uint64_t>(self_))[part.index];
    const double u = self_ < 0 ? 0.0 : support_.sums(static_cast<uint64_t>(self_))[part.index];
    const double da = step * part.sign;
    if (!std::isfinite(static_cast<float>(a + da)) || !std::isfinite(u + steps_ * da)) return false;
  }
  return true;
}

void KernelPerceptron::insert(double kxx) {
  if (config_.budget > 0 && support_.size() >= config_.budget) evict();
  const SparseView v = x_.view();
  self_ = static_cast<int64_t>(support_.add(v));
  kv_.push_back(kxx);
  ++evaluations_;
}

void KernelPerceptron::evict() {
  auto erase_kv = [this](uint64_t j) {
    if (valid_) kv_.erase(kv_.begin() + static_cast<std::ptrdiff_t>(j));
  };
  if (config_.eviction == Eviction::kMerge) {
    const MergePlan plan = plan_merge(support_, kernel_, steps_);
    evaluations_ += plan.evaluations;
    if (plan.merge) {
      support_.merge(plan.m, plan.n, plan.h, plan.wm, plan.wn);
      erase_kv(std::max(plan.m, plan.n));
      erase_kv(std::min(plan.m, plan.n));
      if (valid_) {
        const double kz = kernel_(support_.view(support_.size() - 1), x_.view());
        kv_.push_back(kz);
        kv_finite_ = kv_finite_ && std::isfinite(kz);
        ++evaluations_;
      }
      ++merges_;
      return;
    }
    support_.erase(plan.m);
    erase_kv(plan.m);
    return;
  }
  const uint64_t j = config_.eviction == Eviction::kOldest ? 0 : support_.smallest();
  support_.erase(j);
  erase_kv(j);
}

}  // namespace detail

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
  if (name == "merge") return Eviction::kMerge;
  throw Error("unknown eviction policy '" + name + "' (merge, oldest or smallest)");
}

const char* eviction_name(Eviction e) {
  switch (e) {
    case Eviction::kOldest: return "oldest";
    case Eviction::kSmallest: return "smallest";
    case Eviction::kMerge: return "merge";
  }
  return "?";
}

std::unique_ptr<KernelLearner> make_kernel_perceptron(const KernelConfig& c) {
  if (c.bits < 1 || c.bits > 32) throw Error("-b must be in 1..32, not " + std::to_string(c.bits));
  if (c.sub_models == 0) throw Error("a learner needs at least one sub-model");
  if (c.degree < 1 || c.degree > kMaxDegree) throw Error("--degree must be in 1..64");
  if (!(c.gamma > 0.0 && c.gamma <= kMaxGamma)) throw Error("--gamma must be in (0, 1e6]");
  if (!(std::isfinite(c.rate) && c.rate > 0.0))
    throw Error("the kernel perceptron's rate (-l) must be finite and positive");
  if (!(std::fabs(c.coef0) <= kMaxCoef0)) throw Error("--coef0 must be in [-1e6, 1e6]");
  return std::make_unique<detail::KernelPerceptron>(c);
}


const LearnerPlugin& kernel_plugin() {
  static const LearnerPlugin plugin = [] {
    LearnerPlugin p;
    p.name = "kernel";
    p.selector = "kernel";
    p.sign_labels = true;
    p.title = "kernel perceptron";
    OptionSpec kernel;
    kernel.name = "kernel";
    kernel.kind = OptionKind::kText;
    kernel.help = "the kernel perceptron f(x) = sum_j a_j k(x_j, x) + b: poly, rbf, laplacian or linear; multiclass "
                  "through the reductions (one support set shared by the classes)";
    kernel.stored = true;
    OptionSpec budget = number_option("budget", OptionKind::kCount, "0", 0, 1e12,
                                       "at most N support vectors (0: no bound); a mistake beyond it evicts one by "
                                       "--budget_policy; a -i model with more is cut to N the same way", true);
    budget.resumable = true;
    OptionSpec policy;
    policy.name = "budget_policy";
    policy.kind = OptionKind::kText;
    policy.default_value = "merge";
    policy.help = "how --budget makes room: merge (the vector of smallest |a_j| with the partner that changes the "
                  "model least, into one vector between them: keeps accuracy; O(B) per eviction), oldest (drop the "
                  "earliest inserted), smallest (drop the smallest largest |a_j|)";
    policy.stored = true;
    policy.resumable = true;
    p.options = {kernel,
                 number_option("degree", OptionKind::kCount, default_text(KernelConfig{}.degree), 1, kMaxDegree,
                               "poly: (gamma <x,x'> + coef0)^degree", true),
                 number_option("coef0", OptionKind::kNumber, default_text(KernelConfig{}.coef0), -kMaxCoef0, kMaxCoef0, "poly: the constant term",
                               true),
                 number_option("gamma", OptionKind::kNumber, default_text(KernelConfig{}.gamma), 0, kMaxGamma,
                               "poly, rbf exp(-gamma |x - x'|^2), laplacian exp(-gamma |x - x'|_1); an example "
                               "whose kernel values overflow is not learned from",
                               true, 0, true),
                 budget, policy, detail::averaged_option()};
    p.validate = [](const OptionValues& v) {
      try {
        parse_kernel(v.text("kernel"));
        parse_eviction(v.text("budget_policy"));
      } catch (const UsageError&) {
        throw;
      } catch (const Error& e) {
        throw UsageError(std::string("--kernel: ") + e.what());
      }
    };
    p.make = [](const LearnerContext& c) -> std::unique_ptr<Learner> {
      KernelConfig config;
      config.bits = c.bits;
      config.sub_models = c.sub_models;
      config.kernel = parse_kernel(c.values.text("kernel"));
      config.degree = static_cast<int>(c.values.number("degree"));
      config.coef0 = c.values.number("coef0");
      config.gamma = c.values.number("gamma");
      config.rate = detail::step_of(c.values);
      config.budget = static_cast<uint64_t>(c.values.number("budget"));
      config.eviction = parse_eviction(c.values.text("budget_policy"));
      config.averaged = c.values.flag("averaged");
      return make_kernel_perceptron(config);
    };
    return p;
  }();
  return plugin;
}

}  // namespace learner
