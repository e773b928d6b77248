#include "auto_cache.h"

#include <unistd.h>

#include <atomic>
#include <filesystem>

namespace learner {

std::string automatic_cache_path(const Options& o) {
  if (o.passes < 3 || !o.cache_path.empty() || o.pass_memory_mib == 0 || o.data.empty() || o.data == "-" ||
      !o.audit_regressor.empty())
    return "";
  static std::atomic<unsigned> serial{0};
  std::error_code error;
  const std::filesystem::path dir = std::filesystem::temp_directory_path(error);
  if (error) return "";
  for (;;) {  // a name no file has: nothing is ever written over
    const std::filesystem::path p =
        dir / ("learner-passes." + std::to_string(::getpid()) + "." + std::to_string(serial++) + ".cache");
    const bool taken = std::filesystem::exists(p, error);
    if (error) return "";
    if (!taken) return p.string();
  }
}

}  // namespace learner
