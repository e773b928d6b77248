// total_log_calls of VW's --extra_metrics: how many lines VW 9.11.2's logger
// (vw/io/logger.h) would have written in the same run. VW counts every call
// of its logger, whatever the level and whether or not the line is shown
// (--quiet, --limit_output); its progress table, header and summary are not
// logger lines. Events met while the run reads and learns are counted here,
// where learner meets them, whether or not learner prints a line of its own
// (a malformed line skipped under --lenient: VW's warning, or its "JSON
// parser error" for a --dsjson line; the label indexing --oaa, --csoaa and
// the legacy --cb stacks settle: cli/vw_indexing_log.h); those VW logs while
// it sets up its stack (--ngram, --skips, --cover over mtr) are counted from
// the options by the --extra_metrics writer (cli/vw_metrics.h). Other VW log lines are
// not counted (docs/vw-compat.md, --extra_metrics).
// Process-wide (one run per process); thread-safe.
#pragma once

#include <cstdint>

namespace learner {

void count_vw_log_lines(uint64_t lines = 1);
uint64_t vw_log_lines();

}  // namespace learner
