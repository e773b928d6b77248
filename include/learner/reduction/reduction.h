// Reductions: the scalar problem (no reduction: one learner, simple labels),
// multiclass, cost-sensitive and multilabel problems solved by binary
// sub-problems of the run's Learner (binary_task.h), and active learning on
// top of the scalar learner. The run loop (train/trainer.h) calls one
// Reduction per example:
//
//   const Outcome& o = reduction.process(ex, features, learn);
//   stats / progress table <- o.labeled, o.label, o.prediction, o.loss, o.weight
//   -p <- reduction.prediction_text(tag, line), -r <- reduction.raw_text(tag, line)
//   end of run: reduction.print_summary(stderr)
//
// Each reduction is a plug-in (plugin.h's ReductionPlugin, listed once in
// src/cli/registry.cc) that names its label grammar (the CLI puts it in
// ParseOptions), the sub-models it asks its learner for and its factory; no
// reduction is the Scalar reduction (scalar.h). Each reports its own loss in
// Outcome::loss:
//   --oaa K, --filter_tree K, --scoring_filter_tree K   0/1 loss; with a
//       cost-sensitive label the regret cost(predicted) - min cost
//   --csoaa K                                            that regret (VW)
//   --multilabel K                                       Hamming loss (number of
//       wrong labels) or, with --multilabel_loss zero_one, the 0/1 loss of the set
//   none (scalar)                                        the run's loss (0/1 with
//       --binary or a classifier learner)
//   --active [--simulation]                              the run's loss
//
// No reduction allocates per example once its scratch space has grown
// (the gradient learner's min_importance, used by --active, reuses its buffer too).
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "learner/learners/gd/label_range.h"
#include "learner/example.h"
#include "learner/learner.h"
#include "learner/parse/class_labels.h"
#include "learner/parse/label_format.h"
#include "learner/reduction/reduction_state.h"

namespace learner {

enum class ScoreOutput { kClass, kScores, kProbabilities };  // what -p prints for a multiclass reduction

// How a scalar prediction is shown (-p, the progress table): --link, --binary.
enum class Link { kIdentity, kLogistic, kPoisson };

// What the reductions share (each reads its own settings into its own
// struct: ActiveSettings, MiraSettings, MultilabelSettings).
struct ReductionSpec {
  bool binary = false;                               // --binary: show sign(p), report 0/1 loss
  Link link = Link::kIdentity;                       // --link
  uint32_t classes = 0;                              // K
  std::shared_ptr<const ClassLabels> class_labels;   // --named_labels / --indexing 0: how -p writes classes
  ScoreOutput output = ScoreOutput::kClass;          // --scores, --probabilities
  uint32_t seed = 0;                                 // --random_seed (--active's query coin)
};

// The driver's view of one processed example.
struct Outcome {
  bool labeled = false;    // counts as labeled in the statistics
  double label = 0.0;      // the progress table's "current label"
  double prediction = 0.0; // its "current predict"
  double loss = 0.0;       // this example's loss (before weighting)
  double weight = 1.0;     // its weight in the statistics
};

class Reduction {
 public:
  virtual ~Reduction() = default;
  // Predicts `ex` and, when `learn`, learns from it (only if labeled and of
  // positive importance). The Outcome stays valid until the next call.
  virtual const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) = 0;
  // The -p and -r lines of the last example (its tag given), without the
  // newline: "3 tag", "1:0.2 2:0.8 tag", "1,3 tag", ...
  virtual void prediction_text(const std::string& tag, std::string& out) const = 0;
  virtual void raw_text(const std::string& tag, std::string& out) const = 0;
  // Lines appended to the run summary (counts, extra losses).
  virtual void print_summary(std::FILE* out) const = 0;
  // VW: the summary's best constant is that of a scalar label; reductions
  // that report their own (classes, sets) return false.
  virtual bool scalar_labels() const { return false; }
  // The run's loss is reported as 0/1 (--binary, classifier learners): no
  // best constant of that loss is printed.
  virtual bool zero_one_loss() const { return false; }
  // The progress row's "current label" and "current predict" columns of the
  // last example as text (--cb: "1:0.5:0.25" and "2"); false: the numbers of
  // its Outcome are shown.
  virtual bool row_text(std::string& /*label*/, std::string& /*prediction*/) const { return false; }
  // The features the statistics count for the last example, given its
  // built features' count (--cb K over --cb_adf counts its K copies', VW's).
  virtual uint64_t counted_features(std::size_t built) const { return built; }
  // Its model-file state (reduction_state.h), or nullptr when it keeps none.
  virtual ReductionState* state() { return nullptr; }
  // Whether -r gets a line per example (VW writes none for --cbify and the
  // ADF-routed --cb / --cb_explore: their -r files stay empty).
  virtual bool writes_raw() const { return true; }
};

// A reduction whose -p and -r lines are its own text followed by " tag"
// (every one but --active, which puts the query importance after the tag).
class TaggedReduction : public Reduction {
 public:
  void prediction_text(const std::string& tag, std::string& out) const override;
  void raw_text(const std::string& tag, std::string& out) const final;

 protected:
  virtual void write_prediction(std::string& out) const = 0;  // appends the -p text (no tag)
  virtual void write_raw(std::string& out) const = 0;         // appends the -r text (no tag)
};

// A scalar prediction as shown: sign with --binary, else through the link.
double shown_prediction(const ReductionSpec& spec, double p);

}  // namespace learner
