#include "learner/train/prediction_writer.h"

#include <cerrno>
#include <cmath>
#include <cstring>

#include "learner/error.h"

namespace learner {

PredictionWriter::PredictionWriter(const std::string& path) : path_(path) {
  if (path.empty()) return;
  if (path == "/dev/stdout" || path == "stdout" || path == "-") {
    file_ = stdout;
    return;
  }
  file_ = std::fopen(path.c_str(), "w");
  if (!file_) throw Error("cannot open predictions file " + path + ": " + std::strerror(errno));
  owned_ = true;
}

PredictionWriter::~PredictionWriter() {
  if (owned_ && file_) std::fclose(file_);
}

void PredictionWriter::write(double value, const std::string& tag) {
  if (!file_) return;
  if (std::isfinite(value) && value == std::nearbyint(value) && std::fabs(value) < 1e15)
    std::fprintf(file_, "%.0f", value);
  else
    std::fprintf(file_, "%f", value);
  if (!tag.empty()) {
    std::fputc(' ', file_);
    std::fwrite(tag.data(), 1, tag.size(), file_);
  }
  std::fputc('\n', file_);
}

void PredictionWriter::write_line(const std::string& line) {
  if (!file_) return;
  std::fwrite(line.data(), 1, line.size(), file_);
  std::fputc('\n', file_);
}

void PredictionWriter::close() {
  if (!file_) return;
  const bool bad = std::ferror(file_) != 0 || std::fflush(file_) != 0;
  if (owned_) {
    const bool close_failed = std::fclose(file_) != 0;
    file_ = nullptr;
    if (bad || close_failed) throw Error("error writing predictions to " + path_);
  } else {
    file_ = nullptr;
    if (bad) throw Error("error writing predictions to " + path_);
  }
}

}  // namespace learner
