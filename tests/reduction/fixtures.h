// Test data for the reductions: VW lines parsed and featurised as the CLI
// does, synthetic separable problems, a model factory.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "learner/learners/gd/label_range.h"
#include "learner/learners/gd/model.h"
#include "learner/features/feature_builder.h"
#include "learner/parse/text_parser.h"
#include "learner/plugin.h"
#include "src/reduction/active.h"
#include "src/reduction/csoaa.h"
#include "src/reduction/filter_tree.h"
#include "src/reduction/multilabel.h"
#include "src/reduction/oaa.h"
#include "learner/reduction/reduction.h"
#include "src/reduction/scoring_filter_tree.h"
#include "learners/gd/fixed_config.h"

namespace learner::test {

struct Data {
  std::vector<Example> examples;
  std::vector<std::vector<Feature>> features;
  std::size_t size() const { return examples.size(); }
};

inline Data parse_lines(const std::vector<std::string>& lines, const ParseOptions& options) {
  Data d;
  const TextParser parser(options);
  const FeatureBuilder builder(FeatureSpec{});
  for (const std::string& line : lines) {
    Example ex;
    if (!parser.parse(line, ex, "test.vw", d.size() + 1)) continue;
    std::vector<Feature> f;
    builder.build(ex, f);
    d.examples.push_back(std::move(ex));
    d.features.push_back(std::move(f));
  }
  return d;
}

// A small deterministic generator (64-bit LCG, top bits).
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed * 2862933555777941757ull + 3037000493ull) {}
  uint32_t below(uint32_t n) { return static_cast<uint32_t>((next() >> 33) % n); }
  double uniform() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }

 private:
  uint64_t next() { return s_ = s_ * 6364136223846793005ull + 1442695040888963407ull; }
  uint64_t s_;
};

// Separable multiclass lines "y |w tokens |n noise": three tokens from class
// y's own vocabulary of 8 plus two tokens shared by all classes.
inline std::vector<std::string> separable_multiclass(uint32_t classes, std::size_t n, uint64_t seed) {
  Rng rng(seed);
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < n; ++i) {
    const uint32_t y = 1 + rng.below(classes);
    std::string line = std::to_string(y) + " |w";
    for (int j = 0; j < 3; ++j) line += " c" + std::to_string(y) + "_" + std::to_string(rng.below(8));
    line += " |n";
    for (int j = 0; j < 2; ++j) line += " s" + std::to_string(rng.below(20));
    lines.push_back(line);
  }
  return lines;
}

// A reduction as the CLI selects it: its plug-in (one of src/cli/registry.cc's
// list), the spec its options fill and its factory (the plug-in's make, or
// one built with the reduction's own settings: with_settings).
struct Pick {
  const ReductionPlugin* plugin;
  ReductionSpec spec;
  std::function<std::unique_ptr<Reduction>(const ReductionSpec&, Learner&, LabelRange&)> make;
  LabelFormat labels() const { return plugin->labels(spec); }
  uint32_t sub_models() const { return plugin->sub_models(spec); }
};

inline Pick pick(const ReductionPlugin& plugin, uint32_t classes = 0) {
  Pick p{&plugin, {}, plugin.make};
  p.spec.classes = classes;
  return p;
}

// A reduction R(spec, settings, learner, range) with its own settings.
template <class R, class S>
Pick with_settings(const ReductionPlugin& plugin, uint32_t classes, S settings) {
  Pick p = pick(plugin, classes);
  p.make = [settings](const ReductionSpec& spec, Learner& learner, LabelRange& range) -> std::unique_ptr<Reduction> {
    return std::make_unique<R>(spec, settings, learner, range);
  };
  return p;
}

// Everything a reduction needs, owned together.
struct Rig {
  std::unique_ptr<Loss> loss;
  std::unique_ptr<Model> model;
  LabelRange range;
  std::unique_ptr<Reduction> reduction;

  Rig(const Pick& pick, const std::string& loss_name, CoreConfig config = fixed_config()) {
    LossSpec ls;
    ls.name = loss_name;
    loss = make_loss(ls);
    config.sub_models = pick.sub_models();
    model = std::make_unique<Model>(config, *loss);
    range = LabelRange{loss->initial_range().min, loss->initial_range().max};
    reduction = pick.make(pick.spec, *model, range);
  }
  // Processes every example once; returns the weighted mean loss.
  double pass(const Data& d, bool learn) {
    double loss_sum = 0, weight = 0;
    for (std::size_t i = 0; i < d.size(); ++i) {
      const Outcome& o = reduction->process(d.examples[i], d.features[i], learn);
      if (!o.labeled) continue;
      loss_sum += o.weight * o.loss;
      weight += o.weight;
    }
    return weight > 0 ? loss_sum / weight : 0.0;
  }
};

inline CoreConfig dyadic_config(const std::string& pair, unsigned rank) {
  CoreConfig c = fixed_config();
  c.dotproducts = {{pair.substr(0, 1), pair.substr(1, 1), false}};
  c.rank = rank;
  return c;
}

}  // namespace learner::test
