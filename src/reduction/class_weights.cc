#include "class_weights.h"
#include "learner/reduction/plugins.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <memory>
#include <utility>

#include "learner/error.h"

namespace learner {
namespace {

[[noreturn]] void bad(const std::string& item, const std::string& why) {
  throw UsageError("--classweight '" + item + "': " + why);
}

}  // namespace

ClassWeights::ClassWeights(const std::vector<std::string>& items, LabelFormat labels, const ClassLabels* names)
    : simple_(labels == LabelFormat::kSimple) {
  if (labels == LabelFormat::kCostSensitive || labels == LabelFormat::kMultilabel ||
      labels == LabelFormat::kLabelDependent || labels == LabelFormat::kContextualBandit ||
      labels == LabelFormat::kContextualBanditAdf || labels == LabelFormat::kContextualBanditEval)
    throw UsageError("--classweight applies to simple and multiclass labels, not to cost-sensitive or multilabel ones "
                     "(nor to --csoaa_ldf / --wap_ldf lines or --cb labels)");
  for (const std::string& list : items) {
    std::size_t start = 0;
    while (start <= list.size()) {
      const std::size_t comma = std::min(list.find(',', start), list.size());
      const std::string item = list.substr(start, comma - start);
      start = comma + 1;
      const std::size_t colon = item.find(':');
      if (colon == std::string::npos || colon == 0 || colon + 1 == item.size()) bad(item, "not class:weight");
      const std::string klass = item.substr(0, colon), weight = item.substr(colon + 1);
      int64_t key = 0;
      if (!simple_ && names) {
        const auto id = names->id(klass);
        if (!id) bad(item, "not a class (" + names->expected(0) + ")");
        key = *id;
      } else {
        const auto [end, ec] = std::from_chars(klass.data(), klass.data() + klass.size(), key);
        if (ec != std::errc() || end != klass.data() + klass.size()) bad(item, "the class is not an integer");
      }
      double w = 0;
      const auto [end, ec] = std::from_chars(weight.data(), weight.data() + weight.size(), w);
      if (ec != std::errc() || end != weight.data() + weight.size() || !std::isfinite(w) || w < 0)
        bad(item, "the weight is not a finite number >= 0");
      if (!weights_.emplace(key, w).second) bad(item, "the class has a weight already");
    }
  }
}

double ClassWeights::factor(const Example& ex) const {
  if (!ex.has_label || !(std::fabs(ex.label) < 9e18)) return 1.0;
  const auto key = static_cast<int64_t>(std::trunc(static_cast<double>(ex.label)));
  const auto it = weights_.find(key);
  return it == weights_.end() ? 1.0 : it->second;
}

ClassWeighting::ClassWeighting(std::shared_ptr<const ClassWeights> weights, std::unique_ptr<Reduction> below)
    : weights_(std::move(weights)), below_(std::move(below)) {}

const Outcome& ClassWeighting::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  weighted_ = ex;
  weighted_.importance *= static_cast<float>(weights_->factor(ex));
  return below_->process(weighted_, features, learn && weighted_.importance > 0);
}

const ReductionLayerPlugin& classweight_plugin() {
  static const ReductionLayerPlugin plugin = [] {
    ReductionLayerPlugin p;
    p.name = "classweight";
    p.title = "class weights";
    p.options = {list_option("classweight", "importance multiplier per class, class:weight,... (e.g. 1:2,-1:0.5; "
                                            "repeatable); simple labels: the label's integer part; not applied with -t",
                             0, false)};
    p.setup = [](const ReductionLayerContext& c) -> ReductionWrap {
      auto weights = std::make_shared<const ClassWeights>(c.values.list("classweight"), c.labels, c.class_labels);
      if (c.test_only) return {};  // VW: the weights change learning only
      return [weights](std::unique_ptr<Reduction> below) -> std::unique_ptr<Reduction> {
        return std::make_unique<ClassWeighting>(weights, std::move(below));
      };
    };
    return p;
  }();
  return plugin;
}

}  // namespace learner
