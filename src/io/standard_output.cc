#include "learner/io/standard_output.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "learner/error.h"

namespace learner {
namespace {

[[noreturn]] void fail(int err) {
  throw Error(std::string("write error on standard output: ") + std::strerror(err != 0 ? err : EIO));
}

}  // namespace

void write_stdout(std::string_view bytes) {
  errno = 0;
  if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size()) fail(errno);
}

void finish_stdout() {
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int err = errno;
  if (!flushed || std::ferror(stdout)) fail(err);
}

}  // namespace learner
