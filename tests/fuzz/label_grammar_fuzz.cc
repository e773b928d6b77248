// libFuzzer target: the reductions' label grammars. The first byte picks the
// grammar (multiclass, cost-sensitive, either, multilabel, a line of a
// multi-line example, a --cb label, a --cb_adf line, a --cbzo `ca` label)
// and a class count K in 0..15; the rest is a text line. Only InputError may
// escape, and a --cb label that parses holds probabilities in [0, 1] and is
// labeled exactly when an entry has a known cost and a positive
// probability; a `ca` label holds at most one observation, a finite action,
// a pdf value >= 0, and is labeled exactly when its cost is known and its
// pdf value > 0.
#include <cstddef>
#include <cstdlib>
#include <cmath>
#include <cstdint>
#include <string_view>

#include "learner/error.h"
#include "learner/parse/text_parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const learner::LabelFormat kFormats[] = {learner::LabelFormat::kMulticlass, learner::LabelFormat::kCostSensitive,
                                                  learner::LabelFormat::kMulticlassOrCost,
                                                  learner::LabelFormat::kMultilabel,
                                                  learner::LabelFormat::kLabelDependent,
                                                  learner::LabelFormat::kContextualBandit,
                                                  learner::LabelFormat::kContextualBanditAdf,
                                                  learner::LabelFormat::kContinuousAction};
  learner::ParseOptions o;
  o.labels = kFormats[data[0] & 7];
  o.classes = (data[0] >> 3) & 15;
  const learner::TextParser parser(o);
  learner::Example ex;
  try {
    parser.parse(std::string_view(reinterpret_cast<const char*>(data + 1), size - 1), ex, "fuzz", 1);
    if (o.labels == learner::LabelFormat::kContextualBandit ||
        o.labels == learner::LabelFormat::kContextualBanditAdf) {
      bool observed = false;
      for (const learner::ClassCost& c : ex.costs) {
        if (!(c.probability >= 0.0f && c.probability <= 1.0f)) std::abort();
        if (o.labels == learner::LabelFormat::kContextualBandit && o.classes > 0 &&
            (c.klass < 1 || c.klass > o.classes))
          std::abort();
        observed = observed || (c.cost != learner::kUnknownCost && c.probability > 0.0f);
      }
      if (observed != ex.has_label) std::abort();
    }
    if (o.labels == learner::LabelFormat::kContinuousAction) {
      if (ex.costs.size() > 1 || !std::isfinite(ex.label)) std::abort();
      const bool observed = !ex.costs.empty() && ex.costs[0].cost != learner::kUnknownCost &&
                            ex.costs[0].probability > 0.0f;
      if (!ex.costs.empty() && !(ex.costs[0].probability >= 0.0f && std::isfinite(ex.costs[0].probability))) std::abort();
      if (observed != ex.has_label) std::abort();
    }
  } catch (const learner::InputError&) {
  }
  return 0;
}
