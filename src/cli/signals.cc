#include "learner/cli/signals.h"

#include <signal.h>

#include <cstdlib>

#include "learner/io/output_file.h"

namespace learner {
namespace {

std::atomic<int> g_signal{0};
std::atomic<bool> g_cancel{false};
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<bool>::is_always_lock_free);

// Removes our temporaries, then dies of `sig` as if there were no handler.
void die_of(int sig) {
  remove_registered_temporaries();
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

extern "C" void on_signal(int sig) {
  if (g_signal.load() != 0) die_of(sig);  // the second signal: no more waiting
  g_signal.store(sig);
  g_cancel.store(true);
}

extern "C" void on_fatal_signal(int sig) { die_of(sig); }

extern "C" void at_exit_cleanup() { remove_registered_temporaries(); }

}  // namespace

SignalGuard::SignalGuard(bool active) : active_(active) {
  if (!active_) return;
  g_signal = 0;
  g_cancel = false;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  ::sigaction(SIGINT, nullptr, &old_int_);
  ::sigaction(SIGTERM, nullptr, &old_term_);
  if (old_int_.sa_handler != SIG_IGN) ::sigaction(SIGINT, &sa, nullptr);
  if (old_term_.sa_handler != SIG_IGN) ::sigaction(SIGTERM, &sa, nullptr);
}

SignalGuard::~SignalGuard() {
  if (!active_) return;
  ::sigaction(SIGINT, &old_int_, nullptr);
  ::sigaction(SIGTERM, &old_term_, nullptr);
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

int pending_signal() { return g_signal.load(std::memory_order_relaxed); }

const std::atomic<bool>* cancel_flag() { return &g_cancel; }

}  // namespace learner
