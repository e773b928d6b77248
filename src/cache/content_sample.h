// A cheap fingerprint of a data file's content for the cache key (issue 17,
// defect 4: a same-size edit with the modification time restored was read
// from a stale cache). Private to the cache stage.
//
// Files up to kWholeFileBytes are hashed whole (CRC-32), so any edit is
// seen. Larger files: the first and last MiB and 256 evenly spaced 4 KiB
// blocks (about 3 MiB read), so an edit there is seen; an edit elsewhere
// that keeps size and mtime is not (--kill_cache rebuilds). Returns "" when
// the file cannot be read (the caller's stat already named the file).
#pragma once

#include <cstdint>
#include <string>

namespace learner {

constexpr uint64_t kWholeFileBytes = 8u << 20;

std::string content_sample(const std::string& path, uint64_t size);

}  // namespace learner
