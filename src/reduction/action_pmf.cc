#include "action_pmf.h"

#include <cstdio>
#include <string_view>

#include "learner/model/model_file.h"
#include "learner/reduction/score_text.h"

namespace learner {

namespace {

// VW's fmt_float: at most `places` decimals, trailing zeros (and a bare point) dropped.
void append_pmf_number(std::string& out, float v, int places) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", places, static_cast<double>(v));
  std::string_view s = text;
  if (s.find('.') != std::string_view::npos) {
    while (s.back() == '0') s.remove_suffix(1);
    if (s.back() == '.') s.remove_suffix(1);
  }
  out += s;
}

}  // namespace

void action_pmf_text(const ActionPmf& pmf, const ExampleGroup& group, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < pmf.actions.size(); ++i) {
    if (i > 0) out += ',';
    out += std::to_string(pmf.actions[i]);
    out += ':';
    append_pmf_number(out, pmf.probs[i], 6);
  }
  append_tag(out, group.tag());
  out += "\n\n";
}

std::string action_pmf_row(const ActionPmf& pmf) {
  if (pmf.actions.empty()) return "no action";
  std::string out = std::to_string(pmf.actions[0]) + ":";
  append_pmf_number(out, pmf.probs[0], 2);
  return out;
}

double action_pmf_loss(const ActionPmf& pmf, const CbAdf& below) {
  if (below.observed_action() < 0) return 0.0;
  const ClassCost& o = below.observation();
  for (std::size_t i = 0; i < pmf.actions.size(); ++i)
    if (static_cast<int>(pmf.actions[i]) == below.observed_action())
      return static_cast<double>(pmf.probs[i]) * o.cost / o.probability;
  return 0.0;
}

void CountingExplorer::save_state(ModelWriter& out) const {
  out.put(learned_);
  policy().save_state(out);
}

void CountingExplorer::write_text(std::FILE* out) const {
  std::fprintf(out, "cb %s adf storing example counter:  = %llu\n", vw_counter_name(),
               static_cast<unsigned long long>(learned_));
  policy().write_text(out);
}

void CountingExplorer::load_state(ModelReader& in) {
  learned_ = in.get<uint64_t>();
  policy().load_state(in);
}

}  // namespace learner
