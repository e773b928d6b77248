// The gradient learner's plug-in contract (gd_plugin.h): its options are its
// own declarations, their defaults are CoreConfig's, and its setup reads
// them into its settings and tells the run what it must know.
#include "learner/learners/gd/gd_plugin.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/learner.h"
#include "learner/loss/loss.h"
#include "learner/learners/plugins.h"

namespace learner {
namespace {

// OptionValues over gd's declarations plus the command line's few options it
// reads (-l, --decay_learning_rate, --random_seed, --passes): a given value
// or the declared default.
using Given = std::map<std::string, std::vector<std::string>>;

class FakeValues final : public OptionValues {
 public:
  explicit FakeValues(std::map<std::string, std::vector<std::string>> given) : given_(std::move(given)) {
    for (const OptionSpec& s : gd_options()) defaults_[s.name] = s.default_value;
    defaults_["learning_rate"] = "";
    defaults_["decay_learning_rate"] = "1";
    defaults_["random_seed"] = "0";
    defaults_["passes"] = "1";
  }
  bool given(std::string_view name) const override { return given_.count(std::string(name)) > 0; }
  bool flag(std::string_view name) const override { return given(name); }
  double number(std::string_view name) const override { return std::strtod(text(name).c_str(), nullptr); }
  std::string text(std::string_view name) const override {
    const auto it = given_.find(std::string(name));
    if (it != given_.end()) return it->second.empty() ? "1" : it->second.front();
    const auto d = defaults_.find(std::string(name));
    if (d == defaults_.end()) ADD_FAILURE() << "gd read an option it does not declare: --" << name;
    return d == defaults_.end() ? "" : d->second;
  }
  std::vector<std::string> list(std::string_view name) const override {
    const auto it = given_.find(std::string(name));
    return it == given_.end() ? std::vector<std::string>{} : it->second;
  }

 private:
  std::map<std::string, std::vector<std::string>> given_;
  std::map<std::string, std::string> defaults_;
};

RunFacts typed(std::vector<std::string> names, std::vector<std::string> interactions = {}) {
  RunFacts f;
  f.interactions = std::move(interactions);
  f.on_command_line = [names](std::string_view n) {
    for (const std::string& x : names)
      if (x == n) return true;
    return false;
  };
  return f;
}

TEST(GdPlugin, DeclaresEveryOptionOnceWithCoreConfigsDefaults) {
  std::map<std::string, int> seen;
  for (const OptionSpec& s : gd_plugin().options) ++seen[s.name];
  for (const auto& [name, n] : seen) EXPECT_EQ(n, 1) << name;
  for (const char* name : {"power_t", "l1", "sgd", "loss_function", "dotproduct", "dotproduct_l2", "rank", "lrq"})
    EXPECT_EQ(seen.count(name), 1u) << name;
  // Nothing given: the settings read are CoreConfig's defaults, the latent ones included.
  const FakeValues none({});
  CoreConfig read;
  const LearnerSetup s = read_gd_settings(none, typed({}), read);
  const CoreConfig d;
  EXPECT_EQ(read.learning_rate, d.learning_rate);
  EXPECT_EQ(read.power_t, d.power_t);
  EXPECT_EQ(read.initial_t, d.initial_t);
  EXPECT_EQ(read.rank, d.rank);
  EXPECT_EQ(read.auto_latent_l2, d.auto_latent_l2);
  EXPECT_EQ(read.auto_latent_rate, d.auto_latent_rate);
  EXPECT_EQ(read.init_scale, d.init_scale);
  EXPECT_EQ(read.center, d.center);
  EXPECT_EQ(read.dotproduct_side_ratio, d.dotproduct_side_ratio);
  EXPECT_EQ(read.dotproduct_freq_l2, d.dotproduct_freq_l2);
  EXPECT_FALSE(s.raw_features);
  EXPECT_TRUE(s.namespaces.empty());
  EXPECT_TRUE(s.no_holdout_reason.empty());
  EXPECT_EQ(s.rates, "initial_t = 0\npower_t = 0.5\n");
}

TEST(GdPlugin, UpdateRuleFlagsSetTheRuleAndVwsRate) {
  CoreConfig c;
  read_gd_settings(FakeValues(Given{{"sgd", {}}}), typed({"sgd"}), c);
  EXPECT_FALSE(c.rule.adaptive || c.rule.normalized || c.rule.invariant);
  EXPECT_EQ(c.learning_rate, kRuleRate);
  CoreConfig given;
  read_gd_settings(FakeValues(Given{{"adaptive", {}}, {"learning_rate", {"0.25"}}}), typed({"adaptive", "learning_rate"}),
                   given);
  EXPECT_TRUE(given.rule.adaptive);
  EXPECT_FALSE(given.rule.normalized);
  EXPECT_EQ(given.learning_rate, 0.25);
}

TEST(GdPlugin, DyadicSettingsTellTheRunWhatItNeeds) {
  CoreConfig c;
  const LearnerSetup s =
      read_gd_settings(FakeValues(Given{{"dotproduct", {"ui"}}, {"dotproduct_l2", {"0.01"}}}), typed({"dotproduct"}), c);
  ASSERT_EQ(c.dotproducts.size(), 1u);
  EXPECT_EQ(c.dotproduct_l2, 0.01);
  EXPECT_FALSE(c.auto_latent_l2);
  EXPECT_TRUE(s.raw_features);
  ASSERT_EQ(s.namespaces.size(), 1u);
  EXPECT_EQ(s.namespaces[0].flag, "--dotproduct ui");
  EXPECT_EQ(s.no_holdout_reason, "dyadic model with latent L2");
  EXPECT_NE(s.preamble.find("dotproduct = ui, rank = 1"), std::string::npos) << s.preamble;
  EXPECT_TRUE(s.stored.empty());  // the learner's own spelling is stored as given
}

TEST(GdPlugin, VwRankSpellingTakesTheInteractionsAndStoresTheMappedSpelling) {
  CoreConfig c;
  const LearnerSetup s = read_gd_settings(FakeValues(Given{{"rank", {"3"}}}), typed({"rank"}, {"ab"}), c);
  ASSERT_EQ(c.dotproducts.size(), 1u);
  EXPECT_EQ(c.dotproducts[0].left, "a");
  EXPECT_EQ(c.rank, 3u);
  EXPECT_TRUE(s.takes_interactions);
  bool stored_pair = false;
  for (const auto& [name, value] : s.stored) stored_pair = stored_pair || (name == "dotproduct" && value == "ab");
  EXPECT_TRUE(stored_pair);
  // The same --rank restored from a model (not typed) is not VW's spelling.
  CoreConfig restored;
  const LearnerSetup r = read_gd_settings(FakeValues(Given{{"rank", {"3"}}}), typed({}, {"ab"}), restored);
  EXPECT_TRUE(restored.dotproducts.empty());
  EXPECT_FALSE(r.takes_interactions);
}

TEST(GdPlugin, LatentOptionWithoutAPairIsAnErrorUnlessAModelRestoredIt) {
  CoreConfig c;
  EXPECT_THROW(read_gd_settings(FakeValues(Given{{"dotproduct_init", {"0.2"}}}), typed({"dotproduct_init"}), c),
               UsageError);
  RunFacts from_model = typed({});
  from_model.initial_model = "m.bin";
  CoreConfig restored;
  EXPECT_NO_THROW(read_gd_settings(FakeValues(Given{{"dotproduct_init", {"0.2"}}}), from_model, restored));
}

TEST(GdPlugin, AveragePassesRefusesHoldout) {
  CoreConfig c;
  const LearnerSetup s = read_gd_settings(FakeValues(Given{{"average_passes", {"3"}}}), typed({"average_passes"}), c);
  EXPECT_NE(s.refuses_holdout.find("--average_passes"), std::string::npos);
  EXPECT_EQ(c.average_passes, 3u);
}

TEST(GdPlugin, FactoryBuildsTheModelWithTheContextsBitsAndSubModels) {
  const FakeValues none({});
  const LearnerSetup s = gd_plugin().setup(none, typed({}));
  ASSERT_TRUE(s.make);
  const std::unique_ptr<Loss> loss = make_loss(LossSpec{});
  const std::unique_ptr<Learner> learner = s.make(LearnerContext{none, 10, 3, *loss, nullptr});
  EXPECT_EQ(learner->name(), "gd");
}

}  // namespace
}  // namespace learner
