// The "options:" line of VW 9.11's text models (--readable_model,
// --invert_hash): VW serialises the options it marks "keep" that the run
// supplied (given on the command line, read from a -i model, or inserted by
// a reduction: --cb_explore_adf inserts --cb_adf, which inserts --cb_type
// <its type>, --csoaa_ldf multiline and --csoaa_rank), in the order of the
// option names (VW keeps them in a std::map), each as " --name value":
// switches without a value, lists as one " --name v" per element, floats
// with 15 significant digits of the float (0.2 is 0.200000002980232), then
// the namespaces of --ignore / --ignore_linear / --keep merged into one
// sorted word each.
#pragma once

#include <string>
#include <vector>

namespace learner {

struct SuppliedOption {
  enum class Kind { kSwitch, kList, kFloat, kWhole, kText };
  std::string name;
  std::string value;  // kSwitch: "1" or "0"; kList: the elements joined by tabs
  Kind kind = Kind::kText;
};

// True for the option names VW 9.11 marks "keep" (stored in its models).
// With save_resume (no --predict_only_model) also those VW keeps only then.
bool vw_keeps(const std::string& name, bool save_resume);

// The text after "options:" (it starts with a blank unless empty) for the
// supplied options; names VW does not keep are left out.
std::string vw_options_text(const std::vector<SuppliedOption>& supplied, bool save_resume);

}  // namespace learner
