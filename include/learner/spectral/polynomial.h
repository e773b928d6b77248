// The polynomial decision function of seed 004, eq. (8): theta(S) = sum_j x_j psi_j(S),
// psi_j(s_1..s_eta) = prod_l p^(tau_l)(s_l), fitted by least squares on one user's known
// decisions ("as many right-side entries as there are known decisions of the current user").
//
//  * Basis: all exponent tuples tau with total degree |tau| <= order (the paper: "products of
//    all possible combinations of single variable polynomials", with "higher orders severely
//    restricting the number of factors", i.e. a total-degree bound): C(eta + order, order)
//    terms, graded: the constant, then degree 1 (s_1 .. s_eta), then degree 2, ...
//  * p^(t): the monomial s^t (the paper's "trivial basis") or the Chebyshev polynomial T_t
//    (T_0 = 1, T_1 = s, T_{t+1} = 2 s T_t - T_{t-1}; the paper: "Chebyshev ... also worked well").
//  * Before the basis, each variable is mapped affinely, from the fitting rows: monomial,
//    to zero mean and unit variance; Chebyshev, onto [-1, 1] (min -> -1, max -> 1), and a
//    query outside the box is clamped to it. Total-degree polynomials are closed under affine
//    maps of each variable, so without ridge the fitted function is the paper's; the map only
//    conditions the system and makes the ridge scale-free. A constant variable maps to 0.
//  * Fit: x = argmin ||A x - y||^2 + ridge ||x_{1..}||^2 (the constant is not shrunk), by
//    LDLT of the normal equations. The paper asks for at least one equation per basis
//    function: with fewer rows than terms the order is lowered until it holds (order 0 is the
//    mean of y); `order()` tells what was fitted.
#pragma once

#include <span>
#include <vector>

#include <Eigen/Core>

namespace learner::spectral {

enum class Basis { kMonomial, kChebyshev };

// Exponent tuples of total degree <= order in `vars` variables, graded as above.
std::vector<std::vector<int>> total_degree_exponents(int vars, int order);

// T_n(x) by the three-term recurrence.
double chebyshev(int n, double x);

class PolynomialFit {
 public:
  // rows: one S per row (rows x eta); y: targets. Requires rows >= 1.
  PolynomialFit(const Eigen::MatrixXd& s, const Eigen::VectorXd& y, int order, Basis basis, double ridge);

  double operator()(std::span<const double> s) const;
  int order() const { return order_; }
  const Eigen::VectorXd& coefficients() const { return x_; }

 private:
  void design_row(std::span<const double> s, double* out) const;

  Basis basis_;
  int order_;
  std::vector<std::vector<int>> exponents_;
  Eigen::VectorXd shift_, scale_;  // t = (s - shift) * scale
  Eigen::VectorXd x_;
};

}  // namespace learner::spectral
