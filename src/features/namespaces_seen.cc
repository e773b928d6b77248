#include "learner/features/namespaces_seen.h"

#include <utility>

#include "learner/error.h"

namespace learner {

NamespacesSeen::NamespacesSeen(std::vector<std::string> full_names)
    : full_names_(std::move(full_names)), names_met_(full_names_.size(), false) {
  for (const std::string& name : full_names_) {
    const auto c = static_cast<unsigned char>(name.empty() ? ' ' : name[0]);
    name_starts_[c >> 6] |= uint64_t{1} << (c & 63);
  }
}

void NamespacesSeen::add_name(const std::string& name) {
  for (std::size_t i = 0; i < full_names_.size(); ++i)
    if (!names_met_[i] && full_names_[i] == name) {
      names_met_[i] = true;
      ++changes_;
    }
}

std::string NamespacesSeen::describe() const {
  std::string out;
  for (unsigned c = 0; c < 256; ++c) {
    if (!has_first(static_cast<char>(c))) continue;
    if (!out.empty()) out += ", ";
    const std::string& name = first_name_[c];
    if (c == ' ') {
      out += "the default namespace";
    } else if (c < 0x21 || c > 0x7e) {
      out += "byte " + std::to_string(c);  // --affix / --spelling / --dictionary make 0x84, 0x85, 0x87
      if (!name.empty()) out += " (\"" + name + "\")";
    } else {
      out += static_cast<char>(c);
      if (name.size() > 1) out += " (\"" + name + "\")";
    }
  }
  return out.empty() ? "none" : out;
}

std::vector<double> NamespacesSeen::counts() const {
  std::vector<double> v(256 + full_names_.size(), 0.0);
  for (unsigned c = 0; c < 256; ++c) v[c] = has_first(static_cast<char>(c)) ? 1.0 : 0.0;
  for (std::size_t i = 0; i < full_names_.size(); ++i) v[256 + i] = names_met_[i] ? 1.0 : 0.0;
  return v;
}

void NamespacesSeen::absorb(std::span<const double> sums) {
  if (sums.size() != 256 + full_names_.size()) throw Error("NamespacesSeen::absorb: wrong count (internal error)");
  for (unsigned c = 0; c < 256; ++c)
    if (sums[c] > 0) firsts_[c >> 6] |= uint64_t{1} << (c & 63);
  for (std::size_t i = 0; i < full_names_.size(); ++i) names_met_[i] = names_met_[i] || sums[256 + i] > 0;
}

}  // namespace learner
