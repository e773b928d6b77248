#include "src/learners/kernel/kernel_perceptron.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstdio>
#include <random>

#include "learner/error.h"
#include "src/learners/linear/perceptron.h"
#include "learners/perceptrons/fixtures.h"

namespace learner {
namespace {

const Example kKernelEx;

double label_of(const test::Data& d, std::size_t e) { return d.y[e] > 0 ? 1.0 : -1.0; }

TEST(KernelPerceptron, LinearKernelEqualsThePrimalPerceptron) {
  const test::Data d = test::blobs(200, 6, 2, 1.5, 21);  // not separable
  auto primal = make_perceptron({.bits = 18});
  auto dual = make_kernel_perceptron({.bits = 18, .kernel = KernelKind::kLinear});
  for (int pass = 0; pass < 3; ++pass) {
    for (std::size_t e = 0; e < d.x.size(); ++e) {
      const double y = label_of(d, e);
      const double p = primal->predict(kKernelEx, d.x[e], kSinglePart);
      const double q = dual->predict(kKernelEx, d.x[e], kSinglePart);
      ASSERT_NEAR(p, q, 1e-4 * (1.0 + std::fabs(p))) << "pass " << pass << " example " << e;
      primal->learn(kKernelEx, d.x[e], kSinglePart, p, y, 1.0);
      dual->learn(kKernelEx, d.x[e], kSinglePart, q, y, 1.0);
    }
  }
  EXPECT_EQ(primal->updates(), dual->updates());
}

TEST(KernelPerceptron, LinearKernelEqualsPrimalWithTwoParts) {
  // MIRA-style parts {y*: +1, y^: -1} over 3 sub-models, duplicates in x.
  test::Data d = test::blobs(150, 4, 3, 1.2, 22);
  for (auto& x : d.x) x.push_back(x.front());
  auto primal = make_perceptron({.bits = 18, .sub_models = 3});
  auto dual = make_kernel_perceptron({.bits = 18, .sub_models = 3, .kernel = KernelKind::kLinear});
  const Part all[3] = {{0, 1.0}, {1, 1.0}, {2, 1.0}};
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t e = 0; e < d.x.size(); ++e) {
      double ps[3], qs[3];
      primal->predict_each(kKernelEx, d.x[e], all, ps);
      dual->predict_each(kKernelEx, d.x[e], all, qs);
      for (int c = 0; c < 3; ++c) ASSERT_NEAR(ps[c], qs[c], 1e-4 * (1.0 + std::fabs(ps[c])));
      const auto truth = static_cast<uint32_t>(d.y[e]);
      const uint32_t other = (truth + 1 + e % 2) % 3;
      const Part parts[2] = {{truth, 1.0}, {other, -1.0}};
      primal->learn(kKernelEx, d.x[e], parts, primal->predict(kKernelEx, d.x[e], parts), 1.0, 1.0);
      dual->learn(kKernelEx, d.x[e], parts, dual->predict(kKernelEx, d.x[e], parts), 1.0, 1.0);
    }
  }
  EXPECT_EQ(primal->updates(), dual->updates());
}

TEST(KernelPerceptron, AveragedLinearKernelEqualsTheAveragedPrimal) {
  const test::Data d = test::blobs(150, 5, 2, 1.5, 24);
  auto primal = make_perceptron({.bits = 18, .averaged = true});
  auto dual = make_kernel_perceptron({.bits = 18, .kernel = KernelKind::kLinear, .averaged = true});
  ASSERT_TRUE(averaging(*dual) && averaging(*dual)->averaged());
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t e = 0; e < d.x.size(); ++e) {
      const double y = label_of(d, e);
      primal->learn(kKernelEx, d.x[e], kSinglePart, primal->predict(kKernelEx, d.x[e], kSinglePart), y, 1.0);
      dual->learn(kKernelEx, d.x[e], kSinglePart, dual->predict(kKernelEx, d.x[e], kSinglePart), y, 1.0);
      primal->predict_with_average(true);
      dual->predict_with_average(true);
      for (std::size_t probe = 0; probe < d.x.size(); probe += 37) {  // the averages agree throughout
        const double p = primal->predict(kKernelEx, d.x[probe], kSinglePart);
        ASSERT_NEAR(p, dual->predict(kKernelEx, d.x[probe], kSinglePart), 1e-4 * (1.0 + std::fabs(p)));
      }
      primal->predict_with_average(false);
      dual->predict_with_average(false);
    }
  }
  EXPECT_EQ(primal->updates(), dual->updates());
}

TEST(KernelPerceptron, KernelValuesMatchTheirDefinitions) {
  // One support vector a (coefficient 1, no constant: no bias): f(b) = k(a, b).
  const std::vector<Feature> a = {{1.0f, 1}, {2.0f, 2}, {0.5f, 2}}, b = {{3.0f, 2}, {-1.0f, 5}};
  // Merged a = (1, 2.5, 0...), b = (0, 3, 0, 0, -1): <a,b> = 7.5, |a-b|^2 = 1 + 0.25 + 1, |a-b|_1 = 1 + .5 + 1.
  struct Case {
    KernelKind kind;
    double expected;
  } cases[] = {{KernelKind::kLinear, 7.5},
               {KernelKind::kPoly, std::pow(0.5 * 7.5 + 2.0, 3)},
               {KernelKind::kRbf, std::exp(-0.5 * 2.25)},
               {KernelKind::kLaplacian, std::exp(-0.5 * 2.5)}};
  for (const Case& c : cases) {
    auto l = make_kernel_perceptron({.kernel = c.kind, .degree = 3, .coef0 = 2.0, .gamma = 0.5});
    l->learn(kKernelEx, a, kSinglePart, 0.0, 1.0, 1.0);
    EXPECT_NEAR(l->predict(kKernelEx, b, kSinglePart), c.expected, 1e-9 * (1 + c.expected));
  }
}

TEST(KernelPerceptron, OneKernelEvaluationPerSupportVectorPerExample) {
  const test::Data d = test::blobs(60, 3, 4, 1.0, 23);
  auto l = make_kernel_perceptron({.sub_models = 4, .kernel = KernelKind::kRbf});
  const Part all[4] = {{0, 1.0}, {1, 1.0}, {2, 1.0}, {3, 1.0}};
  double out[4];
  for (std::size_t e = 0; e < d.x.size(); ++e) {
    const uint64_t sv = l->support_size(), before = l->kernel_evaluations();
    l->predict_each(kKernelEx, d.x[e], all, out);
    for (uint32_t c = 0; c < 4; ++c) {  // one-against-all: K predicts and learns on one example
      const Part part[1] = {{c, 1.0}};
      l->learn(kKernelEx, d.x[e], part, l->predict(kKernelEx, d.x[e], part), c == d.y[e] ? 1.0 : -1.0, 1.0);
    }
    // sv evaluations for x, plus k(x, x) once if x entered the set.
    EXPECT_EQ(l->kernel_evaluations() - before, sv + (l->support_size() - sv));
    EXPECT_LE(l->support_size(), sv + 1);
  }
}

void train_xor(Learner& l, const test::Data& d, int passes) {
  for (int pass = 0; pass < passes; ++pass)
    for (std::size_t e = 0; e < d.x.size(); ++e)
      l.learn(kKernelEx, d.x[e], kSinglePart, l.predict(kKernelEx, d.x[e], kSinglePart), d.y[e], 1.0);
}

double accuracy(Learner& l, const test::Data& d) {
  int right = 0;
  for (std::size_t e = 0; e < d.x.size(); ++e) right += l.predict(kKernelEx, d.x[e], kSinglePart) * d.y[e] > 0;
  return static_cast<double>(right) / d.x.size();
}

TEST(KernelPerceptron, RbfLearnsXorWhereALinearModelCannot) {
  const test::Data train = test::xor_data(400, 31), test_set = test::xor_data(400, 32);
  auto rbf = make_kernel_perceptron({.kernel = KernelKind::kRbf, .gamma = 1.0});
  auto linear = make_perceptron({.bits = 18, .averaged = true});
  train_xor(*rbf, train, 5);
  train_xor(*linear, train, 5);
  linear->predict_with_average(true);
  EXPECT_GE(accuracy(*rbf, test_set), 0.97);
  EXPECT_LE(accuracy(*linear, test_set), 0.8);
}

TEST(KernelPerceptron, BudgetHolds) {
  const test::Data d = test::blobs(300, 5, 2, 2.0, 33);  // noisy: many mistakes
  for (Eviction policy : {Eviction::kOldest, Eviction::kSmallest, Eviction::kMerge}) {
    auto l = make_kernel_perceptron({.kernel = KernelKind::kRbf, .budget = 25, .eviction = policy});
    // Cost per example bounded by the budget: B values for x, k(x, x); a
    // merge adds B - 1 pair geometries and k(x, z).
    const uint64_t bound = policy == Eviction::kMerge ? 2 * 25 + 1 : 26;
    for (int pass = 0; pass < 3; ++pass) {
      for (std::size_t e = 0; e < d.x.size(); ++e) {
        const uint64_t before = l->kernel_evaluations();
        l->learn(kKernelEx, d.x[e], kSinglePart, l->predict(kKernelEx, d.x[e], kSinglePart), label_of(d, e), 1.0);
        ASSERT_LE(l->support_size(), 25u);
        ASSERT_LE(l->kernel_evaluations() - before, bound);
      }
    }
    EXPECT_EQ(l->support_size(), 25u);
    EXPECT_GT(l->updates(), 100u);
  }
}

TEST(KernelPerceptron, EvictionPolicies) {
  const std::vector<Feature> a = {{1.0f, 1}}, b = {{1.0f, 2}}, c = {{1.0f, 3}};
  auto run = [&](Eviction policy) {
    auto l = make_kernel_perceptron({.kernel = KernelKind::kLinear, .budget = 2, .eviction = policy});
    l->learn(kKernelEx, a, kSinglePart, 0.0, 1.0, 2.0);  // coefficient 2
    l->learn(kKernelEx, b, kSinglePart, 0.0, 1.0, 1.0);  // coefficient 1
    l->learn(kKernelEx, c, kSinglePart, 0.0, -1.0, 1.0);  // full: evict, then insert
    return test::text_of(*l);
  };
  EXPECT_EQ(run(Eviction::kOldest), "sv0[0]:1\nsv0: 2:1\nsv1[0]:-1\nsv1: 3:1\n");
  EXPECT_EQ(run(Eviction::kSmallest), "sv0[0]:2\nsv0: 1:1\nsv1[0]:-1\nsv1: 3:1\n");
}

TEST(KernelPerceptron, LinearMergeOfSameSignVectorsIsExact) {
  // With a linear kernel and one sub-model, a_m x_m + a_n x_n (a_m, a_n > 0)
  // is a_z z for z = h x_m + (1 - h) x_n, h = a_m / (a_m + a_n): merging
  // loses nothing, and with every label +1 all coefficients are positive, so
  // a budget of 2 (the set always holds one merged vector) keeps predicting
  // exactly as the unbounded primal perceptron.
  // x and -x in turn without the constant: f(x) + f(-x) = 0, so every pair
  // holds a mistake.
  const test::Data blobs = test::blobs(150, 6, 2, 1.5, 41);
  test::Data d;
  for (const auto& x : blobs.x) {
    std::vector<Feature> plus, minus;
    for (const Feature& f : x)
      if (f.index != kConstantIndex) {
        plus.push_back(f);
        minus.push_back({-f.value, f.index});
      }
    d.x.push_back(plus);
    d.x.push_back(minus);
  }
  auto primal = make_perceptron({.bits = 18});
  auto merged = make_kernel_perceptron({.kernel = KernelKind::kLinear, .budget = 2, .eviction = Eviction::kMerge});
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t e = 0; e < d.x.size(); ++e) {
      const double p = primal->predict(kKernelEx, d.x[e], kSinglePart);
      const double q = merged->predict(kKernelEx, d.x[e], kSinglePart);
      ASSERT_NEAR(p, q, 1e-3 * (1.0 + std::fabs(p))) << "pass " << pass << " example " << e;
      primal->learn(kKernelEx, d.x[e], kSinglePart, p, 1.0, 1.0);
      merged->learn(kKernelEx, d.x[e], kSinglePart, q, 1.0, 1.0);
    }
  }
  EXPECT_EQ(primal->updates(), merged->updates());
  EXPECT_GT(merged->updates(), 150u);
  EXPECT_EQ(merged->support_size(), 2u);
}

// Multiclass accuracy through one-against-all parts (as --oaa K calls learn).
double train_and_score(KernelLearner& l, const test::Data& train, const test::Data& test_set, uint32_t k,
                       int passes) {
  for (int pass = 0; pass < passes; ++pass)
    for (std::size_t e = 0; e < train.x.size(); ++e)
      for (uint32_t c = 0; c < k; ++c) {
        const Part part[1] = {{c, 1.0}};
        l.learn(kKernelEx, train.x[e], part, l.predict(kKernelEx, train.x[e], part), c == train.y[e] ? 1.0 : -1.0, 1.0);
      }
  if (averaging(l)) averaging(l)->predict_with_average(true);
  std::vector<Part> all;
  for (uint32_t c = 0; c < k; ++c) all.push_back({c, 1.0});
  std::vector<double> out(k);
  int right = 0;
  for (std::size_t e = 0; e < test_set.x.size(); ++e) {
    l.predict_each(kKernelEx, test_set.x[e], all, out.data());
    right += static_cast<double>(std::max_element(out.begin(), out.end()) - out.begin()) == test_set.y[e];
  }
  return static_cast<double>(right) / test_set.x.size();
}

TEST(KernelPerceptron, ABindingBudgetKeepsAccuracyAndAveragingHelps) {
  // Six overlapping classes in 4 dimensions, rbf; the unbounded set grows to
  // hundreds of vectors, the budget is 20. Evicting by dropping (oldest, the
  // old default) lost accuracy (0.475 here) and the averaged model collapsed
  // to 0.25 (its surviving vectors carry the bias of a window of mistakes);
  // the default policy, merging, keeps both (0.723, averaged 0.752).
  const test::Data all = test::blobs(1200, 4, 6, 0.6, 51);
  test::Data fit, held_out;
  for (std::size_t e = 0; e < all.x.size(); ++e) {
    test::Data& part = e < 600 ? fit : held_out;
    part.x.push_back(all.x[e]);
    part.y.push_back(all.y[e]);
  }
  const KernelConfig base{.sub_models = 6, .kernel = KernelKind::kRbf, .gamma = 0.5, .budget = 20};
  KernelConfig avg = base;
  avg.averaged = true;
  KernelConfig unbounded = base;
  unbounded.budget = 0;
  const double plain_acc = train_and_score(*make_kernel_perceptron(base), fit, held_out, 6, 3);
  const double avg_acc = train_and_score(*make_kernel_perceptron(avg), fit, held_out, 6, 3);
  const double free_acc = train_and_score(*make_kernel_perceptron(unbounded), fit, held_out, 6, 3);
  std::printf("held-out accuracy: unbounded %.4f, budget 20 %.4f, averaged %.4f\n", free_acc, plain_acc, avg_acc);
  EXPECT_GE(plain_acc, free_acc - 0.05);
  EXPECT_GE(avg_acc, plain_acc);
  EXPECT_GE(avg_acc, 0.7);
}

TEST(KernelPerceptron, PoolKeepsTheLastVectorsThroughCompactions) {
  // Orthogonal vectors of lengths 1..5: each is a mistake (p = 0) and, the
  // budget being 3, evicts the oldest; the pool compacts along the way.
  auto l = make_kernel_perceptron({.kernel = KernelKind::kLinear, .budget = 3, .eviction = Eviction::kOldest});
  uint32_t next = 0;
  std::string expected;
  for (int e = 0; e < 20; ++e) {
    std::vector<Feature> x;
    std::string features;
    for (int i = 0; i <= e % 5; ++i, ++next) {
      x.push_back({static_cast<float>(i + 1), next});
      char f[32];
      std::snprintf(f, sizeof f, " %u:%d", next, i + 1);
      features += f;
    }
    l->learn(kKernelEx, x, kSinglePart, 0.0, 1.0, 1.0);
    if (e >= 17) {
      char head[64];
      std::snprintf(head, sizeof head, "sv%d[0]:1\nsv%d:", e - 17, e - 17);
      expected += head;
      expected += features;
      expected += '\n';
    }
  }
  EXPECT_EQ(l->updates(), 20u);
  EXPECT_EQ(test::text_of(*l), expected);
}

TEST(KernelPerceptron, ConstantFeatureIsALinearBias) {
  auto l = make_kernel_perceptron({.kernel = KernelKind::kRbf, .rate = 0.5});
  const std::vector<Feature> x = {{1.0f, 4}, {1.0f, kConstantIndex}};
  l->learn(kKernelEx, x, kSinglePart, 0.0, -1.0, 1.0);
  // f = -0.5 (k(x, x) + 1 * 1): the rbf part and the bias; far away only
  // the bias remains, and without a constant in x no bias at all.
  EXPECT_DOUBLE_EQ(l->predict(kKernelEx, x, kSinglePart), -1.0);
  EXPECT_NEAR(l->predict(kKernelEx, {{100.0f, 9}, {1.0f, kConstantIndex}}, kSinglePart), -0.5, 1e-12);
  EXPECT_DOUBLE_EQ(l->predict(kKernelEx, {{1.0f, 4}}, kSinglePart), -0.5);
  EXPECT_EQ(test::text_of(*l), "sv0[0]:-0.5\nsv0: 4:1 constant:1\n");
}

TEST(KernelPerceptron, CancellingPartsInsertNothing) {
  // A correct MIRA prediction passes parts {y*: +1, y*: -1}: p = 0, an empty update.
  auto l = make_kernel_perceptron({.sub_models = 3, .budget = 5});
  const Part same[2] = {{1, 1.0}, {1, -1.0}};
  for (uint32_t i = 0; i < 10; ++i) l->learn(kKernelEx, {{1.0f, i}}, same, 0.0, 0.0, 1.0);
  EXPECT_EQ(l->support_size(), 0u);
  EXPECT_EQ(l->updates(), 0u);
}

TEST(KernelPerceptron, EvictionTakesTheVectorsShareOfTheBias) {
  auto l = make_kernel_perceptron({.kernel = KernelKind::kRbf, .budget = 1, .eviction = Eviction::kOldest});
  const std::vector<Feature> only_constant = {{1.0f, kConstantIndex}};
  l->learn(kKernelEx, {{1.0f, 1}, {1.0f, kConstantIndex}}, kSinglePart, 0.0, 1.0, 1.0);
  EXPECT_DOUBLE_EQ(l->predict(kKernelEx, {{50.0f, 9}, {1.0f, kConstantIndex}}, kSinglePart), 1.0);
  l->learn(kKernelEx, {{1.0f, 2}, {1.0f, kConstantIndex}}, kSinglePart, 0.0, -1.0, 1.0);  // p = 1 + e^-2 > 0: mistake
  EXPECT_EQ(l->support_size(), 1u);
  EXPECT_DOUBLE_EQ(l->predict(kKernelEx, {{50.0f, 9}, {1.0f, kConstantIndex}}, kSinglePart), -1.0);
}

TEST(KernelPerceptron, NonFiniteNeverEntersTheModel) {
  auto l = make_kernel_perceptron({.kernel = KernelKind::kLinear});
  l->learn(kKernelEx, {{std::numeric_limits<float>::infinity(), 1}}, kSinglePart, 0.0, 1.0, 1.0);
  l->learn(kKernelEx, {{1.0f, 1}}, kSinglePart, 0.0, 1.0, std::numeric_limits<double>::infinity());
  EXPECT_EQ(l->support_size(), 0u);
  EXPECT_EQ(l->dropped_updates(), 2u);
}

TEST(KernelPerceptron, AnExampleWhoseKernelValuesOverflowIsNotLearned) {
  // (gamma <x, x'> + coef0)^64 with <x, x'> = 1e8 overflows: the example
  // would make every later prediction infinite or NaN.
  auto l = make_kernel_perceptron({.kernel = KernelKind::kPoly, .degree = 64, .coef0 = 0.0, .gamma = 1e6});
  l->learn(kKernelEx, {{1e4f, 1}}, kSinglePart, 0.0, 1.0, 1.0);
  EXPECT_EQ(l->support_size(), 0u);
  EXPECT_EQ(l->dropped_updates(), 1u);
  l->learn(kKernelEx, {{1e-3f, 1}}, kSinglePart, 0.0, 1.0, 1.0);  // (1e6 * 1e-6)^64 is finite
  EXPECT_EQ(l->support_size(), 1u);
  l->learn(kKernelEx, {{1e4f, 1}}, kSinglePart, 0.0, -1.0, 1.0);  // (1e6 * 10)^64 with the set overflows too
  EXPECT_EQ(l->support_size(), 1u);
  EXPECT_EQ(l->dropped_updates(), 2u);
  EXPECT_TRUE(std::isfinite(l->predict(kKernelEx, {{1e-3f, 1}}, kSinglePart)));
}

TEST(KernelPerceptron, RejectsBadConfig) {
  EXPECT_THROW(make_kernel_perceptron({.bits = 0}), Error);
  EXPECT_THROW(make_kernel_perceptron({.degree = 0}), Error);
  EXPECT_THROW(make_kernel_perceptron({.degree = 65}), Error);
  EXPECT_THROW(make_kernel_perceptron({.gamma = -1.0}), Error);
  EXPECT_THROW(make_kernel_perceptron({.gamma = 1e308}), Error);
  EXPECT_THROW(make_kernel_perceptron({.coef0 = -1e308}), Error);
  EXPECT_THROW(make_kernel_perceptron({.coef0 = std::numeric_limits<double>::quiet_NaN()}), Error);
  EXPECT_THROW(parse_kernel("sigmoid"), Error);
  EXPECT_THROW(parse_eviction("random"), Error);
  EXPECT_EQ(parse_kernel("laplacian"), KernelKind::kLaplacian);
  EXPECT_EQ(parse_eviction("smallest"), Eviction::kSmallest);
  EXPECT_EQ(parse_eviction("merge"), Eviction::kMerge);
}

}  // namespace
}  // namespace learner
