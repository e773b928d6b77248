// Private to src/cli: what the passes after the first read when no cache is
// given and pass 1 does not fit --pass_memory (issue 27).
//
// Such a run used to read the text on every pass unless the user knew to
// add -c. Now, with at least 3 passes, no -c/--cache_file and --pass_memory
// > 0, pass 2 (a text pass anyway) writes a cache to a new file in the
// temporary directory ($TMPDIR) and passes 3.. read it
// (StreamOptions::automatic_cache_path; the file is removed as soon as it is
// open, so nothing is left and nothing existing is ever written over; a
// failure to write it is a warning). --pass_memory 0 turns it off too: every
// pass then reads the text.
//
// Why a cache and not a larger --pass_memory default: on 341,000 MovieLens-
// shaped lines (20 passes of --dotproduct ui --rank 10, user + system seconds,
// median of 5 runs on a loaded 2-core machine) the automatic cache takes 4.24
// s against 5.85 s re-reading the text, and pass 1's copy in memory (with
// --pass_memory 1024) 4.15 s: 2 % less, for a peak RSS of 189 MB against
// 28 MB (the copy keeps about 480 bytes per two-feature example, the cache
// file 30). The 64 MiB default stays; the cache serves any size.
#pragma once

#include <string>

#include "learner/cli/options.h"

namespace learner {

// Where the run's automatic cache goes: a fresh name in the temporary
// directory, or "" when the run does not qualify (above) or the temporary
// directory cannot be found.
std::string automatic_cache_path(const Options& o);

}  // namespace learner
