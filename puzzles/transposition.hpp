// Transposition table of the problem solver: for a position key (Zobrist, from the engine)
// and a node kind, the shallowest depth at which the goal was proven reachable and the
// deepest depth at which it was proven unreachable. Goals "in at most n moves" are monotone
// in n, so one entry answers every depth; exact-length goals (helpmates) salt the key with
// the depth instead.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "puzzles/zeroed_pages.hpp"

namespace arbiter::puzzles {

class TranspositionTable {
 public:
  /// A table of 2^log2_entries slots (always replace).
  explicit TranspositionTable(int log2_entries = 20);

  /// True/false when the table knows the answer for `depth`, else nothing.
  std::optional<bool> probe(std::uint64_t key, int depth) const;
  void store(std::uint64_t key, int depth, bool reachable);
  /// Asks the processor to bring `key`'s entry into the caches (a probe or store soon after
  /// then waits less).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&entries_[key & mask_]); }
  void clear();
  std::uint64_t hits() const { return hits_; }

 private:
  // An empty entry is all zero bytes (zeroed_pages.hpp: a small search neither clears nor
  // faults in the pages it never uses).
  struct Entry {
    std::uint64_t key = 0;
    std::uint8_t not_win_at = 0;  ///< 0xFF minus the depth proven reachable (0: never)
    std::uint8_t fail_at = 0;     ///< proven unreachable within this many moves (0: never)
    int win_at() const { return 0xFF - not_win_at; }
  };
  ZeroedArray<Entry> entries_;
  std::uint64_t mask_;
  mutable std::uint64_t hits_ = 0;
};

}  // namespace arbiter::puzzles
