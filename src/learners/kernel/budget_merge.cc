#include "budget_merge.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace learner::detail {
namespace {

constexpr int kRefine = 4;       // candidates whose h is searched, best first by E(h0)
constexpr int kIterations = 16;  // golden-section steps: h to 0.618^16 < 1e-3

// x_m and x_n, and their coefficients' products.
struct Pair {
  uint64_t n = 0;
  double sq_m = 0, sq_n = 0, dot = 0, dist2 = 0, l1 = 0, x0_m = 0, x0_n = 0;
  double kmm = 0, knn = 0, kmn = 0;  // k' (with the bias term)
  double A = 0, B = 0, C = 0;        // |a_m|^2, |a_n|^2, <a_m, a_n>
  double h = 0, error = 0;           // the best h so far and the error there
};

struct Segment {
  double mz, nz, zz;  // k'(x_m, z), k'(x_n, z), k'(z, z)
};

Segment on_segment(const KernelFunction& k, const Pair& p, double h) {
  const double g = 1.0 - h;
  const double x0 = h * p.x0_m + g * p.x0_n;
  const double zz = h * h * p.sq_m + 2.0 * h * g * p.dot + g * g * p.sq_n;
  return {k.of(h * p.sq_m + g * p.dot, g * g * p.dist2, g * p.l1) + p.x0_m * x0,
          k.of(h * p.dot + g * p.sq_n, h * h * p.dist2, h * p.l1) + p.x0_n * x0, k.of(zz, 0.0, 0.0) + x0 * x0};
}

constexpr double kInf = std::numeric_limits<double>::infinity();

// |a_m phi_m + a_n phi_n - a_z phi(z)|^2 with a_z the projection: the whole
// minus what the merged vector keeps; +inf where z is not usable.
double error(const Pair& p, const Segment& s, double A, double B, double C) {
  const double kept = (A * s.mz * s.mz + 2.0 * C * s.mz * s.nz + B * s.nz * s.nz) / s.zz;
  const double e = A * p.kmm + B * p.knn + 2.0 * C * p.kmn - kept;
  return s.zz > 0.0 && std::isfinite(e) ? e : kInf;
}

double error_at(const KernelFunction& k, const Pair& p, double h) {
  return error(p, on_segment(k, p, h), p.A, p.B, p.C);
}

void consider(const KernelFunction& k, Pair& p, double h) {
  if (const double e = error_at(k, p, h); e < p.error) {
    p.h = h;
    p.error = e;
  }
}

// Golden-section search for the smallest error on [0, 1] (E need not be
// unimodal: the result is kept only when it beats h = 0 and h0).
void search(const KernelFunction& k, Pair& p) {
  constexpr double r = 0.6180339887498949;
  double lo = 0.0, hi = 1.0, x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo);
  double e1 = error_at(k, p, x1), e2 = error_at(k, p, x2);
  for (int i = 0; i < kIterations; ++i) {
    if (e1 > e2) {
      lo = x1;
      x1 = x2;
      e1 = e2;
      x2 = lo + r * (hi - lo);
      e2 = error_at(k, p, x2);
    } else {
      hi = x2;
      x2 = x1;
      e2 = e1;
      x1 = hi - r * (hi - lo);
      e1 = error_at(k, p, x1);
    }
  }
  consider(k, p, e1 <= e2 ? x1 : x2);
}

double squared(const float* a, uint32_t k) {
  double s = 0.0;
  for (uint32_t c = 0; c < k; ++c) s += static_cast<double>(a[c]) * a[c];
  return s;
}

}  // namespace

MergePlan plan_merge(const SupportSet& s, const KernelFunction& k, double steps) {
  MergePlan plan;
  const uint32_t K = s.sub_models();
  double smallest = kInf, smallest_avg = kInf;
  for (uint64_t j = 0; j < s.size(); ++j) {
    const double a = squared(s.coef(j), K);
    if (a > smallest) continue;
    double abar = 0.0;
    for (uint32_t c = 0; steps > 0.0 && c < K; ++c) abar += std::pow(static_cast<double>(s.coef_at(j, c, steps)), 2);
    if (a < smallest || abar < smallest_avg) {
      smallest = a;
      smallest_avg = abar;
      plan.m = j;
    }
  }
  if (s.size() < 2) return plan;
  const SparseView xm = s.view(plan.m);
  const float* am = s.coef(plan.m);
  Pair best[kRefine];
  int kept_count = 0;
  for (uint64_t j = 0; j < s.size(); ++j) {
    if (j == plan.m) continue;
    const SparseView xn = s.view(j);
    const float* an = s.coef(j);
    Pair p;
    p.n = j;
    p.sq_m = xm.sq;
    p.sq_n = xn.sq;
    p.x0_m = xm.x0;
    p.x0_n = xn.x0;
    if (k.kind == KernelKind::kLaplacian) {
      p.l1 = l1_distance(xm, xn);
    } else {
      p.dot = dot(xm, xn);
      p.dist2 = std::max(p.sq_m + p.sq_n - 2.0 * p.dot, 0.0);
    }
    p.kmm = k.of(p.sq_m, 0.0, 0.0) + p.x0_m * p.x0_m;
    p.knn = k.of(p.sq_n, 0.0, 0.0) + p.x0_n * p.x0_n;
    p.kmn = k.of(p.dot, p.dist2, p.l1) + p.x0_m * p.x0_n;
    p.A = smallest;
    for (uint32_t c = 0; c < K; ++c) {
      p.B += static_cast<double>(an[c]) * an[c];
      p.C += static_cast<double>(am[c]) * an[c];
    }
    ++plan.evaluations;
    const double sum = p.A + p.B + 2.0 * p.C;
    const double h0 = sum > 0.0 ? std::clamp((p.A + p.C) / sum, 0.0, 1.0) : 0.5;
    p.h = 0.0;
    p.error = kInf;
    consider(k, p, 0.0);  // finite unless k'(x_n, x_n) is not positive
    consider(k, p, h0);
    if (!(p.error < kInf)) continue;
    // Keep the kRefine smallest errors, sorted.
    int at = std::min(kept_count, kRefine - 1);
    if (kept_count == kRefine && !(p.error < best[at].error)) continue;
    for (; at > 0 && p.error < best[at - 1].error; --at) best[at] = best[at - 1];
    best[at] = p;
    kept_count = std::min(kept_count + 1, kRefine);
  }
  if (kept_count == 0) return plan;
  for (int i = 0; i < kept_count; ++i) search(k, best[i]);
  const Pair* p =
      std::min_element(best, best + kept_count, [](const Pair& a, const Pair& b) { return a.error < b.error; });
  const float* an = s.coef(p->n);
  const Segment z = on_segment(k, *p, p->h);
  plan.n = p->n;
  plan.h = p->h;
  plan.wm = z.mz / z.zz;
  plan.wn = z.nz / z.zz;
  // Merge only into finite coefficients and sums.
  bool finite = std::isfinite(plan.wm) && std::isfinite(plan.wn) && z.zz > 0.0;
  for (uint32_t c = 0; finite && c < K; ++c)
    finite = std::isfinite(static_cast<float>(plan.wm * am[c] + plan.wn * an[c])) &&
             std::isfinite(plan.wm * s.sums(plan.m)[c] + plan.wn * s.sums(p->n)[c]);
  plan.merge = finite;
  return plan;
}

}  // namespace learner::detail
