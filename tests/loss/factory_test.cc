// make_loss: names, aliases, parameter validation.
#include <gtest/gtest.h>

#include <string>

#include "learner/error.h"
#include "learner/loss/loss.h"

namespace learner {
namespace {

LossSpec spec(const std::string& name, double tau = 0.5, double q = 0.5) {
  LossSpec s;
  s.name = name;
  s.quantile_tau = tau;
  s.expectile_q = q;
  return s;
}

TEST(FactoryTest, EveryNameBuildsItsLoss) {
  for (const char* name : {"squared", "classic", "logistic", "hinge", "quantile", "absolute",
                           "perceptron", "poisson", "expectile"}) {
    const auto loss = make_loss(spec(name));
    ASSERT_NE(loss, nullptr);
    EXPECT_EQ(loss->name(), name);
  }
  EXPECT_EQ(make_loss(LossSpec{})->name(), "squared");
}

TEST(FactoryTest, PinballIsQuantile) {
  const auto pinball = make_loss(spec("pinball", 0.2));
  EXPECT_EQ(pinball->name(), "quantile");
  EXPECT_DOUBLE_EQ(pinball->loss(0.0, 1.0), 0.2);
}

TEST(FactoryTest, MinimumAtLabel) {
  for (const char* name : {"squared", "classic", "quantile", "absolute", "expectile"}) {
    EXPECT_TRUE(make_loss(spec(name))->minimum_at_label()) << name;
  }
  for (const char* name : {"logistic", "hinge", "perceptron", "poisson"}) {
    EXPECT_FALSE(make_loss(spec(name))->minimum_at_label()) << name;
  }
}

// What other stages ask a loss instead of matching its name: the best
// constant's rule (report) and whether predictions are log-odds
// (--probabilities).
TEST(FactoryTest, EachLossAnswersForItsConstantAndProbabilities) {
  using K = ConstantRule::Kind;
  const struct {
    const char* name;
    K kind;
    double tau;
    bool log_odds;
  } cases[] = {{"squared", K::kMean, 0.5, false},       {"classic", K::kMean, 0.5, false},
               {"absolute", K::kQuantile, 0.5, false},  {"logistic", K::kLogOdds, 0.5, true},
               {"hinge", K::kMajoritySign, 0.5, false}, {"perceptron", K::kMajoritySign, 0.5, false},
               {"poisson", K::kLogMean, 0.5, false},    {"expectile", K::kSearch, 0.5, false}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const auto loss = make_loss(spec(c.name));
    EXPECT_EQ(loss->constant_rule().kind, c.kind);
    EXPECT_EQ(loss->predicts_log_odds(), c.log_odds);
  }
  const auto q = make_loss(spec("quantile", 0.2));
  EXPECT_EQ(q->constant_rule().kind, K::kQuantile);
  EXPECT_DOUBLE_EQ(q->constant_rule().tau, 0.2);
}

TEST(FactoryTest, RejectsUnknownNamesAndBadParameters) {
  EXPECT_THROW(make_loss(spec("huber")), UsageError);
  EXPECT_THROW(make_loss(spec("")), UsageError);
  EXPECT_THROW(make_loss(spec("quantile", 0.0)), UsageError);
  EXPECT_THROW(make_loss(spec("quantile", 1.0)), UsageError);
  EXPECT_THROW(make_loss(spec("pinball", -0.5)), UsageError);
  EXPECT_THROW(make_loss(spec("expectile", 0.5, 0.0)), UsageError);
  EXPECT_THROW(make_loss(spec("expectile", 0.5, 0.7)), UsageError);
  EXPECT_NO_THROW(make_loss(spec("expectile", 0.5, 0.5)));
  try {
    make_loss(spec("huber"));
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("huber"), std::string::npos);
  }
}

}  // namespace
}  // namespace learner
