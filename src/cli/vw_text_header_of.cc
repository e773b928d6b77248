#include "vw_text_header_of.h"

#include "learner/train/vw_options_text.h"
#include "option_catalogue.h"
#include "stored_options.h"

namespace learner::detail {

namespace {

SuppliedOption::Kind supplied_kind(OptionKind k) {
  switch (k) {
    case OptionKind::kSwitch: return SuppliedOption::Kind::kSwitch;
    case OptionKind::kList: return SuppliedOption::Kind::kList;
    case OptionKind::kNumber: return SuppliedOption::Kind::kFloat;
    case OptionKind::kCount:
    case OptionKind::kInteger: return SuppliedOption::Kind::kWhole;
    default: return SuppliedOption::Kind::kText;
  }
}

}  // namespace

VwTextHeader vw_text_header_of(const Options& o) {
  VwTextHeader h;
  h.bits = o.bits;
  if (!o.values) return h;
  const OptionValues& v = *o.values;
  const bool save_resume = !o.predict_only_model;
  std::vector<SuppliedOption> supplied;
  for (const auto& [name, d] : declared_options()) {
    if (!vw_keeps(name, save_resume) || !v.given(name)) continue;
    const OptionSpec& s = *d.spec;
    const std::string value = stored_text(v, s);
    if (o.initial_model) {
      const std::string* restored = o.initial_model->option(name);
      if (restored && *restored == value && same_value(s, value, s.default_value)) continue;
    }
    supplied.push_back(SuppliedOption{name, value, supplied_kind(s.kind)});
  }
  if (v.given("ngram")) h.ngrams = v.list("ngram");
  if (v.given("skips")) h.skips = v.list("skips");
  h.options = vw_options_text(supplied, save_resume);
  return h;
}

}  // namespace learner::detail
