#include "adf_layer.h"

#include <algorithm>

#include "cb_adf.h"
#include "cb_explore_adf.h"
#include "learner/reduction/plugins.h"

namespace learner {

void append_missing_options(std::vector<OptionSpec>& to, const std::vector<OptionSpec>& from) {
  for (const OptionSpec& o : from)
    if (std::none_of(to.begin(), to.end(), [&](const OptionSpec& x) { return x.name == o.name; })) to.push_back(o);
}

void stand_over_adf_explorer(ReductionPlugin& p, bool or_cb_adf) {
  p.stands_over = {"cb_explore_adf"};
  if (or_cb_adf) {
    p.stands_over.insert(p.stands_over.begin(), "cb_adf");
    append_missing_options(p.options, cb_adf_plugin().options);
  }
  append_missing_options(p.options, cb_explore_adf_plugin().options);
  p.configure = [](const OptionValues&, ReductionSpec&) {};
  p.labels = [](const ReductionSpec&) { return LabelFormat::kContextualBanditAdf; };
  if (or_cb_adf)
    p.sub_models_with = [](const OptionValues& v, const ReductionSpec&) {
      return v.flag("cb_explore_adf") ? adf_explorer_sub_models(v) : cb_adf_settings(v).sub_models();
    };
  else
    p.sub_models_with = [](const OptionValues& v, const ReductionSpec&) { return adf_explorer_sub_models(v); };
}

}  // namespace learner
