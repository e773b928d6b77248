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

}  // namespace learner
