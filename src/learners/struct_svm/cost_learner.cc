#include "learner/learners/struct_svm/cost_learner.h"
#include "learner/learners/plugins.h"

#include <cmath>
#include <limits>
#include <string>

#include "learner/error.h"
#include "learner/model/model_file.h"

namespace learner {

CostLearningSvm::CostLearningSvm(const StructSvmConfig& svm, const CostWeightsConfig& costs)
    : svm_(make_struct_svm(svm)), costs_(costs), driver_(*svm_, costs_), label_counts_(costs.classes, 0.0) {
  if (svm.classes != costs.classes) throw Error("struct_svm: the SVM and its costs have different class counts");
}

void CostLearningSvm::count_label(uint32_t truth, double importance) {
  if (counts_fixed_ || !(importance > 0.0) || truth >= label_counts_.size()) return;
  label_counts_[truth] += importance;
  ++counted_;
  if ((counted_ & (counted_ - 1)) == 0) costs_.set_label_counts(label_counts_);  // a power of two (header)
}

StructSvmOutcome CostLearningSvm::learn_class(const Example& ex, const std::vector<Feature>& x, uint32_t truth,
                                              double importance) {
  count_label(truth, importance);
  return driver_.learn(ex, x, truth, importance);
}

CostWeights CostLearningSvm::costs() const {
  CostWeights c = costs_;
  if (!counts_fixed_ && counted_ > 0) c.set_label_counts(label_counts_);
  return c;
}

void CostLearningSvm::end_pass() {
  if (!counts_fixed_ && counted_ > 0) {
    costs_.set_label_counts(label_counts_);
    counts_fixed_ = true;
  }
  driver_.end_pass();
}

void CostLearningSvm::print_summary(std::FILE* out) const {
  svm_->print_summary(out);
  const CostWeightsConfig& c = costs_.config();
  std::fprintf(out, "cost matrix (--learn_costs %s, --cost_factors %s, --cost_norm %s, --cost_scale %g):\n",
               std::string(to_string(c.learning)).c_str(), std::string(to_string(c.factors)).c_str(),
               std::string(to_string(c.norm)).c_str(), c.scale);
  costs().write_table(out);
}

void CostLearningSvm::save(ModelWriter& out, bool with_state) const {
  svm_->save(out, with_state);
  costs().save(out);
  out.begin_section("struct_svm.labels", 1);
  out.put<uint8_t>(counts_fixed_ || counted_ > 0 ? 1 : 0);
  out.put<uint64_t>(counted_);
  out.put<uint64_t>(label_counts_.size());
  out.put_bytes(label_counts_.data(), label_counts_.size() * sizeof(double));
}

void CostLearningSvm::load(ModelReader& in) {
  svm_->load(in);
  costs_.load(in);
  in.section("struct_svm.labels", 1);
  const auto fixed = in.get<uint8_t>();
  const auto counted = in.get<uint64_t>();
  const uint64_t k = in.get_count(label_counts_.size(), "struct_svm label counts");
  if (fixed > 1 || k != label_counts_.size()) throw Error(in.path() + ": corrupt struct_svm.labels");
  in.get_bytes(label_counts_.data(), k * sizeof(double));
  for (double c : label_counts_)
    if (!(std::isfinite(c) && c >= 0.0)) throw Error(in.path() + ": corrupt struct_svm.labels");
  counted_ = counted;
  counts_fixed_ = fixed == 1;
}

void CostLearningSvm::write_text(std::FILE* out, const NameMap* names) const {
  svm_->write_text(out, names);
  const CostWeightsConfig& c = costs_.config();
  std::fprintf(out, "cost matrix: learn_costs %s, factors %s, norm %s, scale %g\n",
               std::string(to_string(c.learning)).c_str(), std::string(to_string(c.factors)).c_str(),
               std::string(to_string(c.norm)).c_str(), c.scale);
  costs().write_table(out);
}

CostWeightsConfig cost_config(const OptionValues& values, uint32_t classes) {
  CostWeightsConfig c;
  c.classes = classes;
  if (values.given("learn_costs")) c.learning = parse_cost_learning(values.text("learn_costs"));
  if (values.given("cost_factors")) c.factors = parse_factor_kind(values.text("cost_factors"));
  if (values.given("cost_norm")) c.norm = parse_cost_norm(values.text("cost_norm"));
  c.scale = values.number("cost_scale");
  c.rate = values.number("cost_rate");
  return c;
}

const LearnerPlugin& struct_svm_learner_plugin() {
  static const LearnerPlugin plugin = [] {
    LearnerPlugin p;
    p.name = "struct_svm";
    p.title = "structured SVM (--struct_svm K)";
    // Declared by the gradient learner's table; listed here so that the
    // command line lets this learner use them too (declared once).
    const double inf = std::numeric_limits<double>::infinity();
    OptionSpec l1 = number_option("l1", OptionKind::kNumber, "0", 0, inf, "lambda_1", true);
    OptionSpec l2 = number_option("l2", OptionKind::kNumber, "0", 0, inf, "lambda_2", true);
    l1.resumable = l2.resumable = true;
    p.options = {l1, l2};
    p.make = [](const LearnerContext& c) -> std::unique_ptr<Learner> {
      StructSvmConfig svm;
      svm.bits = c.bits;
      svm.classes = c.sub_models;
      // -l 0 means test only (the command line sets -t): the rate is then never used.
      if (c.values.given("learning_rate") && c.values.number("learning_rate") > 0.0)
        svm.rate = c.values.number("learning_rate");
      svm.l1 = c.values.number("l1");
      svm.l2 = c.values.number("l2");
      return std::make_unique<CostLearningSvm>(svm, cost_config(c.values, c.sub_models));
    };
    return p;
  }();
  return plugin;
}

}  // namespace learner
