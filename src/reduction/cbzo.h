// --cbzo (VW 9.11's cbzo): a continuous-action contextual bandit over one
// slot, learned by zeroth-order optimisation. Labels `ca action:cost:pdf_value`
// (label_format.h, kContinuousAction); its learner is cbzo_learner.h's (the
// policy, --policy constant|linear, and the update live there).
//
// Per example: the learner's centroid widens the run's label range (VW's
// min/max label, unless --min_prediction/--max_prediction fix it) and is
// clipped to it; the prediction is VW's two-spike pdf, an approximately
// uniform choice between centroid - r and centroid + r (r = --radius, raised
// to 1e-3 with a warning below it, as VW): for each point v, the segment
// [v-, v+] of the floats next to v (+-1e-5 when v = 0) with density
// 0.5 / (v+ - v-), all in float. A labeled example (known cost, pdf_value > 0)
// then teaches the learner the logged action and its cost.
//
// Loss: the logged cost (VW's average loss is the mean observed cost; weight
// 1 per labeled example). -p: the pdf as VW prints it,
// `l1-r1:v1,l2-r2:v2` with 9 decimals, trailing zeros dropped; no -r lines.
// Progress row: label `{action,cost,pdf_value}` (6 decimals), prediction the pdf with 2
// decimals (VW's columns, cut to their width).
#pragma once

#include <string>
#include <vector>

#include "learner/learners/gd/label_range.h"
#include "learner/reduction/reduction.h"

namespace learner {

struct CbzoSettings {
  float radius = 0.1f;  // --radius (>= 1e-3 once read)
};

// One segment of a piecewise-constant pdf (VW's pdf_segment).
struct PdfSegment {
  float left = 0.0f;
  float right = 0.0f;
  float value = 0.0f;
};

// VW's two-spike pdf around `centroid` (the header comment's rule).
void cbzo_pdf(float centroid, float radius, PdfSegment out[2]);
// VW's fmt_float: fixed `decimals` decimals, trailing zeros and '.' dropped.
void append_fixed_trimmed(std::string& out, float value, int decimals);

class CbzoReduction final : public TaggedReduction {
 public:
  CbzoReduction(const CbzoSettings& settings, Learner& learner, LabelRange& range);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  bool row_text(std::string& label, std::string& prediction) const override;
  void print_summary(std::FILE*) const override {}
  bool writes_raw() const override { return false; }

 private:
  void write_prediction(std::string& out) const override;
  void write_raw(std::string&) const override {}

  CbzoSettings settings_;
  Learner& learner_;
  LabelRange& range_;
  PdfSegment pdf_[2];
  float action_ = 0.0f, cost_ = 0.0f, density_ = 0.0f;
  Outcome outcome_;
};

}  // namespace learner
