// ExampleStream's multi-line examples (example_stream.h, the contract's
// "Multi-line examples"): where a line stands in its group, and the shared
// line's namespaces joined to every later line of the group before its
// features are built (VW's shared feature merger: the shared line's
// namespaces go after the line's own, and the constant stays the line's).
#include "learner/cache/cache_file.h"
#include "learner/error.h"
#include "learner/stream/example_stream.h"

namespace learner {
namespace {

// Appends `shared`'s namespaces (spans, features and, where both have them,
// names and raw tokens) to `line`. Capacity is reused: nothing is allocated
// once the line's vectors have grown to a group's size.
void append_shared_namespaces(Example& line, const Example& shared) {
  const auto offset = static_cast<uint32_t>(line.features.size());
  for (const NamespaceSpan& ns : shared.namespaces) {
    NamespaceSpan& added = line.namespaces.emplace_back(ns);
    added.begin = ns.begin + offset;
    added.end = ns.end + offset;
  }
  if (line.names.size() == offset && shared.names.size() == shared.features.size())  // the parser keeps names
    line.names.insert(line.names.end(), shared.names.begin(), shared.names.end());
  line.features.insert(line.features.end(), shared.features.begin(), shared.features.end());
  if (!shared.token_ends.empty()) {
    const auto base = static_cast<uint32_t>(line.tokens.size());
    line.tokens += shared.tokens;
    for (uint32_t end : shared.token_ends) line.token_ends.push_back(base + end);
  }
}

}  // namespace

void ExampleStream::track_line(Example& ex, bool blank, uint64_t line_number) {
  if (blank) {  // parse() cleared ex
    ex.group_end = true;
    ex.line = line_number;
  }
  if (ex.group_end) {
    check_group_end(line_number > 0);
    start_groups();
    return;
  }
  if (ex.shared) {
    if (group_lines_ > 0) {
      if (line_number == 0) throw CacheCorrupt("a shared line inside a multi-line example");
      throw InputError(reader_.name(), line_number,
                       "a `shared` line must be the first line of its multi-line example (a blank line ends one)");
    }
    shared_ = ex;  // copy-assigned: the capacity of earlier shared lines is reused
    has_shared_ = true;
  }
  ++group_lines_;
}

void ExampleStream::check_group_end(bool from_text) const {
  if (has_shared_ && group_lines_ == 1 && from_text)
    throw InputError(reader_.name(), shared_.line,
                     "this `shared` line has no action line after it (a blank line or the end of the data follows)");
}

void ExampleStream::build_line(ParsedExample& slot, bool names) {
  if (slot.ex.group_end || slot.ex.shared) {  // nothing to build: the shared line joins the lines after it
    slot.features.clear();
    slot.names.clear();
    return;
  }
  if (has_shared_) append_shared_namespaces(slot.ex, shared_);
  builder_.build(slot.ex, slot.features, names ? &slot.names : nullptr);
}

}  // namespace learner
