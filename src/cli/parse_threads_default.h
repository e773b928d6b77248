// --threads 0 (the default; issue 32): how many threads parse a text file.
// A learning run has one more busy thread than its parsers: the learner,
// which takes the examples in order and cannot wait for a parser that the
// scheduler has set aside. It keeps a core of its own: cores - 1 parsers
// (at least one: with one parser, the reading thread parses, as --threads 1).
// A run that learns nothing (--noop) parses on every core. Measured on the
// 2-core machine of docs/speed.md (200 MB synthetic text, logistic): two
// parsers beside the learner were no faster than one and took more CPU time;
// with --noop two parsers halve the wall time.
#pragma once

#include <algorithm>

namespace learner {

inline unsigned default_parse_threads(unsigned cores, bool learns) {
  if (!learns) return std::max(1u, cores);
  return cores > 1 ? cores - 1 : 1u;
}

}  // namespace learner
