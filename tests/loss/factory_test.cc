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
