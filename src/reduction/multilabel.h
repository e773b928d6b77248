// --multilabel K: labels are sets of classes (`1,3,4`, parse/label_format.h);
// class k owns an independent binary classifier, sub-model k - 1 (positive =
// "k is in the set"), and the predicted set is the classes whose classifier
// says positive. Seed post of 2011-05-10 (cost-sensitive multilabel):
//
//  * --multilabel_loss hamming (default): independent classifiers are a
//    scoring filter tree over the power set whose level k decides bit k; with
//    Hamming loss every game of a level has the same importance, so the level
//    is one binary classifier trained on every example: each classifier
//    learns from every labeled example with the example's importance. This
//    is consistent for Hamming loss.
//  * --multilabel_loss zero_one: with 0/1 loss on the whole set, only the
//    game "include label k, all other labels being right" has non-zero
//    importance, so training is the post's chain: for k = 1..K, predict
//    y_hat_k, train classifier k on (x, [k in Y]) with importance 1 (times the
//    example's), and stop at the first k with y_hat_k wrong.
//
// Loss reported per example: Hamming loss (the number of classes predicted
// wrongly, as VW's multilabel) or the 0/1 loss of the set, as chosen; the
// summary prints both averages. Progress table: label = the smallest class of
// the true set, prediction = the smallest predicted class (0: empty set).
// -p prints the set "1,3" (empty line for the empty set); with --scores or
// --probabilities (logistic loss: sigma(s_k), not normalised) the K scores.
#pragma once

#include "learner/plugin.h"

#include "binary_task.h"
#include "learner/reduction/reduction.h"

namespace learner {

enum class MultilabelLoss { kHamming, kZeroOne };

// --multilabel's own settings (read by its plug-in's setup).
struct MultilabelSettings {
  MultilabelLoss loss = MultilabelLoss::kHamming;  // --multilabel_loss
};

class Multilabel final : public TaggedReduction {
 public:
  Multilabel(const ReductionSpec& spec, const MultilabelSettings& settings, Learner& learner, const LabelRange& range);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  void print_summary(std::FILE* out) const override;

  // Classifiers trained on the last example (the chain's length).
  uint32_t last_trained() const { return trained_; }

 private:
  void write_prediction(std::string& out) const override;
  void write_raw(std::string& out) const override;
  ReductionSpec spec_;
  MultilabelSettings settings_;
  BinaryTask task_;
  std::vector<double> scores_;
  mutable std::vector<double> shown_;
  std::vector<char> predicted_, truth_;
  uint32_t trained_ = 0;
  double weight_ = 0.0, hamming_ = 0.0, zero_one_ = 0.0;  // labeled examples: weighted sums
  Outcome outcome_;
};

// Its command-line plug-in (plugin.h).
// VW's --multilabel_oaa K: --multilabel K with 0-based classes (--indexing 0 by default).

}  // namespace learner
