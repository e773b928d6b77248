// --save_on_signal: SIGINT and SIGTERM end a run cleanly.
//
// While a SignalGuard is active, the handler only records the signal and
// raises the cancel flag (which ExampleStream polls, so a producer blocked on
// an idle pipe gives up); the learning loop checks pending_signal() after
// each example and the driver writes its outputs before returning 128 +
// signal. A second signal removes the temporaries and has its default
// effect. A signal ignored at startup (SIGINT of a background job) stays
// ignored.
#pragma once

#include <atomic>
#include <csignal>

#include "learner/io/cleanup_handlers.h"  // install_cleanup_handlers(), called by main()

namespace learner {

class SignalGuard {
 public:
  // Installs the handlers when `active`; otherwise does nothing.
  explicit SignalGuard(bool active);
  ~SignalGuard();  // restores the previous handlers
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

 private:
  bool active_;
  struct sigaction old_int_ {}, old_term_ {};
};

// The signal received since the last active SignalGuard was made, or 0.
int pending_signal();
// Raised together with the signal; for StreamOptions::cancel.
const std::atomic<bool>* cancel_flag();

}  // namespace learner
