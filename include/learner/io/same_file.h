// Refusing an output that is one of the inputs (issue 17, defect 2):
// `learner -d d.txt -p d.txt` must not replace its own data.
#pragma once

#include <string>
#include <vector>

namespace learner {

struct NamedPath {
  std::string flag;  // as the user wrote it: "-d", "-p", "--cache_file", ...
  std::string path;  // "" = not given; "-" = standard input (checked as /dev/stdin)
};

// True when `a` and `b` both exist and are the same regular file (same
// device and inode, whatever the names, links or symlinks). Devices, FIFOs
// and missing paths are never "the same file" (`-d /dev/null -p /dev/null`).
bool same_regular_file(const std::string& a, const std::string& b);

// Throws learner::UsageError "<flag> <path> is the same file as the input
// <flag> <path>; ..." for the first output that is the same regular file as
// an input. Run before any output is opened.
void refuse_outputs_over_inputs(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs);

}  // namespace learner
