// Ratings with dense ids, as learner-spectral trains on them: users and items numbered
// in order of first appearance, rating values mapped to levels r_1 < ... < r_K (the
// distinct values of the training set, the paper's R = {r_k}).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace learner::spectral {

struct Entry {
  std::uint32_t user;
  std::uint32_t item;
  std::uint32_t level;  // index k into RatingSet::levels
};

struct RatingSet {
  std::size_t n_users = 0;
  std::size_t n_items = 0;
  std::vector<double> levels;  // r_1 < ... < r_K
  std::vector<Entry> entries;
};

// Dense ids for string tokens, in order of first appearance.
class IdMap {
 public:
  static constexpr std::uint32_t kMissing = 0xffffffffu;
  std::uint32_t add(std::string_view token) {
    const auto [it, added] = ids_.emplace(std::string(token), static_cast<std::uint32_t>(ids_.size()));
    return it->second;
  }
  std::uint32_t find(std::string_view token) const {
    const auto it = ids_.find(std::string(token));
    return it == ids_.end() ? kMissing : it->second;
  }
  std::size_t size() const { return ids_.size(); }
  // The tokens by dense id: tokens()[id] is the token that add() numbered id.
  std::vector<std::string> tokens() const {
    std::vector<std::string> out(ids_.size());
    for (const auto& [token, id] : ids_) out[id] = token;
    return out;
  }

 private:
  std::unordered_map<std::string, std::uint32_t> ids_;
};

}  // namespace learner::spectral
