// --bfgs and --conjugate_gradient end to end: the least-squares optimum in
// closed form, monotone accepted objectives on logistic loss, the start from
// an online model (-i), and the option checks.
#include <gtest/gtest.h>

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/run_helper.h"

namespace learner::test {
namespace {

struct Problem {
  std::string path;
  Eigen::MatrixXd x;  // with the constant column last
  Eigen::VectorXd y;
};

// n examples y = 1.5 a - 2 b + 0.5 c + 0.3 + noise (or a -1/1 label drawn
// from the logistic model with `logistic`).
Problem make_problem(const std::string& name, int n, bool logistic) {
  std::mt19937 rng(7);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  Problem p{temp_path(name), Eigen::MatrixXd(n, 4), Eigen::VectorXd(n)};
  std::string text;
  char line[256];
  for (int i = 0; i < n; ++i) {
    const double a = normal(rng), b = normal(rng), c = normal(rng);
    const double score = 1.5 * a - 2 * b + 0.5 * c + 0.3;
    double y = score + 0.5 * normal(rng);
    if (logistic) y = uniform(rng) < 1.0 / (1.0 + std::exp(-score)) ? 1.0 : -1.0;
    p.x.row(i) << a, b, c, 1.0;
    p.y[i] = y;
    std::snprintf(line, sizeof line, "%.9g | a:%.9g b:%.9g c:%.9g\n", y, a, b, c);
    text += line;
  }
  write_file(p.path, text);
  return p;
}

struct Row {
  unsigned pass;
  double objective, average;
  std::string verdict;
};

// The per-pass lines "bfgs|cg pass P objective F average A step S verdict".
std::vector<Row> rows(const std::string& err) {
  std::vector<Row> out;
  static const std::regex re(R"(^(bfgs|cg) pass (\d+) objective (\S+) average (\S+) step \S+ (\w+))");
  std::istringstream lines(err);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, re)) out.push_back({static_cast<unsigned>(std::stoul(m[2])), std::stod(m[3]), std::stod(m[4]), m[5]});
  }
  return out;
}

// Trains with `flags`, then predicts the training data with the model.
std::vector<double> fitted(const Problem& p, const std::string& flags) {
  const std::string model = temp_path("bfgs.model"), preds = temp_path("bfgs.preds");
  const RunResult train = run_learner(flags + " --holdout_off -b 12 -c -k --quiet -f " + model + " " + p.path);
  EXPECT_EQ(train.exit_code, 0) << train.err;
  const RunResult test = run_learner("-t --quiet -i " + model + " -p " + preds + " " + p.path);
  EXPECT_EQ(test.exit_code, 0) << test.err;
  return first_column(slurp(preds));
}

// Squared loss (p - y)^2 plus l2/2 ||w||^2 (the constant's weight included,
// as VW): w* = (2 X'X + l2 I)^-1 2 X'y, solved here with Eigen.
void expect_least_squares(const std::string& flags, double l2) {
  const Problem p = make_problem("ls.vw", 300, false);
  const Eigen::MatrixXd a = 2 * p.x.transpose() * p.x + l2 * Eigen::MatrixXd::Identity(4, 4);
  const Eigen::VectorXd w = a.ldlt().solve(2 * p.x.transpose() * p.y);
  const Eigen::VectorXd exact = p.x * w;
  const std::vector<double> got = fitted(p, flags + " --l2 " + std::to_string(l2));
  ASSERT_EQ(got.size(), 300u);
  double worst = 0;
  for (int i = 0; i < 300; ++i) worst = std::max(worst, std::fabs(got[static_cast<std::size_t>(i)] - exact[i]));
  EXPECT_LT(worst, 1e-4) << flags;  // float weights, --termination 1e-9
}

TEST(Bfgs, MatchesTheClosedFormLeastSquaresSolution) {
  expect_least_squares("--bfgs --passes 60 --termination 1e-9", 0.0);
  expect_least_squares("--bfgs --passes 60 --termination 1e-9 --mem 3 --hessian_on", 1.0);
}

TEST(ConjugateGradient, MatchesTheClosedFormLeastSquaresSolution) {
  expect_least_squares("--conjugate_gradient --hessian_on --passes 80 --termination 1e-9", 1.0);
}

// Every conjugate-gradient step is Newton's along the direction, with or
// without --hessian_on (as VW's, whose CG turns --hessian_on on): a CG
// direction has no natural length, and a step of 1 along it overshot (on
// a9a: 10,789.6 after 30 passes with backtracks at every other pass,
// against 10,555.8 now).
TEST(ConjugateGradient, EveryStepComesFromACurvaturePass) {
  const Problem p = make_problem("cg.vw", 400, true);
  const RunResult r = run_learner("--conjugate_gradient --loss_function logistic --passes 30 --termination 1e-7 "
                                  "--holdout_off -b 12 -c -k " + p.path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<Row> all = rows(r.err);
  ASSERT_GE(all.size(), 5u) << r.err;
  for (const Row& row : all) EXPECT_NE(row.verdict, "backtrack") << row.pass << "\n" << r.err;
  for (std::size_t i = 1; i < all.size(); ++i) {
    EXPECT_EQ(all[i].pass, all[i - 1].pass + 2) << r.err;  // a curvature pass between two gradient passes
    EXPECT_NE(r.err.find("cg pass " + std::to_string(all[i].pass - 1) + " curvature"), std::string::npos) << r.err;
  }
  expect_least_squares("--conjugate_gradient --passes 80 --termination 1e-9", 1.0);
}

TEST(Bfgs, AcceptedObjectivesDecreaseMonotonicallyOnLogisticLoss) {
  const Problem p = make_problem("logistic.vw", 400, true);
  for (const std::string method : {"--bfgs", "--bfgs --hessian_on", "--conjugate_gradient --hessian_on"}) {
    const RunResult r =
        run_learner(method + " --loss_function logistic --passes 20 --termination 0 --holdout_off -b 12 -c -k " + p.path);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::vector<Row> all = rows(r.err);
    ASSERT_GE(all.size(), 5u) << r.err;
    EXPECT_NEAR(all.front().average, std::log(2.0), 1e-9);  // w = 0: every example costs log 2
    double last = all.front().objective;
    unsigned accepted = 0;
    for (const Row& row : all) {
      if (row.verdict != "accepted") continue;
      EXPECT_LE(row.objective, last) << method << " pass " << row.pass;
      last = row.objective;
      ++accepted;
    }
    EXPECT_GE(accepted, 5u) << method;
    EXPECT_LT(last, 0.75 * all.front().objective) << method;
  }
}

TEST(Bfgs, StartsFromAnOnlineModelGivenWithI) {
  const Problem p = make_problem("logistic_i.vw", 400, true);
  const std::string online = temp_path("online.model");
  ASSERT_EQ(run_learner("--loss_function logistic -b 12 --quiet -f " + online + " " + p.path).exit_code, 0);
  const RunResult test = run_learner("-t -i " + online + " " + p.path);
  ASSERT_EQ(test.exit_code, 0) << test.err;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(test.err, m, std::regex(R"(average loss = (\S+))"))) << test.err;
  const double online_loss = std::stod(m[1]);
  const RunResult r = run_learner("--bfgs -i " + online + " --passes 4 --holdout_off -c -k " + p.path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<Row> all = rows(r.err);
  ASSERT_FALSE(all.empty()) << r.err;
  EXPECT_NEAR(all.front().average, online_loss, 1e-6);  // the -t report has 6 decimals
  EXPECT_GT(std::fabs(all.front().average - std::log(2.0)), 0.01);  // not a fresh start
}

// F is the loss of w.x, not of the prediction clipped to the label range
// (flat outside it): with labels 0/1 the least-squares optimum predicts
// outside [0, 1] for many examples and is still found (-p shows it clipped).
TEST(Bfgs, MinimisesTheLossOfTheUnclippedPrediction) {
  Problem p = make_problem("ls01.vw", 300, true);
  std::string text;
  char line[256];
  for (int i = 0; i < 300; ++i) {
    p.y[i] = p.y[i] > 0 ? 1.0 : 0.0;
    std::snprintf(line, sizeof line, "%g | a:%.9g b:%.9g c:%.9g\n", p.y[i], p.x(i, 0), p.x(i, 1), p.x(i, 2));
    text += line;
  }
  write_file(p.path, text);
  const Eigen::VectorXd exact = p.x * (p.x.transpose() * p.x).ldlt().solve(p.x.transpose() * p.y);
  int outside = 0;
  for (int i = 0; i < 300; ++i) outside += exact[i] < 0 || exact[i] > 1;
  ASSERT_GT(outside, 30);
  const std::vector<double> got = fitted(p, "--bfgs --passes 40 --termination 1e-9");
  ASSERT_EQ(got.size(), 300u);
  double worst = 0;
  for (int i = 0; i < 300; ++i)
    worst = std::max(worst, std::fabs(got[static_cast<std::size_t>(i)] - std::clamp(exact[i], 0.0, 1.0)));
  EXPECT_LT(worst, 1e-4);
}

// Issue 28 item 7: the piecewise-linear losses (loss'' = 0) stopped at pass 1
// ("step 0 converged", an all-zero model): their steps are now scaled by
// a unit curvature and accepted by the sufficient-decrease test on their
// own (sub)gradient. Least absolute deviations recovers the coefficients.
TEST(Bfgs, PiecewiseLinearLossesAreMinimised) {
  const Problem regression = make_problem("lad.vw", 400, false), labels = make_problem("hinge.vw", 400, true);
  for (const std::string method : {"--bfgs", "--conjugate_gradient", "--bfgs --hessian_on"})
    for (const std::string loss : {"absolute", "quantile --quantile_tau 0.5", "hinge"}) {
      const Problem& p = loss == "hinge" ? labels : regression;
      const std::string model = temp_path("pl.model"), flags = method + " --loss_function " + loss;
      const RunResult r = run_learner(flags + " --passes 40 --termination 0 --holdout_off -b 12 -c -k -f " + model + " " +
                                      p.path);
      ASSERT_EQ(r.exit_code, 0) << flags << "\n" << r.err;
      const std::vector<Row> all = rows(r.err);
      ASSERT_GE(all.size(), 10u) << flags << "\n" << r.err;
      double last = all.front().objective;
      unsigned accepted = 0;
      for (const Row& row : all)
        if (row.verdict == "accepted") {
          EXPECT_LE(row.objective, last) << flags << " pass " << row.pass;
          last = row.objective;
          ++accepted;
        }
      EXPECT_GE(accepted, 8u) << flags << "\n" << r.err;
      EXPECT_LT(last, 0.6 * all.front().objective) << flags << "\n" << r.err;
      if (loss == "hinge") continue;
      // The median of y given x is 1.5 a - 2 b + 0.5 c + 0.3 (normal noise, sd 0.5).
      const RunResult w = run_learner("-t --quiet -i " + model + " -p /dev/stdout",
                                      "0 | a:1\n0 | b:1\n0 | c:1\n0 |\n");
      const std::vector<double> got = first_column(w.out);
      ASSERT_EQ(got.size(), 4u) << w.err;
      const double want[4] = {1.5 + 0.3, -2 + 0.3, 0.5 + 0.3, 0.3};
      for (int i = 0; i < 4; ++i) EXPECT_NEAR(got[static_cast<std::size_t>(i)], want[i], 0.15) << flags << " " << i;
    }
}

// Issue 28 item 14 (VW's tests 552 and 719): on a few examples with many
// features and labels 0/1, the first step of 0.5 along -D g carried every
// prediction past the label range, and every later pass backtracked; the
// first step is now Newton's along d from a curvature pass (as VW's), and
// examples at zero loss count in F, the preconditioner and the curvature.
TEST(Bfgs, TheFirstStepIsNewtonsAlongTheDirection) {
  std::mt19937 rng(3);
  std::string text;
  for (int i = 0; i < 25; ++i) {
    text += (i % 3 == 0 ? "1 |f" : "0 |f");
    for (int j = 0; j < 40; ++j) text += " w" + std::to_string(rng() % 200);
    text += "\n";
  }
  const std::string data = temp_path("few.vw");
  write_file(data, text);
  const RunResult r = run_learner("--bfgs --passes 5 --holdout_off -c -k " + data);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("bfgs pass 2 curvature"), std::string::npos) << r.err;
  const std::vector<Row> all = rows(r.err);
  ASSERT_EQ(all.size(), 4u) << r.err;  // passes 1, 3, 4, 5
  EXPECT_NEAR(all.front().average, 9.0 / 25, 1e-9);  // squared loss at w = 0; the 16 zeros count in W
  for (const Row& row : all) EXPECT_EQ(row.verdict, "accepted") << row.pass << "\n" << r.err;
  EXPECT_LT(all.back().objective, 0.5 * all.front().objective) << r.err;
}

TEST(Bfgs, RefusesBadOptions) {
  const Problem p = make_problem("opts.vw", 10, false);
  const std::pair<std::string, std::string> cases[] = {
      {"--bfgs --passes 3 --mem 0", "--mem must be in [1, 1000]"},
      {"--bfgs --passes 3 --mem 1001", "--mem must be in [1, 1000]"},
      {"--bfgs --passes 3 --termination -1", "--termination must be in [0, 1]"},
      {"--bfgs", "--bfgs needs --passes 2 or more"},
      {"--conjugate_gradient --passes 3 --mem 4", "--mem applies to --bfgs"},
      {"--bfgs --passes 3 --l1 0.1", "--l1 is not supported"},
      {"--bfgs --passes 3 --dotproduct ab", "--dotproduct is not supported"},
      {"--bfgs --conjugate_gradient --passes 3", "choose two learners"},
      {"--mem 4 --passes 3", "--mem needs --bfgs"},
  };
  for (const auto& [flags, message] : cases) {
    const RunResult r = run_learner(flags + " --holdout_off " + p.path);
    EXPECT_NE(r.exit_code, 0) << flags;
    EXPECT_NE(r.err.find(message), std::string::npos) << flags << ": " << r.err;
  }
}

}  // namespace
}  // namespace learner::test
