// --active: the query probability and the query savings on an easy problem.
#include "src/reduction/active.h"
#include "learner/reduction/plugins.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "fixtures.h"

namespace learner {
namespace {

using test::Data;
using test::Rig;

TEST(QueryProbability, FollowsTheIwalRule) {
  EXPECT_EQ(query_probability(1.0, 0.2, 5.0, 8.0), 1.0) << "k <= 1: always query";
  EXPECT_EQ(query_probability(1000, 0.2, 0.0, 8.0), 1.0) << "on the boundary: always query";
  const double b = 8.0 * (std::log(1001.0) + 1e-4) / (1000 + 1e-4);
  // Far from the boundary the probability decreases like b / G.
  double previous = 1.0;
  for (double G : {0.1, 0.3, 1.0, 3.0, 10.0}) {
    const double p = query_probability(1000, 0.2, G, 8.0);
    EXPECT_LE(p, previous);
    EXPECT_GT(p, 0.0);
    previous = p;
  }
  // Large G: P ~ b ((1 + sqrt 5) / 2)^2 / G.
  EXPECT_NEAR(query_probability(1000, 0.0, 1e4, 8.0) * 1e4 / b, 2.618, 0.01);
  EXPECT_LT(query_probability(1000, 0.2, 1.0, 1.0), query_probability(1000, 0.2, 1.0, 8.0)) << "mellowness";
  EXPECT_EQ(query_probability(1000, 0.2, HUGE_VAL, 8.0), 0.0) << "a prediction that cannot flip";
}

// Separable-with-margin data: y = sign(w.x), |w.x| >= 0.2, six real features.
Data easy_problem(std::size_t n, uint64_t seed) {
  test::Rng rng(seed);
  const double w[6] = {1.0, -2.0, 0.5, 1.5, -1.0, 0.0};
  std::vector<std::string> lines;
  while (lines.size() < n) {
    double x[6], s = 0.3;
    for (int j = 0; j < 6; ++j) s += w[j] * (x[j] = 2 * rng.uniform() - 1);
    if (std::fabs(s) < 0.2) continue;
    std::string line = s > 0 ? "1 |f" : "-1 |f";
    for (int j = 0; j < 6; ++j) line += " x" + std::to_string(j) + ":" + std::to_string(x[j]);
    lines.push_back(line);
  }
  return test::parse_lines(lines, ParseOptions{});
}

double accuracy(Reduction& r, const Data& d) {
  std::size_t hit = 0;
  for (std::size_t i = 0; i < d.size(); ++i) {
    const Outcome& o = r.process(d.examples[i], d.features[i], false);
    hit += (o.prediction > 0 ? 1.0f : -1.0f) == d.examples[i].label;
  }
  return static_cast<double>(hit) / d.size();
}

test::Pick active(bool simulation, double mellowness) {
  return test::with_settings<ActiveLearner>(active_plugin(), 0, ActiveSettings{simulation, mellowness});
}

TEST(Active, QueriesFewerThanHalfTheLabelsWithPassiveAccuracy) {
  const Data train = easy_problem(4000, 1), test = easy_problem(2000, 2);
  Rig passive(active(false, 8.0), "logistic");  // without --simulation labeled examples are all learned
  passive.pass(train, true);
  Rig act(active(true, 0.01), "logistic");
  act.pass(train, true);
  const auto& learner = static_cast<ActiveLearner&>(*act.reduction);
  const double pa = accuracy(*passive.reduction, test), aa = accuracy(*act.reduction, test);
  EXPECT_GT(pa, 0.97);
  EXPECT_LT(learner.queries(), train.size() / 2) << "queried " << learner.queries();
  EXPECT_GE(aa, pa - 0.005) << "passive " << pa << " active " << aa;
  EXPECT_GT(learner.queries(), 20u);
  RecordProperty("queries", static_cast<int>(learner.queries()));
  std::printf("passive %.4f active %.4f with %llu of %zu labels\n", pa, aa,
              static_cast<unsigned long long>(learner.queries()), train.size());
}

TEST(Active, DyadicModelsUseTheDyadicPath) {
  // class = user's sign times item's sign: only the dot product fits it.
  std::vector<std::string> lines;
  test::Rng rng(3);
  for (int i = 0; i < 3000; ++i) {
    const int u = static_cast<int>(rng.below(10)), it = static_cast<int>(rng.below(10));
    const bool y = (u < 5) == (it < 5);
    lines.push_back(std::string(y ? "1" : "-1") + " |u u" + std::to_string(u) + " |i i" + std::to_string(it));
  }
  const Data d = test::parse_lines(lines, ParseOptions{});
  Rig act(active(true, 0.01), "logistic", test::dyadic_config("ui", 2));
  act.pass(d, true);
  const auto& learner = static_cast<ActiveLearner&>(*act.reduction);
  EXPECT_LT(learner.queries(), d.size()) << "some labels skipped";
  EXPECT_GT(accuracy(*act.reduction, d), 0.9);
}

TEST(Active, InteractiveModePrintsTheQueryImportance) {
  Rig rig(active(false, 8.0), "logistic");
  const Data d = test::parse_lines({"|f a", "1 |f a", "-1 |f b", "|f a"}, ParseOptions{});
  const Outcome& first = rig.reduction->process(d.examples[0], d.features[0], true);
  EXPECT_FALSE(first.labeled);
  std::string line;
  rig.reduction->prediction_text("t", line);
  EXPECT_EQ(line, "0 t 1") << "k <= 1: queried with importance 1";
  for (std::size_t i = 1; i < d.size(); ++i) rig.reduction->process(d.examples[i], d.features[i], true);
  EXPECT_EQ(static_cast<ActiveLearner&>(*rig.reduction).queries(), 2u);
}

}  // namespace
}  // namespace learner
