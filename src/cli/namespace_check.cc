#include "namespace_check.h"

#include <algorithm>
#include <cstdio>
#include <span>

#include "learner/error.h"
#include "learner/features/interaction_spec.h"

namespace learner {
namespace {

// How a first character is written in messages: 'x', ' ' (the default namespace), byte 132.
std::string letter_text(char c) {
  if (c == ' ') return "' ' (the default namespace)";
  const auto u = static_cast<unsigned char>(c);
  if (u < 0x21 || u > 0x7e) return "byte " + std::to_string(u);
  return std::string("'") + c + "'";
}

// A first character as the command line writes it ('_' for the default namespace).
char spelled(char c) { return c == ' ' ? '_' : c; }

std::string interaction_flag(const std::string& spec) {
  return (spec.size() == 2 ? "-q " : spec.size() == 3 ? "--cubic " : "--interactions ") + spec;
}

}  // namespace

NamespaceCheck::NamespaceCheck(const Options& o) {
  for (const NamespaceUse& u : o.learner_setup.namespaces) {  // the learner's own (--dotproduct ab)
    if (u.by_full_name) {
      const std::string letters = std::string(1, u.left[0]) + u.right[0];
      need_name(u.flag, u.left, letters);
      if (u.right != u.left) need_name(u.flag, u.right, letters);
    } else {
      need(Kind::kAdds, u.flag, u.left[0]);
      need(Kind::kAdds, u.flag, u.right[0]);
    }
  }
  for (const std::string& spec : o.features.interactions)
    for (char c : spec)
      if (c != kWildcard) need(Kind::kAdds, interaction_flag(spec), c);
  if (o.values) {
    for (const char* flag : {"ngram", "skips"})
      for (const std::string& a : o.values->list(flag))
        if (!a.empty() && !(a[0] >= '0' && a[0] <= '9')) need(Kind::kAdds, std::string("--") + flag + " " + a, a[0]);
  }
  if (const TextFeatures* t = o.features.text.get()) {
    for (unsigned c = 0; c < 256; ++c) {
      const char ch = static_cast<char>(c);
      if (t->affix[c] != 0)
        need(Kind::kAdds, "--affix (namespace " + (ch == ' ' ? std::string("default") : std::string(1, ch)) + ")", ch);
      if (t->spelling[c]) need(Kind::kAdds, std::string("--spelling ") + spelled(ch), ch);
      if (!t->dictionaries[c].empty())
        need(Kind::kAdds,
             "--dictionary " + (ch == ' ' ? std::string() : std::string(1, ch) + ":") + t->dictionaries[c][0]->file, ch);
    }
  }
  for (char c : o.features.ignore) need(Kind::kIgnore, std::string("--ignore ") + c, c);
  for (char c : o.features.ignore_linear) need(Kind::kIgnore, std::string("--ignore_linear ") + c, c);
  for (char c : o.features.keep) need(Kind::kKeep, std::string("--keep ") + c, c);
  seen_ = NamespacesSeen(full_names_);
  soft_ = o.testonly || o.initial_model != nullptr;
  satisfied_ = adds_.empty() && ignores_.empty() && keeps_.empty();
}

void NamespaceCheck::need(Kind kind, std::string flag, char first) {
  std::vector<Need>& list = kind == Kind::kAdds ? adds_ : kind == Kind::kIgnore ? ignores_ : keeps_;
  for (const Need& n : list)
    if (n.name < 0 && n.first == first && n.flag == flag) return;  // "-q aa": one need
  list.push_back({std::move(flag), first, -1, {}});
}

void NamespaceCheck::need_name(std::string flag, const std::string& name, std::string letters) {
  full_names_.push_back(name);
  adds_.push_back({std::move(flag), name[0], static_cast<int>(full_names_.size() - 1), std::move(letters)});
}

void NamespaceCheck::recheck() {
  changes_ = seen_.changes();
  const auto all_met = [&](const std::vector<Need>& list) {
    return std::all_of(list.begin(), list.end(), [&](const Need& n) { return met(n); });
  };
  satisfied_ = all_met(adds_) && all_met(ignores_) && all_met(keeps_);
}

std::string NamespaceCheck::what(const Need& n) const {
  return n.name >= 0 ? "\"" + seen_.full_names()[static_cast<std::size_t>(n.name)] + "\"" : letter_text(n.first);
}

std::vector<std::string> NamespaceCheck::missing(const std::vector<Need>& list, const std::string& data) const {
  // One line per flag: "-q ux: no namespace starting with 'x' in pass 1 of FILE".
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (met(list[i])) continue;
    bool earlier = false;  // this flag's line was written
    for (std::size_t j = 0; j < i; ++j) earlier = earlier || (list[j].flag == list[i].flag && !met(list[j]));
    if (earlier) continue;
    std::string names;
    for (std::size_t j = i; j < list.size(); ++j)
      if (list[j].flag == list[i].flag && !met(list[j])) names += (names.empty() ? "" : " or ") + what(list[j]);
    std::string line = list[i].flag + ": no namespace " + (list[i].name >= 0 ? "named " : "starting with ") + names +
                       " in pass 1 of " + data;
    if (list[i].name >= 0) {
      line += " (full names are matched exactly";
      if (seen_.has_first(list[i].letters[0]) && seen_.has_first(list[i].letters[1]))
        line += "; to pair the namespaces by their first letters, give --dotproduct " + list[i].letters;
      line += ")";
    }
    lines.push_back(line);
  }
  return lines;
}

void NamespaceCheck::verify(AllReduce* group, const std::string& data) {
  if (group != nullptr && group->size() > 1) {
    std::vector<double> counts = seen_.counts();
    group->sum(std::span<double>(counts));
    seen_.absorb(counts);
  }
  recheck();
  if (satisfied_) return;
  const std::string occurred = "; the namespaces with features were: " + seen_.describe();
  std::vector<std::string> errors, warnings;
  for (std::string& line : missing(adds_, data)) (soft_ ? warnings : errors).push_back(std::move(line));
  for (const std::string& line : missing(ignores_, data)) warnings.push_back(line + " (nothing to drop)");
  const bool none_kept = std::none_of(keeps_.begin(), keeps_.end(), [&](const Need& n) { return met(n); });
  if (!keeps_.empty() && none_kept) {
    std::string letters;
    for (const Need& n : keeps_) letters += n.first;
    (soft_ ? warnings : errors).push_back("--keep " + letters + ": none of the kept namespaces occurs in pass 1 of " +
                                          data + ", so every feature would be dropped and only the constant learned");
  } else {
    for (const std::string& line : missing(keeps_, data)) warnings.push_back(line);
  }
  if (group == nullptr || group->rank() == 0)  // the ranks' namespaces are united: one warning is enough
    for (const std::string& w : warnings) std::fprintf(stderr, "warning: %s%s\n", w.c_str(), occurred.c_str());
  if (errors.empty()) return;
  std::string message;
  for (const std::string& e : errors) message += (message.empty() ? "" : "\n") + e;
  throw UsageError(message + occurred + " (an option whose namespace never occurs trains nothing; with -t or -i MODEL "
                   "this is a warning)");
}

}  // namespace learner
