// Sampled softmax, the listwise ranking loss of learner-topn --loss softmax
// (Bengio & Senecal 2008; Jean, Cho, Memisevic & Bengio 2015; as a top-N
// loss: Rendle, Krichene, Zhang & Anderson 2020, Rendle 2021).
//
// One positive item i of user u against K sampled negatives j_1..j_K (drawn
// from q, never one of the user's items): candidates x_0 = i, x_1..x_K = j,
//   logit o_x = s(u, x) - log q(x),  s(u, x) = b_x + V_u . V_x,
//   loss = -log softmax(o)_0 = logsumexp(o) - o_0,
//   dloss/ds_x = p_x - [x = 0],  p = softmax(o).
// The log-q correction makes the sampled loss's gradient an estimate of the
// full softmax's over the catalogue (TensorFlow's subtract_log_q applies it
// to every candidate, the positive's included, as here); for uniform draws it
// is one constant for all candidates and cancels. The user's bias and the
// dyadic offset -k c^2 are the same for every candidate and cancel too.
// Several positives P (the first `positives` candidates) against one shared
// negative set N (the full softmax: N = every item the user has not got) sum
// the loss over the positives, each against N alone:
//   loss = sum_{i in P} [log(e^{o_i} + sum_{j in N} e^{o_j}) - o_i],
//   dloss/ds_i = e^{o_i} / D_i - 1,  dloss/ds_j = e^{o_j} sum_{i in P} 1 / D_i,
//   D_i = e^{o_i} + sum_{j in N} e^{o_j};
// with one positive this is the loss above.
//
// The step is plain SGD on the latent vectors and item biases, not the
// model's closed-form importance-aware path (that path moves one scalar
// prediction; a softmax moves K + 1): with rate eta for vectors and eta_b for
// biases, every gradient taken at the values before the step,
//   V_u -= eta (sum_x g_x V_x + l2 V_u),
//   V_x -= eta (g_x V_u + l2 V_x)          (once per occurrence of x),
//   b_x -= eta_b (g_x + bias_l2 b_x),
// then, with max_norm > 0, every vector touched longer than max_norm is
// scaled back to it. A step whose result would hold a non-finite number, or
// one larger than kMaxMagnitude, writes nothing and returns false (so nothing
// non-finite ever enters the weights).
//
// logsumexp subtracts the largest logit first, so scores of any finite size
// give finite probabilities in [0, 1] and a finite loss.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace learner::topn {

// The loss above and its gradient in the logits, the first `positives`
// (>= 1) logits the positives', the rest the negatives'; grad.size() ==
// logits.size() > positives. Each positive's sum is taken relative to the
// larger of its logit and the negatives' largest, so every term is at most 1
// and the sums at least 1. Non-finite logits: returns NaN, grad all 0.
double softmax_loss_and_grad(std::span<const double> logits, std::size_t positives, std::span<double> grad);
inline double softmax_loss_and_grad(std::span<const double> logits, std::span<double> grad) {
  return softmax_loss_and_grad(logits, 1, grad);
}

struct SoftmaxRates {
  double latent = 0.05;   // eta
  double bias = 0.05;     // eta_b
  double l2 = 0.0;        // latent L2 per occurrence
  double bias_l2 = 0.0;
  double max_norm = 0.0;  // 0: no norm constraint
};

// The vectors of one update: the user's, and one row per candidate (the
// positive first; a candidate may repeat), each `rank` floats, with its bias.
struct SoftmaxCandidates {
  float* user = nullptr;
  std::span<float* const> item;      // K + 1 vectors
  std::span<float* const> bias;      // K + 1 biases
  std::span<const double> log_q;     // K + 1 corrections, or empty (uniform)
  unsigned rank = 0;
  std::size_t positives = 1;         // the first `positives` candidates are positives
};

class SoftmaxStep {
 public:
  static constexpr double kMaxMagnitude = 1e30;
  // The loss of the candidates at their current values (no update).
  double loss(const SoftmaxCandidates& c);
  // One step as above; returns false (and writes nothing) when the step would
  // leave a non-finite or over-large value. `loss_out`: the loss before it.
  bool step(const SoftmaxCandidates& c, const SoftmaxRates& r, double* loss_out = nullptr);

 private:
  void logits(const SoftmaxCandidates& c);
  std::vector<double> logits_, grad_;
  std::vector<float> user_delta_, item_delta_, bias_delta_;  // reused: no allocation per step
};

}  // namespace learner::topn
