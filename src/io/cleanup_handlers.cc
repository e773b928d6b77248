#include "learner/io/cleanup_handlers.h"

#include <signal.h>

#include <cstdlib>

#include "learner/io/output_file.h"

namespace learner {
namespace {

extern "C" void on_fatal_signal(int sig) { die_of_signal(sig); }

extern "C" void at_exit_cleanup() { remove_registered_temporaries(); }

}  // namespace

void die_of_signal(int sig) {
  remove_registered_temporaries();
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void install_cleanup_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_fatal_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
    struct sigaction old {};
    ::sigaction(sig, nullptr, &old);
    if (old.sa_handler != SIG_IGN) ::sigaction(sig, &sa, nullptr);
  }
  std::atexit(at_exit_cleanup);
}

}  // namespace learner
