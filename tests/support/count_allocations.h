// Replaces the global operator new to count heap allocations, for the tests
// that check a steady state allocates nothing. Include it in exactly one
// translation unit of a test binary (it defines the global operators).
#pragma once

#include <cstdlib>
#include <new>

// The replacements pair malloc with free; GCC cannot see that through new/delete.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

namespace {
thread_local bool g_counting = false;  // count only while true
thread_local long g_allocations = 0;
}  // namespace

void* operator new(std::size_t n) {
  if (g_counting) ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
// The nothrow form too (std::stable_sort's temporary buffer uses it): left to
// the sanitizer runtime, its blocks would come back through the free() above,
// an alloc-dealloc mismatch under AddressSanitizer.
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  if (g_counting) ++g_allocations;
  return std::malloc(n == 0 ? 1 : n);
}
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
