#include "learner/report/best_constant.h"

#include <cmath>

namespace learner {
namespace {

using Bins = std::vector<LabelHistogram::Bin>;

double average_loss(const Loss& loss, const Bins& labels, double c, double total) {
  double sum = 0.0;
  for (const auto& [y, w] : labels) sum += w * loss.loss(c, y);
  return sum / total;
}

// Smallest label whose cumulative weight reaches tau * total.
double weighted_quantile(const Bins& labels, double total, double tau) {
  double cumulative = 0.0;
  for (const auto& [y, w] : labels) {
    cumulative += w;
    if (cumulative >= tau * total * (1 - 1e-12)) return y;
  }
  return labels.back().value;
}

// Golden-section minimisation of a convex function on [lo, hi].
template <class F>
double minimise(F f, double lo, double hi) {
  const double phi = 0.5 * (std::sqrt(5.0) - 1.0);
  double a = lo, b = hi;
  double c = b - phi * (b - a), d = a + phi * (b - a);
  double fc = f(c), fd = f(d);
  for (int i = 0; i < 200 && b - a > 1e-12 * (1 + std::fabs(a) + std::fabs(b)); ++i) {
    if (fc < fd) {
      b = d; d = c; fd = fc; c = b - phi * (b - a); fc = f(c);
    } else {
      a = c; c = d; fc = fd; d = a + phi * (b - a); fd = f(d);
    }
  }
  return 0.5 * (a + b);
}

}  // namespace

std::optional<BestConstant> best_constant(const Loss& loss, const LabelHistogram& histogram) {
  if (histogram.empty()) return std::nullopt;
  const double total = histogram.total();
  const ConstantRule rule = loss.constant_rule();
  // The weighted mean and variance are exact in every mode of the histogram
  // (the variance is the squared loss of the mean).
  if (rule.kind == ConstantRule::Kind::kMean) return BestConstant{histogram.mean(), histogram.variance()};
  const Bins labels = histogram.bins();
  double c;
  switch (rule.kind) {
    case ConstantRule::Kind::kQuantile:
      c = weighted_quantile(labels, total, rule.tau);
      break;
    case ConstantRule::Kind::kLogOdds:
    case ConstantRule::Kind::kMajoritySign: {
      double pos = 0.0, neg = 0.0;
      for (const auto& [y, w] : labels) (y > 0 ? pos : neg) += w;
      if (rule.kind == ConstantRule::Kind::kLogOdds)
        c = pos == 0 ? -1.0 : neg == 0 ? 1.0 : std::log(pos / neg);
      else
        c = pos > neg ? 1.0 : -1.0;
      break;
    }
    case ConstantRule::Kind::kLogMean:
      if (!(histogram.mean() > 0)) return std::nullopt;
      c = std::log(histogram.mean());
      break;
    default:
      c = minimise([&](double v) { return average_loss(loss, labels, v, total); }, histogram.min(), histogram.max());
  }
  return BestConstant{c, average_loss(loss, labels, c, total)};
}

}  // namespace learner
