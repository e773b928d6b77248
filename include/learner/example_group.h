// A multi-line example (VW's label-dependent features, and later its
// contextual-bandit ADF examples): the lines of one group as the stream gave
// them (stream/example_stream.h, "Multi-line examples"), an optional first
// line labelled `shared`, then the action lines. An action line's Example
// already holds the shared line's namespaces after its own, and its features
// are built from both; the shared line itself has no built features.
//
// The run loop (Trainer::run) gathers a group from the stream's slots and
// hands it to a GroupReduction (reduction/group_reduction.h) at the blank
// line that ends it, or at the end of a pass. A group is reused from one
// multi-line example to the next: lines are copy-assigned into kept slots,
// so once the buffers have grown to the largest group nothing is allocated.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "learner/example.h"

namespace learner {

struct GroupLine {
  Example ex;                       // the parsed line (an action line: the shared namespaces appended)
  std::vector<Feature> features;    // its built features (none for the shared line)
  std::vector<std::string> names;   // feature names, when the run keeps them (pass 1 only)
};

class ExampleGroup {
 public:
  std::size_t size() const { return size_; }  // lines, the shared line included
  bool empty() const { return size_ == 0; }
  const GroupLine& operator[](std::size_t i) const { return lines_[i]; }
  GroupLine& line(std::size_t i) { return lines_[i]; }  // e.g. to reweigh a line (--warm_cb)
  bool has_shared() const { return size_ > 0 && lines_[0].ex.shared; }
  // Action lines are [first_action(), size()).
  std::size_t first_action() const { return has_shared() ? 1 : 0; }
  std::size_t actions() const { return size_ - first_action(); }
  // The group's tag: its first line's (VW prints the head example's).
  const std::string& tag() const { return lines_[0].ex.tag; }

  void clear() { size_ = 0; }
  // A slot for the next line (its old contents are to be overwritten).
  GroupLine& add() {
    if (size_ == lines_.size()) lines_.emplace_back();
    return lines_[size_++];
  }

 private:
  std::vector<GroupLine> lines_;
  std::size_t size_ = 0;
};

}  // namespace learner
