// Draws for the Gibbs sampler of learner/bayes/bpmf.h: a Gaussian given its precision matrix,
// a Wishart matrix, and the Normal-Wishart hyper-parameters of a set of vectors.
//
// Normal-Wishart posterior: Bishop, "Pattern Recognition and Machine Learning" (2006), eq.
// 2.155 and exercise 2.45; as used by R. Salakhutdinov and A. Mnih, "Bayesian probabilistic
// matrix factorization using Markov chain Monte Carlo", ICML 2008, section 3.3.
// Wishart draw: Bartlett's decomposition (M. S. Bartlett, 1933; A. Smith and Hocking,
// Applied Statistics 21, 1972): for W = L L^T and A lower triangular with A_ii^2 ~ chi^2(nu - i)
// (i = 0..d-1) and A_ij ~ N(0, 1) below the diagonal, L A A^T L^T ~ Wishart(W, nu).
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <random>

namespace learner::bayes {

// SplitMix64 (G. L. Steele, D. Lea, C. H. Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014; the output function of Java's SplittableRandom): a 64-bit counter
// advanced by the golden-ratio increment and mixed. Seeding costs nothing, so each user's and
// item's draw in each sweep has a stream of its own (std::mt19937_64's seeding took two thirds
// of a sweep). A UniformRandomBitGenerator for the <random> distributions.
class Rng {
 public:
  using result_type = std::uint64_t;
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type{0}; }
  result_type operator()() { return mix(state_ += 0x9e3779b97f4a7c15ull); }
  // The finaliser: a bijection of 64-bit words that spreads every input bit over the output.
  static constexpr std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

// x ~ N(mean, precision^{-1}) given the Cholesky factor L of the precision (precision = L L^T):
// x = mean + L^{-T} z, z standard normal. `z` is scratch of the right size.
void draw_gaussian(const Eigen::LLT<Eigen::MatrixXd>& precision_llt, const Eigen::VectorXd& mean, Rng& rng,
                   Eigen::VectorXd& z, Eigen::VectorXd& out);

// A ~ Wishart(scale, nu): E[A] = nu * scale. Requires nu > d - 1 and scale positive definite.
Eigen::MatrixXd draw_wishart(const Eigen::MatrixXd& scale, double nu, Rng& rng);

// x ~ InverseGaussian(mean m, shape l), m, l > 0: J. R. Michael, W. R. Schucany, R. W. Haas,
// "Generating random variates using transformations with multiple roots", The American
// Statistician 30 (1976). Finite and positive for any finite m, l (a large m, from a tiny
// residual in learner/bayes/bpmf.h's Laplace noise, must not give 0).
double draw_inverse_gaussian(double m, double l, Rng& rng);

// The Normal-Wishart prior of a set of d-vectors, N(mu0, (beta0 Lambda)^{-1}) x Wishart(W0, nu0).
struct NormalWishart {
  Eigen::VectorXd mu0;
  double beta0 = 2.0;
  Eigen::MatrixXd w0_inverse;  // W0^{-1}
  double nu0 = 0.0;
  // The conventional prior of BPMF: mu0 = 0, beta0 = 2, W0 = I, nu0 = d.
  static NormalWishart standard(int d);
};

// (mu, Lambda) drawn from the posterior given the columns of `x` (d x N, N >= 0).
void draw_hyper(const NormalWishart& prior, const Eigen::MatrixXd& x, Rng& rng, Eigen::VectorXd& mu,
                Eigen::MatrixXd& lambda);

}  // namespace learner::bayes
