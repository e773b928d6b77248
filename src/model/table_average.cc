#include "learner/model/table_average.h"

#include <algorithm>
#include <span>
#include <vector>

namespace learner {

void average_table(AllReduce& group, float* data, std::size_t slots, unsigned stride, int g) {
  if (group.size() == 1) return;
  const double inv_n = 1.0 / static_cast<double>(group.size());
  std::vector<double> total_g, values;
  for (std::size_t begin = 0; begin < slots; begin += kAverageChunk) {
    const std::size_t n = std::min(kAverageChunk, slots - begin);
    float* chunk = data + begin * stride;
    if (g >= 0) {  // S per slot
      total_g.resize(n);
      for (std::size_t i = 0; i < n; ++i) total_g[i] = chunk[i * stride + static_cast<std::size_t>(g)];
      group.sum(std::span<double>(total_g));
    }
    values.resize(n * stride);
    for (std::size_t i = 0; i < n; ++i) {
      const float* v = chunk + i * stride;
      const double weight = g >= 0 && total_g[i] > 0 ? v[g] / total_g[i] : inv_n;
      for (unsigned j = 0; j < stride; ++j) values[i * stride + j] = weight * v[j];
    }
    group.sum(std::span<double>(values));
    for (std::size_t i = 0; i < n * stride; ++i) chunk[i] = static_cast<float>(values[i]);
  }
}

void average_values(AllReduce& group, double* data, std::size_t n) {
  if (group.size() == 1) return;
  group.sum(std::span<double>(data, n));
  const double inv_n = 1.0 / static_cast<double>(group.size());
  for (std::size_t i = 0; i < n; ++i) data[i] *= inv_n;
}

}  // namespace learner
