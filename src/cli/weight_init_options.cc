#include "option_readers.h"

#include <string>
#include <utility>
#include <vector>

#include "learner/error.h"

namespace learner {

// --initial_weight, --random_weights, --normal_weights, --truncated_normal_weights
// (VW gives them that precedence; naming two is an error here) and --constant.
WeightInit weight_init(const OptionValues& v, uint32_t seed, bool constant_feature) {
  WeightInit init;
  std::vector<std::string> named;
  if (v.given("initial_weight") && v.number("initial_weight") != 0) {
    named.push_back("--initial_weight");
    init.kind = WeightInit::Kind::kValue;
    init.value = static_cast<float>(v.number("initial_weight"));
  }
  const std::pair<const char*, WeightInit::Kind> draws[] = {{"random_weights", WeightInit::Kind::kUniform},
                                                            {"normal_weights", WeightInit::Kind::kNormal},
                                                            {"truncated_normal_weights",
                                                             WeightInit::Kind::kTruncatedNormal}};
  for (const auto& [name, kind] : draws)
    if (v.flag(name)) {
      named.push_back(std::string("--") + name);
      init.kind = kind;
    }
  if (named.size() > 1) throw UsageError(named[0] + " and " + named[1] + " both set the start weights; give one");
  init.seed = seed;
  init.constant = static_cast<float>(v.number("constant"));
  if (init.constant != 0 && !constant_feature)
    throw UsageError("-C/--constant sets the constant feature's weight; --noconstant removes that feature");
  return init;
}

}  // namespace learner
