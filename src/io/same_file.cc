#include "learner/io/same_file.h"

#include <sys/stat.h>

#include "learner/error.h"

namespace learner {
namespace {

bool regular_stat(const std::string& path, struct stat& st) {
  if (path.empty()) return false;
  const std::string p = path == "-" ? "/dev/stdin" : path;
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

}  // namespace

bool same_regular_file(const std::string& a, const std::string& b) {
  struct stat sa {}, sb {};
  return regular_stat(a, sa) && regular_stat(b, sb) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

void refuse_outputs_over_inputs(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs) {
  for (const NamedPath& out : outputs)
    for (const NamedPath& in : inputs)
      if (same_regular_file(out.path, in.path))
        throw UsageError(out.flag + " " + out.path + " is the same file as the input " + in.flag + " " +
                         (in.path == "-" ? "(standard input)" : in.path) +
                         "; writing it would destroy the input: give another output path");
}

}  // namespace learner
