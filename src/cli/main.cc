// The only place that exits: runs the learner and maps errors to exit codes
// (2: bad command line, 1: bad input or failed run).
#include <cstdio>
#include <exception>
#include <iostream>

#include <string>

#include "args_file.h"
#include "driver.h"
#include "learner/cli/options.h"
#include "signals.h"
#include "learner/error.h"
#include "learner/parallel/peer_failed.h"

int main(int argc, char** argv) {
  learner::install_cleanup_handlers();
  try {
    if (argc == 3 && std::string(argv[1]) == "--args") return learner::run_args_file(argv[2], std::cout);
    const auto options = learner::parse_options(argc, argv, std::cout);
    if (!options) return 0;
    return learner::run(*options);
  } catch (const learner::ReportedFailure& e) {  // --allreduce: the message is out already
    return e.exit_code();
  } catch (const learner::UsageError& e) {
    std::fprintf(stderr, "learner: %s\nTry 'learner --help' for the list of options.\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "learner: error: %s\n", e.what());
    return 1;
  }
}
