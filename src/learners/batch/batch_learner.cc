#include "batch_learner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "conjugate_gradient.h"
#include "learner/error.h"

namespace learner {
namespace {

constexpr unsigned kStride = 4;                 // the gd table's [w, G, s, r]
constexpr double kMaxConditionRatio = 1e4;      // VW's MAX_PRECOND_RATIO
constexpr double kSmallestStep = 1e-12;         // backtracking gives up below this
constexpr double kSufficientDecrease = 0.01;    // Armijo's c1 (VW's wolfe1_bound)

}  // namespace

BatchLearner::BatchLearner(const BatchConfig& config, const CoreConfig& core, const Loss& loss, AllReduce* group)
    : config_(config), loss_(loss), model_(core, loss), group_(group ? *group : alone_) {
  if (core.has_latent()) throw UsageError("--bfgs and --conjugate_gradient train linear weights; --dotproduct is not supported");
  if (config_.method == BatchConfig::Method::kLbfgs && config_.mem == 0) throw UsageError("--mem must be at least 1");
  // A conjugate direction has no natural length: every step is Newton's
  // along it, from a curvature pass (VW too: its CG is L-BFGS with m = 0,
  // which turns --hessian_on on).
  if (config_.method == BatchConfig::Method::kConjugateGradient) config_.hessian_on = true;
  const auto n = static_cast<Eigen::Index>(model_.weights().slots());
  g_ = Eigen::VectorXd::Zero(n);
  diagonal_ = Eigen::VectorXd::Zero(n);
  if (config_.method == BatchConfig::Method::kLbfgs) memory_ = std::make_unique<LbfgsMemory>(config_.mem, n);
}

// F is the loss of the raw prediction w.x, not of the caller's p_hat, which
// is clipped to the label range: the clipped loss is flat outside it (its
// gradient 0, not loss'(p_hat)), so a step that carries predictions past the
// range would see a constant F that no backtracking lowers.
void BatchLearner::learn(const Example& ex, const std::vector<Feature>& x, Parts parts, double /*p_hat*/,
                         double label, double importance) {
  if (!(importance > 0.0) || done_) return;
  const double p = model_.predict(ex, x, parts);
  if (phase_ == Phase::kCurvature) {  // the weights have not moved: p is at w_prev
    double dx = 0.0;
    for (const Part& part : parts)
      for (const Feature& f : x) dx += part.sign * d_[model_.slot_of(f.index, part.index)] * f.value;
    const double h = importance * curvature_at(p, label) * dx * dx;
    if (std::isfinite(h)) curvature_ += h;
    return;
  }
  const double l = importance * loss_.loss(p, label);
  const double gscale = importance * loss_.first_derivative(p, label);
  const double h = first_ ? importance * curvature_at(p, label) : 0.0;
  if (!std::isfinite(l) || !std::isfinite(gscale) || !std::isfinite(h)) return;  // never enters the sums
  loss_sum_ += l;
  weight_sum_ += importance;
  for (const Part& part : parts)
    for (const Feature& f : x) {
      const uint32_t k = model_.slot_of(f.index, part.index);
      g_[k] += part.sign * gscale * f.value;
      if (first_) diagonal_[k] += h * f.value * f.value;
    }
}

double BatchLearner::curvature_at(double p, double label) const {
  return loss_.piecewise_linear() ? 1.0 : loss_.second_derivative(p, label);
}

Eigen::VectorXd BatchLearner::read_weights() const {
  const float* data = model_.weights().data();
  Eigen::VectorXd w(g_.size());
  for (Eigen::Index i = 0; i < w.size(); ++i) w[i] = data[static_cast<std::size_t>(i) * kStride];
  return w;
}

void BatchLearner::write_weights(const Eigen::VectorXd& w) {
  float* data = model_.weights().data();
  for (Eigen::Index i = 0; i < w.size(); ++i) {
    const float v = static_cast<float>(w[i]);
    if (std::isfinite(v)) data[static_cast<std::size_t>(i) * kStride] = v;  // a non-finite value never enters
  }
}

void BatchLearner::set_step(double alpha) {
  alpha_ = alpha;
  write_weights(w_prev_ + alpha * d_);
}

void BatchLearner::report(const BatchPass& p, const char* verdict) const {
  if (config_.quiet || group_.rank() != 0) return;
  std::fprintf(stderr, "%s pass %u objective %.10g average %.10g step %.6g %s\n",
               config_.method == BatchConfig::Method::kLbfgs ? "bfgs" : "cg", p.pass, p.objective,
               p.weight > 0 ? p.objective / p.weight : 0.0, p.step, verdict);
}

void BatchLearner::end_pass() {
  ++pass_;
  if (done_) return;
  if (phase_ == Phase::kCurvature)
    end_curvature_pass();
  else
    end_gradient_pass(false);
}

void BatchLearner::end_training() {
  ++pass_;
  out_of_passes_ = !done_;
  if (!done_ && phase_ == Phase::kGradient && have_prev_) end_gradient_pass(true);
}

// Sums over the group, adds the regulariser, then accepts or backtracks.
void BatchLearner::end_gradient_pass(bool last) {
  double sums[2] = {loss_sum_, weight_sum_};
  group_.sum(sums);
  group_.sum(std::span<double>(g_.data(), static_cast<std::size_t>(g_.size())));
  if (first_) group_.sum(std::span<double>(diagonal_.data(), static_cast<std::size_t>(diagonal_.size())));
  loss_sum_ = weight_sum_ = 0.0;
  const Eigen::VectorXd w = read_weights();
  BatchPass p;
  p.pass = pass_;
  p.weight = sums[1];
  p.objective = sums[0] + 0.5 * config_.l2 * w.squaredNorm();
  g_ += config_.l2 * w;

  if (first_) {  // D = 1 / (curvature + l2), curvatures floored at the largest / kMaxConditionRatio
    const double largest = diagonal_.maxCoeff();
    for (Eigen::Index i = 0; i < diagonal_.size(); ++i) {
      double c = diagonal_[i];
      if (c > 0.0) c = std::max(c, largest / kMaxConditionRatio);
      c += config_.l2;
      diagonal_[i] = c > 0.0 ? 1.0 / c : 0.0;
    }
    first_ = false;
  }

  // Armijo's sufficient decrease F <= F_prev + c1 alpha g.d (else, and when F
  // is not finite, back to the last accepted point with half the step).
  if (have_prev_ && !(p.objective <= f_prev_ + kSufficientDecrease * alpha_ * slope_)) {
    g_.setZero();
    if (last || alpha_ / 2 < kSmallestStep) {
      write_weights(w_prev_);
      done_ = true;
      p.step = 0.0;
      passes_.push_back(p);
      report(p, last ? "rejected (the model keeps the last accepted pass)" : "rejected (step too small; converged)");
      return;
    }
    ++backtracks_;
    set_step(alpha_ / 2);
    p.step = alpha_;
    passes_.push_back(p);
    report(p, "backtrack");
    return;
  }
  p.accepted = true;
  const double decrease = have_prev_ ? (f_prev_ - p.objective) / f_prev_ : 1.0;
  if (have_prev_ && !(std::fabs(decrease) >= config_.termination)) done_ = true;  // NaN (F = 0) too
  if (last) done_ = true;
  if (!done_) {
    if (have_prev_ && memory_) memory_->push(w - w_prev_, g_ - g_prev_);
    choose_direction();
    slope_ = g_.dot(d_);
    if (!(slope_ < 0.0)) done_ = true;  // zero gradient: a minimum
  }
  ++iterations_;
  w_prev_ = w;
  g_prev_ = g_;
  f_prev_ = p.objective;
  have_prev_ = true;
  g_.setZero();
  if (done_) {
    passes_.push_back(p);
    report(p, last ? "accepted (last pass)" : "converged");
    return;
  }
  if (config_.hessian_on || iterations_ == 1) {  // VW too chooses the first step by a curvature pass
    phase_ = Phase::kCurvature;
    curvature_ = 0.0;
  } else {
    set_step(1.0);  // H g has the scale of a Newton step
    p.step = alpha_;
  }
  passes_.push_back(p);
  report(p, "accepted");
}

void BatchLearner::choose_direction() {
  if (memory_) {
    memory_->apply(g_, diagonal_, d_);
    d_ = -d_;
  } else {
    const double beta = d_.size() == g_.size() && g_prev_.size() == g_.size()
                            ? polak_ribiere_plus(g_, g_prev_, diagonal_)
                            : 0.0;
    if (d_.size() != g_.size()) d_ = Eigen::VectorXd::Zero(g_.size());
    conjugate_direction(g_, diagonal_, beta, d_);
  }
  if (!(g_.dot(d_) < 0.0)) {  // not a descent direction: restart from -D g
    d_ = -diagonal_.cwiseProduct(g_);
    if (memory_) memory_->clear();
  }
}

// Newton's step along d: alpha = -g.d / d'Hd.
void BatchLearner::end_curvature_pass() {
  double c[1] = {curvature_};
  group_.sum(c);
  const double curvature = c[0] + config_.l2 * d_.squaredNorm();
  const double slope = g_prev_.dot(d_);
  phase_ = Phase::kGradient;
  if (!(curvature > 0.0) || !std::isfinite(curvature)) {
    if (!config_.quiet && group_.rank() == 0)
      std::fprintf(stderr, "%s: zero or negative curvature along the direction; stopping at the last accepted point\n",
                   config_.method == BatchConfig::Method::kLbfgs ? "bfgs" : "cg");
    done_ = true;
    return;
  }
  set_step(-slope / curvature);
  if (!config_.quiet && group_.rank() == 0)
    std::fprintf(stderr, "%s pass %u curvature %.10g step %.6g\n",
                 config_.method == BatchConfig::Method::kLbfgs ? "bfgs" : "cg", pass_, curvature, alpha_);
}

void BatchLearner::print_summary(std::FILE* out) const {
  std::fprintf(out, "%s iterations = %u (backtracks %u)%s\n",
               config_.method == BatchConfig::Method::kLbfgs ? "bfgs" : "conjugate gradient", iterations_, backtracks_,
               out_of_passes_ ? ", stopped by --passes (not converged)" : done_ ? ", converged" : "");
}

}  // namespace learner

namespace learner {

std::unique_ptr<Learner> make_batch_learner(const BatchConfig& config, const CoreConfig& core, const Loss& loss,
                                            AllReduce* group) {
  return std::make_unique<BatchLearner>(config, core, loss, group);
}

}  // namespace learner
