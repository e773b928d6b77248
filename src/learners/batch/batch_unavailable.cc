// make_batch_learner of a build without Eigen (CMakeLists.txt compiles this
// file instead of the batch learner's when find_package(Eigen3) fails).
#include <string>

#include "batch_plugin.h"
#include "learner/error.h"
#include "learner/learner.h"

namespace learner {

std::unique_ptr<Learner> make_batch_learner(const BatchConfig& config, const CoreConfig&, const Loss&, AllReduce*) {
  const std::string flag = config.method == BatchConfig::Method::kLbfgs ? "--bfgs" : "--conjugate_gradient";
  throw UsageError(flag + " is not in this build: CMake found no Eigen3 (install libeigen3-dev and reconfigure)");
}

}  // namespace learner
