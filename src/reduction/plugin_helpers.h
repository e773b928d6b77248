// Shared pieces of the reductions' plug-in declarations (private to the
// reduction stage).
#pragma once

#include <memory>
#include <string>

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

inline void configure_classes(const OptionValues& values, ReductionSpec& spec, ReductionKind kind,
                              const char* name) {
  spec.kind = kind;
  spec.classes = static_cast<uint32_t>(values.number(name));
}

inline uint32_t k_sub_models(const ReductionSpec& spec) { return spec.classes; }

inline std::string describe_classes(const char* name, const ReductionSpec& spec) {
  return std::string(name) + " " + std::to_string(spec.classes);
}

// --scores / --probabilities make sense for reductions with per-class scores.
inline void check_output(const ReductionSpec& spec, const char* name, bool scores, bool probabilities,
                         const Learner& learner) {
  if (spec.output == ScoreOutput::kScores && !scores)
    throw UsageError(std::string("--scores: --") + name + " has no per-class scores" +
                     (std::string(name) == "filter_tree" ? " (use --scoring_filter_tree)" : ""));
  if (spec.output == ScoreOutput::kProbabilities && !probabilities)
    throw UsageError("--probabilities works with --oaa and --multilabel");
  if (spec.output == ScoreOutput::kProbabilities && learner.loss().name() != "logistic")
    throw UsageError("--probabilities needs --loss_function logistic");
}

}  // namespace learner::detail
