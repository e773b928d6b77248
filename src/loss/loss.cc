// Loss::min_importance default: h_min(v) = integral_0^{t_v} dt / -g(p(t), y),
// t_v = p^-1(v) (docs/dyadic-update.md section 4), by Dormand-Prince
// quadrature at rtol 1e-8.
#include "learner/loss/loss.h"

#include <cmath>
#include <limits>

#include "ode.h"

namespace learner {
namespace {

// dh/ds = 1 / |g(p(d s), y)| with s = |t|.
class InverseGradient final : public ScalarOde {
 public:
  InverseGradient(const Loss& loss, const PredictionPath& path, double y, double d)
      : loss_(loss), path_(path), y_(y), d_(d) {}
  double rate(double s, double) const override {
    return 1.0 / std::fabs(loss_.first_derivative(path_.at(d_ * s), y_));
  }

 private:
  const Loss& loss_;
  const PredictionPath& path_;
  double y_, d_;
};

}  // namespace

double Loss::min_importance(const PredictionPath& path, double y, double v) const {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const double p0 = path.at(0.0);
  if (v == p0) return 0.0;
  if (!std::isfinite(v)) return kInf;
  const double t_v = path.inverse(v);
  if (!(std::fabs(t_v) < PredictionPath::kMaxStep) || t_v == 0.0) return kInf;
  const double d = t_v > 0.0 ? 1.0 : -1.0;
  // g must push toward v all the way: for a convex loss checking both ends is enough.
  if (!(-d * first_derivative(p0, y) > 0.0) || !(-d * first_derivative(v, y) > 0.0)) return kInf;
  const InverseGradient ode(*this, path, y, d);
  OdeOptions opt;
  opt.rtol = 1e-8;
  opt.first_step = std::fabs(t_v) / 16.0;
  opt.atol = 1e-12 * opt.first_step / std::fabs(first_derivative(p0, y));
  const OdeResult r = integrate_dopri(ode, 0.0, {0.0, 0.0}, std::fabs(t_v), opt);
  return r.finished ? r.y[0] : kInf;
}

}  // namespace learner
