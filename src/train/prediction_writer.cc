#include "learner/train/prediction_writer.h"

#include <cerrno>
#include <cstring>

#include "learner/error.h"
#include "learner/io/output_file.h"

namespace learner {

PredictionWriter::PredictionWriter(const std::string& path) : path_(path) {
  if (path.empty()) return;
  if (path == "/dev/stdout" || path == "stdout" || path == "-") {
    file_ = stdout;
    return;
  }
  out_ = std::make_unique<OutputFile>(path, "predictions file");
  file_ = out_->stream();
}

PredictionWriter::~PredictionWriter() = default;  // uncommitted: the temporary is removed, the old file stays

void PredictionWriter::check() {
  if (!std::ferror(file_)) return;
  const int err = errno ? errno : EIO;
  file_ = nullptr;
  if (out_) out_->abandon();
  throw Error("error writing predictions to " + path_ + ": " + std::strerror(err));
}

void PredictionWriter::write_line(const std::string& line) {
  if (!file_) return;
  std::fwrite(line.data(), 1, line.size(), file_);
  std::fputc('\n', file_);
  check();
}

void PredictionWriter::write_text(const std::string& text) {
  if (!file_) return;
  std::fwrite(text.data(), 1, text.size(), file_);
  check();
}

void PredictionWriter::close() {
  if (!file_) return;
  if (out_) {
    file_ = nullptr;
    out_->commit();  // throws "error writing predictions file <path>: <errno>"
    return;
  }
  errno = 0;
  const bool bad = std::ferror(file_) != 0 || std::fflush(file_) != 0;
  const int err = errno ? errno : EIO;
  file_ = nullptr;
  if (bad) throw Error("error writing predictions to " + path_ + ": " + std::strerror(err));
}

}  // namespace learner
