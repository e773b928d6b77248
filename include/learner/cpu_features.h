// What the CPU running this process can do, for the kernels that pick an
// AVX2 build at run time (each keeps a portable build with the same
// results): the parser's line scan and feature batch, the bigram writer, the
// default rule's lanes, the flow series pieces and the class scores.
#pragma once

namespace learner {

// Whether this CPU runs AVX2 code. Checked once; safe to call from a static
// initialiser (it initialises libgcc's CPU model first). Always false off x86-64.
inline bool cpu_has_avx2() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool has = (__builtin_cpu_init(), __builtin_cpu_supports("avx2"));
  return has;
#else
  return false;
#endif
}

}  // namespace learner
