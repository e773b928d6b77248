#include "cost_ranges.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace learner {

float regcb_binary_search(float fhat, float delta, float sens) {
  constexpr float kTolerance = 1e-6f;
  constexpr int kMaxIterations = 20;  // VW's BINARY_SEARCH_MAX_ITER
  const float most = std::min(fhat / sens, FLT_MAX);
  if (most * fhat * fhat <= delta) return most;
  float low = 0.0f, high = most;
  for (int i = 0; i < kMaxIterations; ++i) {
    const float w = (high + low) / 2.0f;
    const float v = w * (fhat * fhat - (fhat - sens * w) * (fhat - sens * w)) - delta;
    if (v > 0) {
      high = w;
    } else {
      low = w;
    }
    if (std::fabs(v) <= kTolerance || high - low <= kTolerance) break;
  }
  return low;
}

float confidence_delta(double c0, std::size_t actions, uint64_t n, float cmin, float cmax) {
  const float range = cmax - cmin;
  return static_cast<float>(c0) * std::log(static_cast<float>(static_cast<uint64_t>(actions) * n)) *
         static_cast<float>(std::pow(range, 2));
}

void cost_ranges(Learner& learner, const ExampleGroup& group, const std::vector<double>& scores, uint32_t sub,
                 float delta, float cmin, float cmax, bool low_only, std::vector<float>& low,
                 std::vector<float>& high) {
  const std::size_t first = group.first_action(), k = group.actions();
  low.assign(k, cmin);
  high.assign(k, cmax);
  const Part part{sub, 1.0};
  const Parts parts(&part, 1);
  for (std::size_t a = 0; a < k; ++a) {
    const GroupLine& line = group[first + a];
    const auto f = static_cast<float>(scores[a]);
    auto sens = static_cast<float>(learner.sensitivity(line.ex, line.features, parts, f, cmin - 1.0f));
    if (!(f < cmin || std::isnan(sens) || std::isinf(sens))) {
      const float w = regcb_binary_search(f - cmin + 1.0f, delta, sens);
      low[a] = std::min(std::max(f - sens * w, cmin), cmax);
    }
    if (low_only) continue;
    sens = static_cast<float>(learner.sensitivity(line.ex, line.features, parts, f, cmax + 1.0f));
    if (!(f > cmax || std::isnan(sens) || std::isinf(sens))) {
      const float w = regcb_binary_search(cmax + 1.0f - f, delta, sens);
      high[a] = std::max(std::min(f + sens * w, cmax), cmin);
    }
  }
}

}  // namespace learner
