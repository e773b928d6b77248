// VW's `--args FILE` (cli/main.cc): several models trained from one file of
// command lines. Each non-blank line is a command line; the N-th (1-based)
// gets ` -f model.N --no_stdin` appended and is echoed to stdout, as VW
// does. VW then feeds the first line's examples to every model at once;
// learner runs the lines one after another, and a line without -d reads the
// first line's -d file, so the models see the same examples. Words are split at blanks; '...' and "..." quote.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace learner {

// The command lines of `path` (words per line, blank lines skipped), each
// already extended with -f model.N --no_stdin. Throws Error naming the file
// (and line, for an unclosed quote).
std::vector<std::vector<std::string>> read_args_file(const std::string& path);

// Runs every line (parse_options + run), echoing it to `out`; returns the
// largest exit code. An error in one line stops the rest (rethrown).
int run_args_file(const std::string& path, std::ostream& out);

}  // namespace learner
