// splitmix64: a fixed, well-spread 64-bit hash, the same on every run and machine (Zobrist
// keys, simultaneous perft's table keys, the seeds of generated problem candidates).
#pragma once

#include <cstdint>

namespace arbiter {

/// The step splitmix64 adds to its state before each output.
inline constexpr std::uint64_t kSplitmixGamma = 0x9E3779B97F4A7C15ULL;

/// splitmix64's output for the state `x` (the step included).
constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += kSplitmixGamma;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace arbiter
