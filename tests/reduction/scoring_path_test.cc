// The scoring filter tree's game with --dotproduct (scoring_filter_tree.h):
// p = f(lambda) - f(phi) moves along the closed form derived in the header,
// monotonically, invariantly, and never past the hinge kink.
#include <gtest/gtest.h>

#include <cmath>

#include "fixtures.h"
#include "src/reduction/binary_task.h"

namespace learner {
namespace {

constexpr double kEta = 0.05;

// Fixed rates (no adaptive or normalised rule, t0 huge): the path of one
// update does not depend on earlier ones, so it can be checked exactly.
CoreConfig fixed_rate_config(unsigned rank) {
  CoreConfig c = test::dyadic_config("ui", rank);
  c.rule = UpdateRule{false, false, true};
  c.learning_rate = kEta;
  c.initial_t = 1e15;
  c.init_scale = 0.1;
  return c;
}

struct Game {
  std::unique_ptr<Loss> loss;
  std::unique_ptr<Model> model;
  test::Data data;
  Part parts[2] = {{0, 1.0}, {1, -1.0}};

  explicit Game(unsigned rank) {
    LossSpec spec;
    spec.name = "hinge";
    loss = make_loss(spec);
    CoreConfig c = fixed_rate_config(rank);
    c.sub_models = 2;
    model = std::make_unique<Model>(c, *loss);
    data = test::parse_lines({"1 |u u7 |i i3"}, ParseOptions{});
  }
  const Example& ex() const { return data.examples[0]; }
  const std::vector<Feature>& f() const { return data.features[0]; }
  double predict() { return model->predict(ex(), f(), parts); }
  // The label the game learns: the side the prediction is not on yet, so the
  // hinge update runs (y p < 1).
  double y() { return label_ != 0 ? label_ : (label_ = predict() > 0 ? -1.0 : 1.0); }
  void learn(double h) {
    const double label = y();
    model->learn(ex(), f(), parts, predict(), label, h);
  }
  double label_ = 0;
  // A and B of one class: the latent vectors of its one user and one item.
  std::vector<double> vec(uint32_t klass, int side) const {
    const DotProduct& dp = *model->dotproduct();
    const NamespaceSpan& ns = ex().namespaces[side];
    const float* v = dp.latent().slot(ex().features[ns.begin].index * 2 + klass);
    return std::vector<double>(v, v + dp.rank());
  }
};

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (std::size_t j = 0; j < a.size(); ++j) s += a[j] * b[j];
  return s;
}

// The header's closed form for one-hot sides (rho_a = rho_b = eta, kappa =
// eta, r = 1), linear part q = eta * (3 + 3) features (u, i, constant per class).
double closed_form(const Game& g0, double t, unsigned rank) {
  const std::vector<double> Al = g0.vec(0, 0), Bl = g0.vec(0, 1), Af = g0.vec(1, 0), Bf = g0.vec(1, 1);
  auto pair_at = [&](const std::vector<double>& A, const std::vector<double>& B, double s) {
    std::vector<double> a(rank), b(rank);
    for (unsigned j = 0; j < rank; ++j) {
      a[j] = A[j] * std::cosh(kEta * s) + B[j] * std::sinh(kEta * s);
      b[j] = B[j] * std::cosh(kEta * s) + A[j] * std::sinh(kEta * s);
    }
    return dot(a, b) - rank;  // A.B - k s_a s_b with s_a = s_b = 1
  };
  return (pair_at(Al, Bl, t) - pair_at(Al, Bl, 0)) - (pair_at(Af, Bf, -t) - pair_at(Af, Bf, 0)) + kEta * 6 * t;
}

TEST(ScoringPath, MatchesTheClosedFormBelowTheKink) {
  const unsigned rank = 3;
  for (double h : {0.25, 0.5, 1.0}) {
    Game g(rank);
    const double p0 = g.predict(), y = g.y();
    const double expected = p0 + closed_form(g, y * h, rank);  // hinge: g = -y, so t = y h
    ASSERT_LT(y * expected, 1.0) << "h must stay below the kink for this check: p0 " << p0 << " y " << y << " h " << h;
    g.learn(h);
    EXPECT_NEAR(g.predict(), expected, 1e-5) << "h = " << h;
  }
}

TEST(ScoringPath, IsMonotoneInTheImportanceAndStopsAtTheKink) {
  double previous = -HUGE_VAL, y = 0;
  for (double h : {0.0, 0.5, 1.0, 2.0, 4.0, 8.0, 50.0, 1000.0}) {
    Game g(2);
    y = g.y();
    g.learn(h);
    const double yp = y * g.predict();  // moves towards the kink y p = 1
    EXPECT_GE(yp, previous - 1e-9) << "h = " << h;
    EXPECT_LE(yp, 1.0 + 1e-6) << "hinge never passes 1/y";
    previous = yp;
  }
  EXPECT_NEAR(previous, 1.0, 1e-5) << "a large importance reaches the kink";
}

TEST(ScoringPath, IsInvariantToSplittingTheImportance) {
  Game once(2), twice(2);
  once.learn(3.0);
  twice.learn(1.0);
  twice.learn(2.0);
  EXPECT_NEAR(once.predict(), twice.predict(), 1e-5);
  for (uint32_t k : {0u, 1u})
    for (int side : {0, 1}) {
      const auto a = once.vec(k, side), b = twice.vec(k, side);
      for (std::size_t j = 0; j < a.size(); ++j) EXPECT_NEAR(a[j], b[j], 1e-5);
    }
}

TEST(ScoringPath, LambdaAndPhiMoveInOppositeDirections) {
  Game g(2);
  const Part lambda[1] = {{0, 1.0}}, phi[1] = {{1, 1.0}};
  const double l0 = g.model->predict(g.ex(), g.f(), lambda), f0 = g.model->predict(g.ex(), g.f(), phi);
  const double y = g.y();
  g.learn(2.0);
  EXPECT_GT(y * (g.model->predict(g.ex(), g.f(), lambda) - l0), 0.0);
  EXPECT_LT(y * (g.model->predict(g.ex(), g.f(), phi) - f0), 0.0);
}

}  // namespace
}  // namespace learner
