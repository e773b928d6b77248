// Prediction files (-p, -r): one line per example, as the reduction wrote
// it (numbers by append_number, learner/reduction/score_text.h).
// A path goes through OutputFile (learner/io/output_file.h): a regular file
// is written to a temporary renamed into place by close(), so a run that
// fails (bad input, disk full) leaves the previous file as it was and no
// partial predictions; "-", "stdout" and /dev/stdout write to stdout.
// A failed write throws at once with errno's message (e.g. "No space left").
#pragma once

#include <cstdio>
#include <memory>
#include <string>

#include "learner/io/output_file.h"

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

  // Writes `line` and a newline (reductions format their own lines).
  void write_line(const std::string& line);
  // Writes `text` as it is (a multi-line example's lines, each with its newline).
  void write_text(const std::string& text);
  // Flushes and closes; throws learner::Error if anything failed to write.
  void close();
  bool active() const { return file_ != nullptr; }

 private:
  void check();  // throws with errno when the stream failed

  std::unique_ptr<OutputFile> out_;
  std::FILE* file_ = nullptr;
  std::string path_;
};

}  // namespace learner
