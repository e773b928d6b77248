#include "learner/spectral/load.h"

#include <algorithm>
#include <map>

#include "learner/error.h"

namespace learner::spectral {

RatingSet read_training(LineReader& in, ratings::RatingFormat format, IdMap& users, IdMap& items) {
  constexpr std::size_t kMaxLevels = 64;
  ratings::RatingReader reader(in, format);
  ratings::RatingRecord rec;
  std::map<double, std::uint32_t> level_of;
  std::vector<double> raw;
  RatingSet out;
  while (reader.next(rec)) {
    const double v = rec.value;
    if (level_of.emplace(v, 0).second && level_of.size() > kMaxLevels)
      throw InputError(reader.name(), reader.line_number(),
                       "more than 64 distinct rating values: the spectral predictor needs rating levels");
    out.entries.push_back({users.add(rec.user), items.add(rec.item), 0});
    raw.push_back(v);
  }
  if (out.entries.empty()) throw InputError(in.name(), in.line_number(), "no ratings");
  std::uint32_t k = 0;
  for (auto& [value, index] : level_of) {
    index = k++;
    out.levels.push_back(value);
  }
  for (std::size_t i = 0; i < raw.size(); ++i) out.entries[i].level = level_of[raw[i]];
  out.n_users = users.size();
  out.n_items = items.size();
  return out;
}

std::vector<Query> read_queries(LineReader& in, ratings::RatingFormat format, const IdMap& users, const IdMap& items) {
  ratings::RatingReader reader(in, format);
  ratings::RatingRecord rec;
  std::vector<Query> out;
  while (reader.next(rec)) out.push_back({users.find(rec.user), items.find(rec.item), rec.value});
  return out;
}

}  // namespace learner::spectral
