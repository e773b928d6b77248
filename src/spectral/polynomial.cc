#include "learner/spectral/polynomial.h"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace learner::spectral {
namespace {

void extend(std::vector<int>& tau, int var, int left, std::vector<std::vector<int>>& out) {
  if (var == static_cast<int>(tau.size())) {
    if (left == 0) out.push_back(tau);
    return;
  }
  for (int t = left; t >= 0; --t) {
    tau[var] = t;
    extend(tau, var + 1, left - t, out);
  }
  tau[var] = 0;
}

std::size_t term_count(int vars, int order) {  // C(vars + order, order)
  double c = 1.0;
  for (int i = 1; i <= order; ++i) c = c * (vars + i) / i;
  return static_cast<std::size_t>(std::llround(c));
}

}  // namespace

std::vector<std::vector<int>> total_degree_exponents(int vars, int order) {
  std::vector<std::vector<int>> out;
  std::vector<int> tau(static_cast<std::size_t>(vars), 0);
  for (int degree = 0; degree <= order; ++degree) extend(tau, 0, degree, out);
  return out;
}

double chebyshev(int n, double x) {
  if (n == 0) return 1.0;
  double prev = 1.0, cur = x;
  for (int t = 1; t < n; ++t) {
    const double next = 2.0 * x * cur - prev;
    prev = cur;
    cur = next;
  }
  return cur;
}

PolynomialFit::PolynomialFit(const Eigen::MatrixXd& s, const Eigen::VectorXd& y, int order, Basis basis, double ridge)
    : basis_(basis), order_(order) {
  const Eigen::Index n = s.rows(), vars = s.cols();
  if (n < 1 || y.size() != n) throw std::invalid_argument("PolynomialFit: needs as many targets as rows, at least one");
  while (order_ > 0 && term_count(static_cast<int>(vars), order_) > static_cast<std::size_t>(n)) --order_;
  exponents_ = total_degree_exponents(static_cast<int>(vars), order_);
  shift_.resize(vars);
  scale_.resize(vars);
  for (Eigen::Index v = 0; v < vars; ++v) {
    const auto col = s.col(v);
    double lo, width;
    if (basis_ == Basis::kChebyshev) {
      lo = col.minCoeff();
      width = (col.maxCoeff() - lo) / 2.0;
      shift_[v] = lo + width;
    } else {
      shift_[v] = col.mean();
      width = std::sqrt((col.array() - shift_[v]).square().mean());
    }
    scale_[v] = width > 1e-12 * (1.0 + std::fabs(shift_[v])) ? 1.0 / width : 0.0;
  }
  const Eigen::Index terms = static_cast<Eigen::Index>(exponents_.size());
  Eigen::MatrixXd a(n, terms);
  std::vector<double> row(static_cast<std::size_t>(terms)), si(static_cast<std::size_t>(vars));
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index v = 0; v < vars; ++v) si[v] = s(i, v);
    design_row(si, row.data());
    for (Eigen::Index t = 0; t < terms; ++t) a(i, t) = row[t];
  }
  Eigen::MatrixXd gram = a.transpose() * a;
  // a tiny relative jitter keeps LDLT defined for collinear columns without ridge
  gram.diagonal().array() += 1e-12 * (1.0 + gram.diagonal().maxCoeff());
  for (Eigen::Index t = 1; t < terms; ++t) gram(t, t) += ridge;
  x_ = gram.ldlt().solve(a.transpose() * y);
}

void PolynomialFit::design_row(std::span<const double> s, double* out) const {
  const std::size_t vars = s.size();
  std::vector<std::vector<double>> powers(vars, std::vector<double>(static_cast<std::size_t>(order_) + 1));
  for (std::size_t v = 0; v < vars; ++v) {
    double t = (s[v] - shift_[v]) * scale_[v];
    if (basis_ == Basis::kChebyshev) t = std::clamp(t, -1.0, 1.0);
    for (int p = 0; p <= order_; ++p)
      powers[v][p] = basis_ == Basis::kChebyshev ? chebyshev(p, t) : (p == 0 ? 1.0 : powers[v][p - 1] * t);
  }
  for (std::size_t j = 0; j < exponents_.size(); ++j) {
    double value = 1.0;
    for (std::size_t v = 0; v < vars; ++v)
      if (exponents_[j][v] != 0) value *= powers[v][exponents_[j][v]];
    out[j] = value;
  }
}

double PolynomialFit::operator()(std::span<const double> s) const {
  std::vector<double> row(exponents_.size());
  design_row(s, row.data());
  double sum = 0.0;
  for (std::size_t j = 0; j < row.size(); ++j) sum += x_[static_cast<Eigen::Index>(j)] * row[j];
  return sum;
}

}  // namespace learner::spectral
