#include "learner/io/vw_log_lines.h"

#include <atomic>

namespace learner {
namespace {

std::atomic<uint64_t>& vw_log_line_count() {
  static std::atomic<uint64_t> count{0};
  return count;
}

}  // namespace

void count_vw_log_lines(uint64_t lines) { vw_log_line_count().fetch_add(lines, std::memory_order_relaxed); }

uint64_t vw_log_lines() { return vw_log_line_count().load(std::memory_order_relaxed); }

}  // namespace learner
