// Shared pieces of the reductions' plug-in declarations (private to the
// reduction stage).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/learner.h"
#include "learner/loss/loss.h"
#include "learner/plugin.h"
#include "learner/reduction/reduction.h"

namespace learner::detail {

// The selector of a K-class reduction: "--name K", K in [least, 2^20].
inline OptionSpec classes_option(const char* name, double least, const char* help) {
  OptionSpec s;
  s.name = name;
  s.kind = OptionKind::kCount;
  s.min = least;
  s.max = 1 << 20;
  s.help = help;
  s.stored = true;
  return s;
}

inline void configure_classes(const OptionValues& values, ReductionSpec& spec, const char* name) {
  spec.classes = static_cast<uint32_t>(values.number(name));
}


inline std::string describe_classes(const char* name, const ReductionSpec& spec) {
  return std::string(name) + " " + std::to_string(spec.classes);
}

// What a K-class reduction offers: per-class scores (--scores), class
// probabilities (--probabilities), K - 1 sub-models (the games of a filter
// tree); `scores_hint` follows the refusal of --scores.
struct MulticlassTraits {
  bool scores = false;
  bool probabilities = false;
  bool games = false;
  const char* scores_hint = "";
};

// --scores / --probabilities make sense for reductions with per-class scores.
inline void check_output(const ReductionSpec& spec, const char* name, const MulticlassTraits& traits,
                         const Learner& learner) {
  if (spec.output == ScoreOutput::kScores && !traits.scores)
    throw UsageError(std::string("--scores: --") + name + " has no per-class scores" + traits.scores_hint);
  if (spec.output == ScoreOutput::kProbabilities && !traits.probabilities)
    throw UsageError("--probabilities works with --oaa and --multilabel");
  if (spec.output == ScoreOutput::kProbabilities && !learner.loss().predicts_log_odds())
    throw UsageError("--probabilities needs --loss_function logistic");
}

// A K-class reduction R(spec, learner, range): selector --name K, a fixed
// label grammar, K sub-models (K - 1 for the games of a filter tree).
struct MulticlassInfo {
  std::string name;
  double least;           // the fewest classes
  std::string help;
  LabelFormat labels;
  MulticlassTraits traits;
};

// The declarations, label grammar and sub-model count of a K-class
// reduction (everything but its factory).
inline ReductionPlugin multiclass_base(const MulticlassInfo& info, std::vector<OptionSpec> extra) {
  ReductionPlugin p;
  p.name = info.name;
  p.title = "--" + info.name;
  p.options = {classes_option(info.name.c_str(), info.least, info.help.c_str())};
  p.options.insert(p.options.end(), extra.begin(), extra.end());
  p.configure = [info](const OptionValues& v, ReductionSpec& spec) {
    configure_classes(v, spec, info.name.c_str());
  };
  p.labels = [info](const ReductionSpec&) { return info.labels; };
  p.sub_models = [info](const ReductionSpec& spec) { return info.traits.games ? spec.classes - 1 : spec.classes; };
  p.describe = [info](const ReductionSpec& spec) { return describe_classes(info.name.c_str(), spec); };
  return p;
}

template <class R>
ReductionPlugin multiclass_plugin(const MulticlassInfo& info, std::vector<OptionSpec> extra = {}) {
  ReductionPlugin p = multiclass_base(info, std::move(extra));
  p.make = [info](const ReductionSpec& spec, Learner& learner, LabelRange& range) -> std::unique_ptr<Reduction> {
    check_output(spec, info.name.c_str(), info.traits, learner);
    return std::make_unique<R>(spec, learner, range);
  };
  return p;
}

// A K-class reduction R(spec, settings, learner, range) with settings of its
// own, S, which `read` takes from the options; `suffix` adds to the preamble's
// "name K".
template <class R, class S>
ReductionPlugin multiclass_plugin_with(const MulticlassInfo& info, std::vector<OptionSpec> extra,
                                       S (*read)(const OptionValues&), std::string (*suffix)(const S&)) {
  ReductionPlugin p = multiclass_base(info, std::move(extra));
  p.setup = [info, read, suffix](const OptionValues& v, const ReductionSpec& spec) {
    const S settings = read(v);
    ReductionSetup s;
    s.make = [info, settings](const ReductionSpec& at, Learner& learner,
                              LabelRange& range) -> std::unique_ptr<Reduction> {
      check_output(at, info.name.c_str(), info.traits, learner);
      return std::make_unique<R>(at, settings, learner, range);
    };
    s.describe = describe_classes(info.name.c_str(), spec) + suffix(settings);
    return s;
  };
  return p;
}

}  // namespace learner::detail
