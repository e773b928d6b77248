// Private to src/cli: no option silently names a namespace the data never
// holds (issue 27). A --dotproduct pair whose namespace never occurs trains
// nothing (the model is linear, byte for byte), and so on for -q, --cubic,
// --interactions, --dotproduct_fields and the per-namespace text features
// (--ngram xN, --skips xK, --affix, --spelling, --dictionary x:FILE): each of
// them only adds to a model, so a namespace that never occurs means a model
// other than the one asked for. VW 9.11.2 says nothing in these cases (it
// prints "creating quadratic features for pairs: ab" and trains without them).
//
// The rule, checked once pass 1 has been read (the namespaces of every
// example with features; under --allreduce, united over the ranks):
//  * A namespace named by one of the options above that never occurs is an
//    error naming the flag, the namespace and the namespaces that did occur.
//    A full name (--dotproduct user,item) is matched exactly, as the README
//    says; when it is missing the message suggests the first-letter form
//    (--dotproduct ui) if those letters occur.
//  * Under -t (or -l 0), or when training continues a -i model, the same is
//    a warning: a test set of new users only, or a next batch of data, may
//    lack a namespace, and the model's terms stay as they were trained.
//  * --ignore X and --ignore_linear X of a namespace that never occurs: a
//    warning, never an error. The model is exactly the one asked for (X
//    contributes nothing either way), and one command line often serves data
//    with and without an optional namespace (streams, daily files).
//  * --keep: a warning for each kept namespace that never occurs, but an
//    error (a warning under -t / -i) when none of them occurs: every feature
//    is then dropped and only the constant is learned.
// Nothing is checked when pass 1 holds no example. Once every namespace
// named has been seen the check stops looking (observe() is then not called),
// so it costs a bit test per namespace of pass 1's examples until then.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "learner/example.h"
#include "learner/cli/options.h"
#include "learner/features/namespaces_seen.h"
#include "learner/parallel/allreduce.h"

namespace learner {

class NamespaceCheck {
 public:
  explicit NamespaceCheck(const Options& o);

  // False when nothing (more) needs to be seen.
  bool active() const { return !satisfied_; }
  // One example of pass 1.
  void observe(const Example& ex) {
    seen_.add(ex);
    if (seen_.changes() != changes_) recheck();
  }
  // The end of pass 1 of `data` (a collective under --allreduce: every rank
  // calls it). Throws UsageError, or prints the warnings, as above.
  void verify(AllReduce* group, const std::string& data);

 private:
  // One namespace an option names: by first character, or by full name
  // (name >= 0: index into the NamespacesSeen's full names).
  struct Need {
    std::string flag;  // "--dotproduct ui", "-q ab", "--ngram t2", ...
    char first = ' ';
    int name = -1;
    // A full-name pair's first-letter spelling ("ui"), suggested when both letters occur.
    std::string letters;
  };
  enum class Kind { kAdds, kIgnore, kKeep };

  void need(Kind kind, std::string flag, char first);
  void need_name(std::string flag, const std::string& name, std::string letters);
  bool met(const Need& n) const { return n.name >= 0 ? seen_.has_name(n.name) : seen_.has_first(n.first); }
  void recheck();
  std::string what(const Need& n) const;  // 'x' or "user"
  // The lines of the needs of `list` not met, one per flag.
  std::vector<std::string> missing(const std::vector<Need>& list, const std::string& data) const;

  std::vector<Need> adds_, ignores_, keeps_;
  std::vector<std::string> full_names_;
  NamespacesSeen seen_;
  uint64_t changes_ = 0;
  bool satisfied_ = false;
  bool soft_ = false;  // -t, -l 0, or training on from -i: warnings only
};

}  // namespace learner
