#include "csoaa_ldf.h"
#include "learner/reduction/plugins.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "learner/error.h"
#include "learner/loss/loss.h"
#include "learner/reduction/score_text.h"

namespace learner {
namespace {

constexpr double kMinWapDifference = 1e-6;  // VW's: pairs of (almost) equal value teach nothing

LabelRange unclipped(const LabelRange& range) {
  LabelRange r = range;
  if (!r.fixed_min) r.min = -HUGE_VAL;
  if (!r.fixed_max) r.max = HUGE_VAL;
  return r;
}

}  // namespace

CsoaaLdf::CsoaaLdf(const LdfSettings& settings, const ReductionSpec& spec, Learner& learner, const LabelRange& range)
    : settings_(settings), spec_(spec), learner_(learner), range_(unclipped(range)), task_(learner, range) {
  // The regression's range for a learner that clips its own prediction (--coin); the classifier's is task_'s.
  if (!settings_.classifier && !settings_.wap) learner_.clip_with(range_, false);
}

bool CsoaaLdf::labeled(const ExampleGroup& group) {
  std::size_t known = 0;
  for (std::size_t i = group.first_action(); i < group.size(); ++i) known += group[i].ex.has_label ? 1 : 0;
  if (known == group.actions()) return true;
  if (known > 0 && !warned_mix_) {
    warned_mix_ = true;
    std::fprintf(stderr,
                 "warning: a multi-line example (line %llu) has both labeled and unlabeled action lines; such "
                 "examples are predicted, not learned from (VW's rule)\n",
                 static_cast<unsigned long long>(group[group.first_action()].ex.line));
  }
  return false;
}

const Outcome& CsoaaLdf::process(const ExampleGroup& group, bool learn) {
  const std::size_t first = group.first_action(), n = group.size();
  scores_.assign(n, 0.0);
  predicted_ = 0;
  std::size_t best = first;
  for (std::size_t i = first; i < n; ++i) {
    scores_[i] = learner_.predict(group[i].ex, group[i].features, kSinglePart);
    if (scores_[i] < scores_[best]) best = i;
  }
  if (settings_.rank) {
    order_.clear();
    for (std::size_t i = first; i < n; ++i) order_.push_back(i);
    std::sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) {
      return scores_[a] != scores_[b] ? scores_[a] < scores_[b] : klass(group, a) < klass(group, b);
    });
    best = order_.front();
  } else if (settings_.probabilities) {
    probabilities_.clear();
    double sum = 0.0;
    for (std::size_t i = first; i < n; ++i) {
      const double p = 1.0 / (1.0 + std::exp(scores_[i]));
      probabilities_.push_back(p);
      sum += p;
    }
    std::size_t most = 0;
    for (std::size_t a = 0; a < probabilities_.size(); ++a) {
      probabilities_[a] /= sum;
      if (probabilities_[a] > probabilities_[most]) most = a;
    }
    best = first + most;
  }
  predicted_ = klass(group, best);

  outcome_ = Outcome{};
  outcome_.prediction = predicted_;
  outcome_.labeled = labeled(group);
  if (!outcome_.labeled) return outcome_;
  outcome_.loss = cost(group, best);
  if (settings_.probabilities) {
    std::size_t cheapest = first;
    for (std::size_t i = first; i < n; ++i)
      if (cost(group, i) < cost(group, cheapest)) cheapest = i;
    const double p = probabilities_[cheapest - first];
    log_loss_ += p > 0.0 ? -std::log(p) : 999.0;  // VW's stand-in for -log 0
    log_loss_weight_ += 1.0;
  }
  if (learn) {
    if (settings_.wap)
      learn_pairs(group);
    else if (settings_.classifier)
      learn_classifier(group);
    else
      learn_regression(group);
  }
  return outcome_;
}

void CsoaaLdf::learn_regression(const ExampleGroup& group) {
  for (std::size_t i = group.first_action(); i < group.size(); ++i) {
    const GroupLine& line = group[i];
    const double p = learner_.predict(line.ex, line.features, kSinglePart);
    learner_.learn(line.ex, line.features, kSinglePart, range_.clip(p), cost(group, i), 1.0);
  }
}

void CsoaaLdf::learn_classifier(const ExampleGroup& group) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (std::size_t i = group.first_action(); i < group.size(); ++i) {
    lo = std::min(lo, cost(group, i));
    hi = std::max(hi, cost(group, i));
  }
  for (std::size_t i = group.first_action(); i < group.size(); ++i) {
    const GroupLine& line = group[i];
    const double c = cost(group, i);
    const bool cheapest = c <= lo;
    const double weight = cheapest ? hi - lo : c - lo;
    task_.learn(line.ex, line.features, kSinglePart, task_.predict(line.ex, line.features, 0), !cheapest, weight);
  }
}

void CsoaaLdf::learn_pairs(const ExampleGroup& group) {
  const std::size_t first = group.first_action(), n = group.size();
  order_.clear();
  for (std::size_t i = first; i < n; ++i) order_.push_back(i);
  // By cost, ties in line order (std::sort: std::stable_sort would allocate a buffer per group).
  std::sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) {
    return cost(group, a) != cost(group, b) ? cost(group, a) < cost(group, b) : a < b;
  });
  wap_values_.assign(n, 0.0);
  for (std::size_t r = 1; r < order_.size(); ++r)
    wap_values_[order_[r]] =
        wap_values_[order_[r - 1]] + (cost(group, order_[r]) - cost(group, order_[r - 1])) / static_cast<double>(r);
  for (std::size_t j = first; j < n; ++j) {
    for (std::size_t k = j + 1; k < n; ++k) {
      const double weight = std::fabs(wap_values_[k] - wap_values_[j]);
      if (weight < kMinWapDifference) continue;
      difference_ = group[j].features;
      for (const Feature& f : group[k].features) difference_.push_back(Feature{-f.value, f.index});
      const Example& ex = group[j].ex;
      task_.learn(ex, difference_, kSinglePart, task_.predict(ex, difference_, 0), cost(group, j) >= cost(group, k),
                  weight);
    }
  }
}

void CsoaaLdf::prediction_text(const ExampleGroup& group, std::string& out) const {
  out.clear();
  const ClassLabels* labels = spec_.class_labels.get();
  if (settings_.rank) {
    for (std::size_t r = 0; r < order_.size(); ++r) {
      if (r > 0) out += ',';
      append_class(out, klass(group, order_[r]), labels);
      out += ':';
      append_number(out, static_cast<float>(scores_[order_[r]]));
    }
    append_tag(out, group.tag());
    out += "\n\n";
    return;
  }
  if (settings_.probabilities) {
    for (double p : probabilities_) {
      append_number(out, static_cast<float>(p));
      append_tag(out, group.tag());
      out += '\n';
    }
    out += '\n';
    return;
  }
  for (std::size_t i = group.first_action(); i < group.size(); ++i) {
    if (klass(group, i) == predicted_)
      append_class(out, predicted_, labels);
    else
      out += '0';
    append_tag(out, group[i].ex.tag);
    out += '\n';
  }
  out += '\n';
}

void CsoaaLdf::raw_text(const ExampleGroup& group, std::string& out) const {
  out.clear();
  for (std::size_t i = 0; i < group.size(); ++i) {
    if (group[i].ex.shared) {
      out += "0:0";
    } else {
      append_class(out, klass(group, i), spec_.class_labels.get());
      out += ':';
      append_number(out, static_cast<float>(scores_[i]));
    }
    append_tag(out, group[i].ex.tag);
    out += '\n';
  }
}

void CsoaaLdf::row_text(std::string& label, std::string& prediction) const {
  label = outcome_.labeled ? "known" : "unknown";
  prediction.clear();
  append_class(prediction, predicted_, spec_.class_labels.get());
  if (settings_.rank) prediction += ".....";
}

void CsoaaLdf::print_summary(std::FILE* out) const {
  if (settings_.probabilities && log_loss_weight_ > 0)
    std::fprintf(out, "average multiclass log loss = %f\n", log_loss_ / log_loss_weight_);
}

namespace {

OptionSpec mode_option(const char* name, const char* help) {
  return text_option(name, help, 0, "", true);
}

// m / multiline, mc / multiline-classifier (VW's values); s / singleline and
// sc / singleline-classifier are refused as VW 9.11 refuses them.
bool classifier_mode(const std::string& flag, const std::string& mode) {
  if (mode == "m" || mode == "multiline") return false;
  if (mode == "mc" || mode == "multiline-classifier") return true;
  if (mode == "s" || mode == "singleline" || mode == "sc" || mode == "singleline-classifier")
    throw UsageError("--" + flag + " " + mode +
                     ": single-line label-dependent examples are not supported (VW 9.11 removed them too); write "
                     "each example as lines ended by a blank line and use m (multiline) or mc (multiline-classifier)");
  throw UsageError("--" + flag + " '" + mode + "': expected m, multiline, mc or multiline-classifier");
}

LdfSettings ldf_settings(const OptionValues& v, bool wap) {
  LdfSettings s;
  s.wap = wap;
  const char* flag = wap ? "wap_ldf" : "csoaa_ldf";
  s.classifier = classifier_mode(flag, v.text(flag));
  if (v.given("ldf_override")) s.classifier = classifier_mode("ldf_override", v.text("ldf_override"));
  s.rank = v.flag("csoaa_rank");
  s.probabilities = v.flag("probabilities");
  return s;
}

ReductionPlugin ldf_plugin(bool wap) {
  ReductionPlugin p;
  p.name = wap ? "wap_ldf" : "csoaa_ldf";
  p.title = wap ? "--wap_ldf (weighted all pairs, label-dependent features)"
                : "--csoaa_ldf (cost-sensitive one-against-all, label-dependent features)";
  if (wap) {
    p.options = {mode_option("wap_ldf",
                             "weighted all-pairs cost-sensitive learning over multi-line examples (VW's label-dependent "
                             "features): m (multiline) or mc (multiline-classifier)")};
  } else {
    p.options = {
        mode_option("csoaa_ldf",
                    "cost-sensitive one-against-all over multi-line examples (VW's label-dependent features: lines "
                    "`class:cost |features`, an optional first line `shared |features`, a blank line after each "
                    "example): m (multiline: regression of each cost) or mc (multiline-classifier)"),
        switch_option("csoaa_rank", "with --csoaa_ldf or --wap_ldf: -p prints every action by score, `2:0.1,1:0.7`",
                      true),
        text_option("ldf_override", "with --csoaa_ldf or --wap_ldf: m or mc instead of the mode given (or stored)")};
  }
  p.validate = [wap](const OptionValues& v) { ldf_settings(v, wap); };
  p.configure = [](const OptionValues&, ReductionSpec&) {};
  p.labels = [](const ReductionSpec&) { return LabelFormat::kLabelDependent; };
  p.sub_models = [](const ReductionSpec&) { return uint32_t{1}; };
  p.make_group = [wap](const OptionValues& v, const ReductionSpec& spec, Learner& learner,
                       LabelRange& range) -> std::unique_ptr<GroupReduction> {
    const LdfSettings s = ldf_settings(v, wap);
    if (s.probabilities && !learner.loss().predicts_log_odds())
      throw UsageError("--probabilities with --" + std::string(wap ? "wap_ldf" : "csoaa_ldf") +
                       " needs --loss_function logistic");
    if (s.probabilities && s.rank) throw UsageError("--probabilities and --csoaa_rank cannot be combined");
    // The dyadic model's latent term reads an example's own namespaces, not
    // the built features, so it cannot score the difference of two lines.
    if (wap && (v.given("dotproduct") || v.given("dotproduct_fields")))
      throw UsageError("--wap_ldf learns from differences of two action lines, which the dyadic model (--dotproduct) "
                       "cannot score; use --csoaa_ldf with it");
    return std::make_unique<CsoaaLdf>(s, spec, learner, range);
  };
  p.describe = [wap](const ReductionSpec&) { return std::string(wap ? "wap_ldf" : "csoaa_ldf"); };
  return p;
}

}  // namespace

const ReductionPlugin& csoaa_ldf_plugin() {
  static const ReductionPlugin plugin = ldf_plugin(false);
  return plugin;
}

const ReductionPlugin& wap_ldf_plugin() {
  static const ReductionPlugin plugin = ldf_plugin(true);
  return plugin;
}

}  // namespace learner
