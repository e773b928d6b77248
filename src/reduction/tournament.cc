#include "tournament.h"

#include <cmath>

#include "learner/error.h"

namespace learner {

Tournament::Tournament(uint32_t classes) : classes_(classes) {
  if (classes < 2) throw UsageError("a tournament needs at least 2 classes");
  games_.reserve(classes - 1);
  std::vector<uint32_t> round(classes), next;
  for (uint32_t k = 0; k < classes; ++k) round[k] = k;
  while (round.size() > 1) {
    next.clear();
    std::size_t i = 0;
    for (; i + 1 < round.size(); i += 2) {
      next.push_back(classes + static_cast<uint32_t>(games_.size()));
      games_.push_back({round[i], round[i + 1]});
    }
    if (i < round.size()) next.push_back(round[i]);  // bye
    round.swap(next);
  }
}

NodeExample node_example(uint32_t game, uint32_t l, uint32_t r, const std::vector<double>& cost) {
  const double cl = cost[l - 1], cr = cost[r - 1];
  return NodeExample{game, cl < cr, std::fabs(cl - cr)};
}

}  // namespace learner
