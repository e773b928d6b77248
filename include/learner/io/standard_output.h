// Standard output of the tools that stream their result there (gen_ratings,
// rating_neighbors, vw2json, learner-ratings): every byte reaches it or the
// tool fails with errno's message. A redirection's file is the shell's: it is
// truncated before the tool starts, so only failing loudly (non-zero exit,
// a message) is possible here, not keeping the old content.
#pragma once

#include <cstddef>
#include <string_view>

namespace learner {

// Writes all of `bytes` to stdout (through stdio's buffer). Throws
// learner::Error "write error on standard output: <strerror>" on a failed
// or short write (ENOSPC, EBADF for a closed stdout, EPIPE, EFBIG, ...).
void write_stdout(std::string_view bytes);

// Flushes stdout and throws as write_stdout does when the flush, or any
// earlier write through stdio (std::printf ...), failed. Call before exit 0.
void finish_stdout();

}  // namespace learner
