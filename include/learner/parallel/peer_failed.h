// What a rank throws when AllReduce::agree_failed() says another rank of the
// group failed: that rank prints its own message; this one says why it stops.
// The driver catches nothing of it (it is not this rank's failure to report to
// the group), main() prints it and exits non-zero.
#pragma once

#include "learner/error.h"

namespace learner {

class PeerFailed : public Error {
 public:
  using Error::Error;
};

// Thrown by the --allreduce driver after it has printed this rank's error
// itself: a failing rank prints before it tells the group (once the others
// know, they exit and mpirun may end the job), so main() only exits with
// exit_code() and prints nothing more.
class ReportedFailure : public Error {
 public:
  explicit ReportedFailure(int exit_code) : Error("already reported"), exit_code_(exit_code) {}
  int exit_code() const { return exit_code_; }

 private:
  int exit_code_;
};

}  // namespace learner
