// --csoaa_ldf / --wap_ldf allocate nothing per group once warm (group_reduction.h):
// every mode (m, mc, wap, --csoaa_rank, --probabilities) predicts, learns and
// writes its -p, -r and progress-row text without touching the heap. This
// binary's global operator new counts allocations (support/count_allocations.h).
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "learner/loss/loss.h"
#include "src/reduction/cbify_ldf.h"
#include "src/reduction/csoaa_ldf.h"
#include "support/count_allocations.h"

namespace learner {
namespace {

// A linear learner over 64 weights with a plain gradient step (the test is
// about the reduction's own buffers).
class TinyLinear final : public Learner {
 public:
  explicit TinyLinear(const std::string& loss) : loss_(make_loss(LossSpec{loss})), w_(64, 0.0) {}
  std::string_view name() const override { return "tiny"; }
  const Loss& loss() const override { return *loss_; }
  double predict(const Example&, const std::vector<Feature>& x, Parts) override {
    double p = 0.0;
    for (const Feature& f : x) p += w_[f.index % 64] * f.value;
    return p;
  }
  void learn(const Example&, const std::vector<Feature>& x, Parts, double p, double label, double importance) override {
    for (const Feature& f : x) w_[f.index % 64] -= 0.1 * importance * (p - label) * f.value;
  }
  void save(ModelWriter&, bool) const override {}
  void load(ModelReader&) override {}
  void write_text(std::FILE*, const NameMap*) const override {}

 private:
  std::unique_ptr<Loss> loss_;
  std::vector<double> w_;
};

// Groups of 2..5 actions, every other one after a shared line, costs and features varying.
std::vector<ExampleGroup> groups() {
  std::vector<ExampleGroup> out(40);
  for (std::size_t g = 0; g < out.size(); ++g) {
    if (g % 2 == 0) {
      GroupLine& shared = out[g].add();
      shared.ex.shared = true;
      shared.ex.tag = std::string("g").append(std::to_string(g));  // (GCC 12 misreads "g" + std::string&&)
    }
    const std::size_t actions = 2 + g % 4;
    for (std::size_t k = 0; k < actions; ++k) {
      GroupLine& line = out[g].add();
      line.ex.costs.push_back({static_cast<uint32_t>(k + 1), static_cast<float>((g * 7 + k * 3) % 5) / 4.0f});
      line.ex.has_label = true;
      line.ex.tag = std::string("a").append(std::to_string(k));
      for (uint32_t f = 0; f < 3 + (g + k) % 6; ++f)
        line.features.push_back({1.0f / static_cast<float>(1 + f), static_cast<uint32_t>(g * 13 + k * 5 + f)});
    }
  }
  return out;
}

long allocations_when_warm(const LdfSettings& settings, const std::string& loss) {
  TinyLinear learner(loss);
  LabelRange range;
  ReductionSpec spec;
  CsoaaLdf ldf(settings, spec, learner, range);
  const std::vector<ExampleGroup> data = groups();
  std::string text, label, prediction;
  const auto pass = [&] {
    for (const ExampleGroup& g : data) {
      ldf.process(g, true);
      ldf.prediction_text(g, text);
      ldf.raw_text(g, text);
      ldf.row_text(label, prediction);
    }
  };
  pass();
  pass();
  g_allocations = 0;
  g_counting = true;
  pass();
  g_counting = false;
  return g_allocations;
}

TEST(LdfAllocation, NoneOnceWarm) {
  EXPECT_EQ(allocations_when_warm({}, "squared"), 0) << "csoaa_ldf m";
  EXPECT_EQ(allocations_when_warm({.classifier = true}, "logistic"), 0) << "csoaa_ldf mc";
  EXPECT_EQ(allocations_when_warm({.wap = true}, "squared"), 0) << "wap_ldf m";
  EXPECT_EQ(allocations_when_warm({.rank = true}, "squared"), 0) << "--csoaa_rank";
  EXPECT_EQ(allocations_when_warm({.classifier = true, .probabilities = true}, "logistic"), 0) << "--probabilities";
}

// --cbify_ldf: its hidden-label copy of each group and the revealed label
// reuse kept slots (mtr and dr below it).
TEST(LdfAllocation, CbifyLdfNoneOnceWarm) {
  for (const CbAdfType type : {CbAdfType::kMtr, CbAdfType::kDr}) {
    TinyLinear learner("squared");
    LabelRange range;
    CbAdfSettings adf;
    adf.type = type;
    CbifyLdf cbify({}, std::make_unique<CbExploreAdf>(CbExploreSettings{},
                                                      std::make_unique<CbAdf>(adf, learner, range)));
    const std::vector<ExampleGroup> data = groups();
    std::string text, label, prediction;
    // The caller's text buffer is warm too: a score's text may get longer as
    // the model moves (6 decimals), which would grow it, not the layers.
    text.reserve(1 << 12);
    const auto pass = [&] {
      for (const ExampleGroup& g : data) {
        cbify.process(g, true);
        cbify.prediction_text(g, text);
        cbify.raw_text(g, text);
        cbify.row_text(label, prediction);
      }
    };
    pass();
    pass();
    g_allocations = 0;
    g_counting = true;
    pass();
    g_counting = false;
    EXPECT_EQ(g_allocations, 0) << (type == CbAdfType::kMtr ? "mtr" : "dr");
  }
}

}  // namespace
}  // namespace learner
