// murmur3_32 (hash.h): the inline MurmurHash3 x86_32 of murmur3_inline.h.
#include "learner/parse/hash.h"
#include "learner/parse/murmur3_inline.h"

namespace learner {

uint32_t murmur3_32(std::string_view data, uint32_t seed) { return detail::murmur3_32_inline(data, seed); }

}  // namespace learner
