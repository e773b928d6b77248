// Removing the temporaries of unfinished outputs (learner/io/output_file.h) when a program ends
// early: a signal, or exit() past main's last commit. For every program that writes through
// OutputFile and may run long (learner, learner-bpmf).
#pragma once

namespace learner {

// Called once by main(): SIGINT, SIGTERM, SIGHUP and SIGPIPE (unless ignored) and exit() remove
// the temporaries of unfinished outputs (OutputFile's registry) before the process ends; a
// signal then has its default effect (the exit status says which signal).
void install_cleanup_handlers();

// Removes the temporaries, then ends the process by `sig` as if it had no handler.
// Async-signal-safe: for signal handlers.
void die_of_signal(int sig);

}  // namespace learner
