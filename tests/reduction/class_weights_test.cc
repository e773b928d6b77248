// --classweight as a layer over the reduction (class_weights.h): the
// reduction below sees each example with its class's factor on the
// importance, learns only when that importance is positive, and everything
// else passes through; with -t the layer is not put in place.
#include "src/reduction/class_weights.h"

#include "learner/error.h"
#include "learner/reduction/plugins.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace learner {
namespace {

// A reduction that records what it is handed.
class ClassWeightsRecorder final : public Reduction {
 public:
  struct Call {
    float importance;
    bool learn;
  };
  std::vector<Call>* calls;
  explicit ClassWeightsRecorder(std::vector<Call>* c) : calls(c) {}
  const Outcome& process(const Example& ex, const std::vector<Feature>&, bool learn) override {
    calls->push_back({ex.importance, learn});
    outcome_.weight = ex.importance;
    return outcome_;
  }
  void prediction_text(const std::string& tag, std::string& out) const override { out = "p " + tag; }
  void raw_text(const std::string& tag, std::string& out) const override { out = "r " + tag; }
  void print_summary(std::FILE*) const override {}
  bool scalar_labels() const override { return true; }

 private:
  Outcome outcome_;
};

class ListValues final : public OptionValues {
 public:
  explicit ListValues(std::vector<std::string> items) : items_(std::move(items)) {}
  bool given(std::string_view) const override { return true; }
  bool flag(std::string_view) const override { return false; }
  double number(std::string_view) const override { return 0; }
  std::string text(std::string_view) const override { return ""; }
  std::vector<std::string> list(std::string_view name) const override {
    EXPECT_EQ(name, "classweight");
    return items_;
  }

 private:
  std::vector<std::string> items_;
};

Example labeled(float label, float importance) {
  Example ex;
  ex.has_label = true;
  ex.label = label;
  ex.importance = importance;
  return ex;
}

TEST(ClassWeightLayer, MultipliesTheImportanceTheReductionSees) {
  std::vector<ClassWeightsRecorder::Call> calls;
  const ListValues values({"1:2,3:0", "-1:0.5"});
  const ReductionWrap wrap =
      classweight_plugin().setup(ReductionLayerContext{values, LabelFormat::kSimple, nullptr, false});
  ASSERT_TRUE(wrap);
  std::unique_ptr<Reduction> r = wrap(std::make_unique<ClassWeightsRecorder>(&calls));
  const std::vector<Feature> none;
  EXPECT_EQ(r->process(labeled(1, 1.5f), none, true).weight, 3.0);  // the statistics see the weighted importance
  r->process(labeled(-1, 1), none, true);
  r->process(labeled(3, 1), none, true);   // factor 0: predicted, not learned
  r->process(labeled(2, 1), none, true);   // not listed: 1
  r->process(labeled(1, 1), none, false);  // held out: weighted, not learned
  ASSERT_EQ(calls.size(), 5u);
  EXPECT_EQ(calls[0].importance, 3.0f);
  EXPECT_TRUE(calls[0].learn);
  EXPECT_EQ(calls[1].importance, 0.5f);
  EXPECT_EQ(calls[2].importance, 0.0f);
  EXPECT_FALSE(calls[2].learn);
  EXPECT_EQ(calls[3].importance, 1.0f);
  EXPECT_EQ(calls[4].importance, 2.0f);
  EXPECT_FALSE(calls[4].learn);
  std::string line;
  r->prediction_text("t", line);
  EXPECT_EQ(line, "p t");
  r->raw_text("t", line);
  EXPECT_EQ(line, "r t");
  EXPECT_TRUE(r->scalar_labels());
}

TEST(ClassWeightLayer, IsNotPutInPlaceWithTestOnlyButStillChecksItsItems) {
  const ListValues good({"1:2"});
  EXPECT_FALSE(classweight_plugin().setup(ReductionLayerContext{good, LabelFormat::kSimple, nullptr, true}));
  const ListValues bad({"1:x"});
  EXPECT_THROW(classweight_plugin().setup(ReductionLayerContext{bad, LabelFormat::kSimple, nullptr, true}), UsageError);
  EXPECT_THROW(classweight_plugin().setup(ReductionLayerContext{good, LabelFormat::kCostSensitive, nullptr, false}),
               UsageError);
}

}  // namespace
}  // namespace learner
