#include "output_guard.h"

#include <charconv>
#include <filesystem>
#include <string>

namespace learner {
namespace {

// The --save_per_pass copies "F.N" (N = 1..passes) that exist already: only
// those can be an input. Found by listing F's directory, whatever --passes.
std::vector<NamedPath> pass_copies(const Options& o) {
  namespace fs = std::filesystem;
  std::vector<NamedPath> out;
  if (!o.save_per_pass || o.final_regressor.empty()) return out;
  const fs::path f(o.final_regressor);
  const std::string prefix = f.filename().string() + ".";
  const fs::path dir = f.has_parent_path() ? f.parent_path() : fs::path(".");
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
    unsigned pass = 0;
    const char* first = name.data() + prefix.size();
    const char* last = name.data() + name.size();
    const auto [ptr, err] = std::from_chars(first, last, pass);
    if (err != std::errc() || ptr != last || *first == '0' || pass < 1 || pass > o.passes) continue;
    out.push_back({"--save_per_pass", (dir / name).string()});
  }
  return out;
}

}  // namespace

std::vector<NamedPath> run_inputs(const Options& o) {
  std::vector<NamedPath> in{{"-d", o.data}, {"-i", o.initial_regressor}};
  if (o.features.text)
    for (const auto& per_namespace : o.features.text->dictionaries)
      for (const auto& dictionary : per_namespace) in.push_back({"--dictionary", dictionary->file});
  return in;
}

void refuse_outputs_over_inputs(const Options& o) {
  const std::vector<NamedPath> inputs = run_inputs(o);
  refuse_outputs_over_inputs({{"-p", o.predictions}, {"-r", o.raw_predictions}, {"--readable_model", o.readable_model},
                              {"--invert_hash", o.invert_hash}, {"--audit_regressor", o.audit_regressor},
                              {"--extra_metrics", o.extra_metrics}, {"--summary_json", o.summary_json},
                              {"--cache_file", o.cache_path}},
                             inputs);
  // -f (and its copies) = -i: resume in place.
  std::vector<NamedPath> models = pass_copies(o);
  models.push_back({"-f", o.final_regressor});
  std::vector<NamedPath> not_the_model;
  for (const NamedPath& p : inputs)
    if (p.flag != "-i") not_the_model.push_back(p);
  refuse_outputs_over_inputs(models, not_the_model);
}

}  // namespace learner
