// The reduction's own settings, its label format and class names, and the
// form of its predictions (--scores, --probabilities).
#include <memory>
#include <string>

#include "learner/error.h"
#include "learner/parse/class_labels.h"
#include "option_readers.h"

namespace learner {
namespace {

// --named_labels a,b,c and --indexing 0|1 (parse/class_labels.h); null for
// the plain 1..K ids; neither given: the reduction's own (`plugin_default`).
// VW's rule: with names, K is their number.
std::shared_ptr<const ClassLabels> class_labels(const OptionValues& v, uint32_t classes, LabelFormat labels,
                                                std::shared_ptr<const ClassLabels> plugin_default) {
  const bool named = v.given("named_labels"), indexed = v.given("indexing");
  if (!named && !indexed) return plugin_default;  // --multilabel_oaa: 0-based
  const std::string flag = named ? "--named_labels" : "--indexing";
  if (labels == LabelFormat::kSimple) throw UsageError(flag + " applies to class labels, not to simple ones");
  if (named && indexed) throw UsageError("--named_labels and --indexing cannot be combined (names are not numbered)");
  if (indexed) {
    const std::string i = v.text("indexing");
    if (i == "1") return nullptr;
    if (i != "0") throw UsageError("--indexing must be 0 or 1, got '" + i + "'");
    return std::make_shared<const ClassLabels>(ClassLabels::zero_based());
  }
  auto names = std::make_shared<const ClassLabels>(ClassLabels::named(v.text("named_labels")));
  if (classes != 0 && classes != names->size())
    throw UsageError("--named_labels gives " + std::to_string(names->size()) + " names; the reduction has " +
                     std::to_string(classes) + " classes (use that number as its K)");
  return names;
}

}  // namespace

void fill_reduction(const OptionValues& v, Options& o) {
  ReductionSpec& r = o.reduction;
  r.seed = o.random_seed;
  if (v.flag("scores") && v.flag("probabilities")) throw UsageError("--scores and --probabilities cannot be combined");
  if (v.flag("scores")) r.output = ScoreOutput::kScores;
  if (v.flag("probabilities")) r.output = ScoreOutput::kProbabilities;
  if (!o.reduction_plugin) {
    if (v.given("named_labels") || v.given("indexing"))
      throw UsageError(std::string(v.given("named_labels") ? "--named_labels" : "--indexing") +
                       " needs a multiclass reduction (--oaa, --csoaa, --filter_tree, --multilabel_oaa, ...)");
    if (r.output != ScoreOutput::kClass)
      throw UsageError("--scores and --probabilities need --oaa, --csoaa, --scoring_filter_tree or --multilabel");
    return;
  }
  if (o.reduction_plugin->configure) o.reduction_plugin->configure(v, r);
  o.parse.labels =
      o.reduction_plugin->labels_with ? o.reduction_plugin->labels_with(v, r) : o.reduction_plugin->labels(r);
  r.class_labels = class_labels(v, r.classes, o.parse.labels, r.class_labels);
  o.parse.class_labels = r.class_labels;
  const ReductionPlugin& plugin = *o.reduction_plugin;
  o.reduction_setup = plugin.setup ? plugin.setup(v, r) : ReductionSetup{plugin.make, plugin.describe(r)};
  if (o.parse.labels != LabelFormat::kSimple) {
    o.parse.classes = r.classes;
    if (r.binary) throw UsageError("--binary applies to simple labels, not to --" + o.reduction_plugin->name);
  }
}

}  // namespace learner
