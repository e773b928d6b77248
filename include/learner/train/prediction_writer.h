// Prediction files (-p, -r): one line per example, the value then " tag".
// Integral values print without decimals, others with 6 (as VW does).
#pragma once

#include <cstdio>
#include <string>

namespace learner {

class PredictionWriter {
 public:
  PredictionWriter() = default;
  // Opens `path` for writing (before training starts, so a bad path fails
  // early); an empty path makes a writer that writes nothing.
  explicit PredictionWriter(const std::string& path);
  PredictionWriter(const PredictionWriter&) = delete;
  PredictionWriter& operator=(const PredictionWriter&) = delete;
  ~PredictionWriter();

  void write(double value, const std::string& tag);
  // Writes `line` and a newline (reductions format their own lines).
  void write_line(const std::string& line);
  // Flushes and closes; throws learner::Error if anything failed to write.
  void close();
  bool active() const { return file_ != nullptr; }

 private:
  std::FILE* file_ = nullptr;
  std::string path_;
  bool owned_ = false;
};

}  // namespace learner
