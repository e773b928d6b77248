#include "learner/ratings/neighbor_column.h"

#include <cstdint>
#include <cstdio>
#include <unordered_map>

#include "learner/error.h"
#include "learner/io/prediction_text.h"

namespace learner::ratings {
namespace {

class IdMap {
 public:
  std::uint32_t id(const std::string& token) {
    return ids_.emplace(token, static_cast<std::uint32_t>(ids_.size())).first->second;
  }
  std::size_t size() const { return ids_.size(); }

 private:
  std::unordered_map<std::string, std::uint32_t> ids_;
};

}  // namespace

ReferenceRatings load_reference(LineReader& in, RatingFormat format) {
  RatingReader reader(in, format);
  RatingRecord r;
  ReferenceRatings ref;
  ref.name = in.name();
  while (reader.next(r)) {
    ref.users.emplace_back(r.user);
    ref.items.emplace_back(r.item);
    ref.values.push_back(r.value);
  }
  if (ref.values.empty()) throw Error(ref.name + ": no ratings");
  return ref;
}

std::vector<std::string> neighbor_values(const ReferenceRatings& ref,
                                         const std::vector<std::pair<std::string, std::string>>& queries,
                                         const prep::NeighborOptions& options, std::size_t& repeated) {
  IdMap users, items;
  std::vector<prep::Rating> ratings;
  std::unordered_map<std::uint64_t, std::size_t> seen;
  repeated = 0;
  for (std::size_t n = 0; n < ref.values.size(); ++n) {
    const prep::Rating r{users.id(ref.users[n]), items.id(ref.items[n]), ref.values[n]};
    const auto [it, added] = seen.emplace((static_cast<std::uint64_t>(r.user) << 32) | r.item, ratings.size());
    if (added) {
      ratings.push_back(r);
    } else {
      ratings[it->second].value = r.value;
      ++repeated;
    }
  }
  std::vector<prep::Query> q;
  q.reserve(queries.size());
  for (const auto& [user, item] : queries) q.push_back({users.id(user), items.id(item)});
  const std::vector<double> values = prep::neighbor_deviations(ratings, q, users.size(), items.size(), options);
  std::vector<std::string> out;
  out.reserve(values.size());
  for (double v : values) out.push_back(prediction_text(v + 0.0));  // + 0.0: no "-0"
  return out;
}

}  // namespace learner::ratings
