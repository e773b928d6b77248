// The plug-ins standing over --cb_explore_adf (src/reduction/adf_layer.h):
// --cb_sample and --explore_eval take --cb_explore_adf's options after their
// own, --cb_dro --cb_adf's and then --cb_explore_adf's it lacks, --cbify_reg
// --cbify's; each reads multi-line contextual-bandit labels and asks for the
// sub-models of the layer below. Written against the plug-ins before they
// shared the helper: the declarations are unchanged by it.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "layer_fixtures.h"
#include "learner/reduction/reduction.h"
#include "learner/reduction/plugins.h"

namespace learner {
namespace {

using test::MapValues;
using Values = std::map<std::string, std::string, std::less<>>;

void expect_same_option(const OptionSpec& a, const OptionSpec& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.help, b.help) << a.name;
  EXPECT_EQ(a.kind, b.kind) << a.name;
  EXPECT_EQ(a.default_value, b.default_value) << a.name;
  EXPECT_EQ(a.stored, b.stored) << a.name;
  EXPECT_EQ(a.min, b.min) << a.name;
  EXPECT_EQ(a.max, b.max) << a.name;
}

// `p`'s options from `own` on are `below`'s that `p`'s first `own` lack, in order.
void expect_options_follow(const ReductionPlugin& p, std::size_t own, std::vector<const ReductionPlugin*> below) {
  std::vector<OptionSpec> expected(p.options.begin(), p.options.begin() + static_cast<std::ptrdiff_t>(own));
  std::set<std::string> names;
  for (const OptionSpec& o : expected) names.insert(o.name);
  for (const ReductionPlugin* b : below)
    for (const OptionSpec& o : b->options)
      if (names.insert(o.name).second) expected.push_back(o);
  ASSERT_EQ(p.options.size(), expected.size()) << p.name;
  for (std::size_t i = 0; i < expected.size(); ++i) expect_same_option(p.options[i], expected[i]);
}

// Explorer choices with different sub-model counts.
std::vector<MapValues> explorer_choices() {
  return {MapValues(Values{{"cb_explore_adf", "1"}}), MapValues(Values{{"cb_explore_adf", "1"}, {"cb_type", "dr"}}),
          MapValues(Values{{"cb_explore_adf", "1"}, {"bag", "3"}}),
          MapValues(Values{{"cb_explore_adf", "1"}, {"cover", "4"}})};
}

TEST(AdfLayer, CbSampleAndExploreEvalTakeCbExploreAdfsDeclarations) {
  const ReductionSpec spec;
  for (const ReductionPlugin* p : {&cb_sample_plugin(), &explore_eval_plugin()}) {
    expect_options_follow(*p, p == &cb_sample_plugin() ? 1 : 3, {&cb_explore_adf_plugin()});
    EXPECT_EQ(p->stands_over, std::vector<std::string>{"cb_explore_adf"});
    EXPECT_EQ(p->labels(spec), LabelFormat::kContextualBanditAdf);
    for (const MapValues& v : explorer_choices())
      EXPECT_EQ(p->sub_models_with(v, spec), cb_explore_adf_plugin().sub_models_with(v, spec)) << p->name;
  }
}

TEST(AdfLayer, CbDroStandsOverCbAdfOrCbExploreAdf) {
  const ReductionPlugin& p = cb_dro_plugin();
  const ReductionSpec spec;
  expect_options_follow(p, 4, {&cb_adf_plugin(), &cb_explore_adf_plugin()});
  EXPECT_EQ(p.stands_over, (std::vector<std::string>{"cb_adf", "cb_explore_adf"}));
  EXPECT_EQ(p.labels(spec), LabelFormat::kContextualBanditAdf);
  for (const MapValues& v : explorer_choices())
    EXPECT_EQ(p.sub_models_with(v, spec), cb_explore_adf_plugin().sub_models_with(v, spec));
  for (const char* type : {"mtr", "dr", "ips"}) {
    const MapValues v(Values{{"cb_adf", "1"}, {"cb_type", type}});
    EXPECT_EQ(p.sub_models_with(v, spec), cb_adf_plugin().sub_models_with(v, spec)) << type;
  }
}

TEST(AdfLayer, CbifyRegTakesCbifysOptions) { expect_options_follow(cbify_reg_plugin(), 6, {&cbify_plugin()}); }

TEST(AdfLayer, NoLayerDeclaresAnOptionTwice) {
  for (const ReductionPlugin* p : {&cb_sample_plugin(), &explore_eval_plugin(), &cb_dro_plugin(), &cbify_reg_plugin(),
                                   &cb_explore_adf_plugin()}) {
    std::set<std::string> names;
    for (const OptionSpec& o : p->options) EXPECT_TRUE(names.insert(o.name).second) << p->name << ": " << o.name;
  }
}

}  // namespace
}  // namespace learner
