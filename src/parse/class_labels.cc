#include "learner/parse/class_labels.h"

#include <charconv>

#include "learner/error.h"

namespace learner {

ClassLabels ClassLabels::named(std::string_view list) {
  ClassLabels c;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    const std::string name(list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (name.empty()) throw UsageError("--named_labels '" + std::string(list) + "' has an empty name");
    if (name.find_first_of(" \t:|'") != std::string::npos)
      throw UsageError("--named_labels: the name '" + name + "' holds a blank, ':', '|' or '\\''");
    if (!c.by_name_.emplace(name, static_cast<uint32_t>(c.names_.size() + 1)).second)
      throw UsageError("--named_labels names '" + name + "' twice");
    c.names_.push_back(name);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (c.names_.size() < 2) throw UsageError("--named_labels needs at least two names, comma-separated (a,b,c)");
  return c;
}

ClassLabels ClassLabels::zero_based() {
  ClassLabels c;
  c.zero_based_ = true;
  return c;
}

std::optional<uint32_t> ClassLabels::id(std::string_view token) const {
  if (!names_.empty()) {
    const auto it = by_name_.find(token);
    if (it == by_name_.end()) return std::nullopt;
    return it->second;
  }
  uint32_t k = 0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), k);
  if (token.empty() || ec != std::errc() || end != token.data() + token.size() || k == UINT32_MAX) return std::nullopt;
  return zero_based_ ? k + 1 : k;
}

void ClassLabels::append(std::string& out, uint32_t k) const {
  if (!names_.empty() && k >= 1 && k <= names_.size()) {
    out += names_[k - 1];
    return;
  }
  char buf[16];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, zero_based_ && k > 0 ? k - 1 : k);
  out.append(buf, end);
}

std::string ClassLabels::describe() const {
  if (names_.empty()) return "--indexing 0";
  std::string all;
  for (const std::string& n : names_) all += (all.empty() ? "" : ",") + n;
  return "--named_labels " + all;
}

std::string ClassLabels::expected(uint32_t classes) const {
  if (!names_.empty()) return "a class name of " + describe();
  return "a class id in 0.." + (classes ? std::to_string(classes - 1) : std::string("")) + " (--indexing 0)";
}

}  // namespace learner
