// The cost weights of objective 10 (seed 001 section 3; issue 14): v >= 0,
// no simplex, with the extra terms -K v.n + (K/2) |v|_n^2, where
// |v|_n^2 = sum_S n_S v_S^2 and n_S are the normalisers of cost_factors.h.
//
// With w and b fixed and the loss-augmented argmax k*_i of every example i
// held fixed (struct_hinge.h), the hinge terms contribute K v_{S(y_i, k*_i)}
// each, i.e. K sum_S m_S v_S with m_S = |S_M| the (weighted) number of
// examples whose argmax is a mistake in S. The part of objective 10 that
// depends on v is then separable:
//     J(v) = K sum_S ( m_S v_S - n_S v_S + (n_S / 2) v_S^2 ),   v >= 0.
// For n_S > 0 each term is a strictly convex parabola with its vertex at
// dJ/dv_S = K (m_S - n_S + n_S v_S) = 0, v_S = 1 - m_S / n_S (equation 11),
// so on v_S >= 0 the minimiser is
//     v_S = max(0, 1 - m_S / n_S)                                 (equation 12).
// For n_S = 0 the term is K m_S v_S, minimised at v_S = 0 (m_S > 0) or flat
// (m_S = 0); we take v_S = 0 in both cases.
// Property 9 follows: m_S > n_S implies v_S = 0; and v_S <= 1 always.
// (When the argmaxes themselves move with v the full objective can have its
// minimum at a kink; see the seed's observations 1-4. The closed form is then
// a fixed point only where the argmaxes at v are unique; tests check that
// such a fixed point is the global minimum on small problems.)
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "learner/learners/struct_svm/cost_factors.h"

namespace learner {

// Equation 12 for every factor. m and n have the same size; every m_S and
// n_S finite and >= 0 (else learner::Error).
std::vector<double> objective10_closed_form(std::span<const double> m, std::span<const double> n);

// J(v) above (scale = K > 0).
double objective10_cost_terms(std::span<const double> v, std::span<const double> m, std::span<const double> n,
                              double scale);

// Plain projected gradient on J, started from v = 1 (uniform costs):
//     v <- max(0, v - eta grad J(v)),  eta = 1 / (K max_S n_S)  (1 / K when every n_S = 0),
// until no coordinate moves by more than `tolerance`, or `max_iterations`
// steps. A coordinate with n_S > 0 contracts towards its minimiser by the
// factor 1 - n_S / max n per step (unless clipped at 0, which it then keeps);
// one with n_S = 0 has the constant gradient K m_S: it reaches 0 in finitely
// many steps when m_S > 0, and stays at 1 when m_S = 0 (J is flat in it; the
// closed form says 0 there).
std::vector<double> objective10_projected_gradient(std::span<const double> m, std::span<const double> n, double scale,
                                                   uint64_t max_iterations = 1000000, double tolerance = 1e-15);

// m_S: for each example (truth[i], predicted[i]) with predicted[i] the
// loss-augmented argmax, adds weight[i] (1 when `weight` is empty) to the
// count of its factor; correct predictions count nowhere.
std::vector<double> mistake_counts(const CostFactors& factors, std::span<const uint32_t> truth,
                                   std::span<const uint32_t> predicted, std::span<const double> weight = {});

}  // namespace learner
