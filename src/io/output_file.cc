#include "learner/io/output_file.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

#include "learner/error.h"

namespace learner {
namespace {

// The registry of temporaries: fixed storage, so a signal handler can walk it.
constexpr int kSlots = 64;
std::array<std::atomic<int>, kSlots> g_state{};  // 0 free, 1 being written, 2 registered
std::array<std::array<char, PATH_MAX>, kSlots> g_names{};

bool registered(const std::string& name) {
  for (int i = 0; i < kSlots; ++i)
    if (g_state[i].load() == 2 && name == g_names[i].data()) return true;
  return false;
}

int register_temp(const std::string& name) {
  if (name.size() >= PATH_MAX) return -1;
  for (int i = 0; i < kSlots; ++i) {
    int expected = 0;
    if (g_state[i].compare_exchange_strong(expected, 1)) {
      std::memcpy(g_names[i].data(), name.c_str(), name.size() + 1);
      g_state[i].store(2);
      return i;
    }
  }
  return -1;
}

void unregister_temp(int slot) {
  if (slot >= 0) g_state[slot].store(0);
}

// Descriptor named by /dev/stdout, /dev/stderr, /dev/fd/N or /proc/self/fd/N; -1 otherwise.
int named_descriptor(const std::string& path) {
  if (path == "/dev/stdout") return 1;
  if (path == "/dev/stderr") return 2;
  for (const char* prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    const std::size_t n = std::strlen(prefix);
    if (path.compare(0, n, prefix) == 0 && path.size() > n && path.size() < n + 10 &&
        path.find_first_not_of("0123456789", n) == std::string::npos)
      return std::atoi(path.c_str() + n);
  }
  return -1;
}

std::string dir_of(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// The end of the symlink chain at `path` (which exists), or "" when it cannot be resolved.
std::string real_path(const std::string& path) {
  char buf[PATH_MAX];
  if (!::realpath(path.c_str(), buf)) return {};
  return buf;
}

}  // namespace

// The stdio stream's writes go through ::write here, so the errno of a failed
// write is kept (stdio loses it by the time fclose reports the failure) and
// a write() interposed by a fault-injection shim (tests/fault) is seen.
struct OutputCookie {
  static ssize_t write(void* cookie, const char* data, std::size_t n) {
    auto* self = static_cast<OutputFile*>(cookie);
    std::size_t done = 0;
    while (done < n) {
      const ssize_t w = ::write(self->fd_, data + done, n - done);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) {
        self->saved_errno_ = w < 0 ? errno : EIO;
        return static_cast<ssize_t>(done);  // 0: the stream's error flag is set
      }
      done += static_cast<std::size_t>(w);
    }
    return static_cast<ssize_t>(n);
  }
  static int close(void*) { return 0; }  // the descriptor is closed by OutputFile
};

OutputFile::OutputFile(const std::string& path, const std::string& what) : path_(path), what_(what) {
  if (path.empty()) throw Error("cannot write " + what + ": empty path");
  int fd = -1;
  const int named = named_descriptor(path);
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  if (named >= 0) {
    fd = ::fcntl(named, F_DUPFD_CLOEXEC, 3);
    if (fd < 0) fail("cannot write", errno);
  } else if (exists && S_ISDIR(st.st_mode)) {
    fail("cannot write", EISDIR);
  } else if (exists && !S_ISREG(st.st_mode)) {  // device, FIFO, socket: write through
    fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) fail("cannot write", errno);
  } else if (exists && st.st_nlink > 1) {  // keep hard links: in place
    fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) fail("cannot write", errno);
  } else {
    real_ = exists ? real_path(path) : path;
    if (real_.empty()) fail("cannot resolve", errno);
    if (!exists) {  // a dangling symlink is followed: create its target
      char buf[PATH_MAX];
      struct stat lst {};
      for (int hops = 0; hops < 40 && ::lstat(real_.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode); ++hops) {
        const ssize_t n = ::readlink(real_.c_str(), buf, sizeof buf - 1);
        if (n < 0) break;
        buf[n] = '\0';
        real_ = buf[0] == '/' ? std::string(buf) : dir_of(real_) + "/" + buf;
      }
    }
    if (exists) {
      keep_mode_ = true;
      mode_ = st.st_mode & 07777;
      uid_ = st.st_uid;
      gid_ = st.st_gid;
    }
    for (const std::string& stale : stale_temporaries(real_))
      if (::unlink(stale.c_str()) == 0)
        std::fprintf(stderr, "learner: warning: removed stale temporary %s (left by a run that was killed)\n",
                     stale.c_str());
    tmp_ = real_ + ".tmp." + std::to_string(::getpid());
    if (registered(tmp_)) {
      tmp_.clear();
      throw Error("cannot write " + what_ + " " + path_ + ": the same file is already an output of this run");
    }
    registry_slot_ = register_temp(tmp_);
    fd = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno == EEXIST) {  // left by a killed process with our pid
      ::unlink(tmp_.c_str());
      fd = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    }
    if (fd < 0) {
      const int err = errno;
      unregister_temp(registry_slot_);
      registry_slot_ = -1;
      const std::string tmp = tmp_;
      tmp_.clear();
      throw Error("cannot write " + what_ + " " + path_ + " (temporary " + tmp + "): " + std::strerror(err));
    }
  }
  fd_ = fd;
  file_ = ::fopencookie(this, "wb", cookie_io_functions_t{nullptr, &OutputCookie::write, nullptr, &OutputCookie::close});
  if (!file_) {
    const int err = errno;
    abandon();
    fail("cannot write", err);
  }
  std::setvbuf(file_, nullptr, _IOFBF, 1 << 16);
}

OutputFile::~OutputFile() {
  if (!committed_) abandon();
}

void OutputFile::fail(const std::string& doing, int err) {
  throw Error(doing + " " + what_ + " " + path_ + ": " + std::strerror(err));
}

void OutputFile::write(const void* data, std::size_t n) {
  if (!file_) fail("error writing", EBADF);
  if (n > 0 && std::fwrite(data, 1, n, file_) != n) {
    const int err = saved_errno_ ? saved_errno_ : EIO;
    abandon();
    fail("error writing", err);
  }
}

void OutputFile::check() {
  if (!file_) return;
  if (std::ferror(file_)) {
    const int err = saved_errno_ ? saved_errno_ : EIO;
    abandon();
    fail("error writing", err);
  }
}

void OutputFile::commit() {
  if (committed_) return;
  if (!file_) fail("error writing", EBADF);
  const bool bad = std::ferror(file_) != 0;
  if (bad || std::fflush(file_) != 0) {
    const int err = saved_errno_ ? saved_errno_ : EIO;
    abandon();
    fail("error writing", err);
  }
  const int fd = fd_;
  if (!tmp_.empty()) {
    if (keep_mode_) {
      if (::fchown(fd, static_cast<uid_t>(uid_), static_cast<gid_t>(gid_)) != 0) {
        // not allowed (another owner): keep ours, keep the mode
      }
      ::fchmod(fd, mode_);
    }
    if (::fsync(fd) != 0) {
      const int err = errno;
      abandon();
      fail("error writing", err);
    }
  } else {
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ::fsync(fd) != 0 && errno != EINVAL) {
      const int err = errno;
      abandon();
      fail("error writing", err);
    }
  }
  std::FILE* f = file_;
  file_ = nullptr;
  std::fclose(f);  // flushed above; the cookie's close does nothing
  fd_ = -1;
  if (::close(fd) != 0) {
    const int err = errno;
    abandon();
    fail("error writing", err);
  }
  if (!tmp_.empty()) {
    if (::rename(tmp_.c_str(), real_.c_str()) != 0) {
      const int err = errno;
      abandon();
      fail("cannot rename the temporary over", err);
    }
    unregister_temp(registry_slot_);
    registry_slot_ = -1;
    tmp_.clear();
    const int dfd = ::open(dir_of(real_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
      ::fsync(dfd);  // best effort: some file systems refuse fsync on directories
      ::close(dfd);
    }
  }
  committed_ = true;
}

void OutputFile::abandon() noexcept {
  if (file_) {
    std::fclose(file_);
    file_ = nullptr;
  }
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  if (!tmp_.empty()) {
    ::unlink(tmp_.c_str());
    tmp_.clear();
  }
  unregister_temp(registry_slot_);
  registry_slot_ = -1;
}

void check_output_writable(const std::string& path, const std::string& what) {
  if (path.empty()) return;
  auto fail_with = [&](int err) { throw Error("cannot write " + what + " " + path + ": " + std::strerror(err)); };
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  const int named = named_descriptor(path);
  if (named >= 0) {
    if (::fcntl(named, F_GETFL) < 0) fail_with(errno);
  } else if (exists && S_ISDIR(st.st_mode)) {
    fail_with(EISDIR);
  } else if (exists && (!S_ISREG(st.st_mode) || st.st_nlink > 1)) {
    if (::access(path.c_str(), W_OK) != 0) fail_with(errno);
  } else {
    OutputFile probe(path, what);  // creates and removes its temporary
  }
}

void remove_registered_temporaries() noexcept {
  for (int i = 0; i < kSlots; ++i)
    if (g_state[i].load() == 2) ::unlink(g_names[i].data());
}

std::vector<std::string> stale_temporaries(const std::string& path) {
  std::vector<std::string> found;
  const std::string dir = dir_of(path);
  const std::string base = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1) + ".tmp.";
  DIR* d = ::opendir(dir.c_str());
  if (!d) return found;
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name.compare(0, base.size(), base) != 0 || name.size() == base.size() || name.size() > base.size() + 9 ||
        name.find_first_not_of("0123456789", base.size()) != std::string::npos)
      continue;
    const long pid = std::atol(name.c_str() + base.size());
    if (pid == ::getpid() || ::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;
    found.push_back(dir == "." ? name : dir + "/" + name);
  }
  ::closedir(d);
  return found;
}

}  // namespace learner
