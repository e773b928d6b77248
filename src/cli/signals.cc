#include "signals.h"

#include <signal.h>

#include "learner/io/cleanup_handlers.h"

namespace learner {
namespace {

std::atomic<int> g_signal{0};
std::atomic<bool> g_cancel{false};
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<bool>::is_always_lock_free);

extern "C" void on_signal(int sig) {
  if (g_signal.load() != 0) die_of_signal(sig);  // the second signal: no more waiting
  g_signal.store(sig);
  g_cancel.store(true);
}

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

int pending_signal() { return g_signal.load(std::memory_order_relaxed); }

const std::atomic<bool>* cancel_flag() { return &g_cancel; }

}  // namespace learner
