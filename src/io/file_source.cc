// A file or standard input read with read(2).
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "learner/error.h"
#include "byte_source.h"

namespace learner {
namespace {

class FileSource : public ByteSource {
 public:
  FileSource(int fd, bool owned, bool seekable) : fd_(fd), owned_(owned), seekable_(seekable) {}
  ~FileSource() override {
    if (owned_) ::close(fd_);
  }
  FileSource(const FileSource&) = delete;
  FileSource& operator=(const FileSource&) = delete;

  std::size_t read(char* dst, std::size_t cap) override {
    for (;;) {
      ssize_t n = ::read(fd_, dst, cap);
      if (n >= 0) return static_cast<std::size_t>(n);
      if (errno == EINTR) continue;
      throw SourceError(std::string("read error: ") + std::strerror(errno));
    }
  }

  bool seekable() const override { return seekable_; }

  void rewind() override {
    if (!seekable_) throw Error("cannot rewind standard input or a pipe");
    if (::lseek(fd_, 0, SEEK_SET) != 0) throw Error(std::string("cannot rewind: ") + std::strerror(errno));
  }

 private:
  int fd_;
  bool owned_;
  bool seekable_;
};

}  // namespace

std::unique_ptr<ByteSource> open_file_source(const std::string& path) {
  if (path.empty() || path == "-") return std::make_unique<FileSource>(0, false, false);
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw Error("cannot open '" + path + "': " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    throw Error("cannot stat '" + path + "': " + std::strerror(err));
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    throw Error("cannot open '" + path + "': is a directory");
  }
  bool regular = S_ISREG(st.st_mode);
#ifdef POSIX_FADV_SEQUENTIAL
  if (regular) ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
  return std::make_unique<FileSource>(fd, true, regular);
}

}  // namespace learner
