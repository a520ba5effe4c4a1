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
  /// A table of 2^log2_entries slots (always replace). With `first_log2` (below
  /// log2_entries), it starts with 2^first_log2 slots and grows fourfold (at most to
  /// 2^log2_entries), keeping its entries, each time it has written new keys into a sixteenth
  /// of its slots: a search of few nodes touches a few pages, not a table sized for the
  /// longest search of its stipulation. (Growing later, at a quarter or half of the slots
  /// filled, cost long series searches up to 40% more nodes: their lost entries are dear.)
  explicit TranspositionTable(int log2_entries = 20, int first_log2 = 0);

  /// True/false when the table knows the answer for `depth`, else nothing.
  std::optional<bool> probe(std::uint64_t key, int depth) const;
  void store(std::uint64_t key, int depth, bool reachable);
  /// Asks the processor to bring `key`'s entry into the caches (a probe or store soon after
  /// then waits less).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&entries_[key & mask_]); }
  /// Empties every slot (the table keeps the size it has grown to).
  void clear();
  std::uint64_t hits() const { return hits_; }
  std::size_t size() const { return entries_.size(); }

 private:
  // An empty entry is all zero bytes (zeroed_pages.hpp: a small search neither clears nor
  // faults in the pages it never uses).
  struct Entry {
    std::uint64_t key = 0;
    std::uint8_t not_win_at = 0;  ///< 0xFF minus the depth proven reachable (0: never)
    std::uint8_t fail_at = 0;     ///< proven unreachable within this many moves (0: never)
    int win_at() const { return 0xFF - not_win_at; }
  };
  /// Fourfold (at most to 2^most_log2_ slots), the entries rehashed.
  void grow();

  ZeroedArray<Entry> entries_;
  std::uint64_t mask_;
  int most_log2_;
  std::size_t written_ = 0;  ///< keys written since the table was made, grew or was cleared
  mutable std::uint64_t hits_ = 0;
};

}  // namespace arbiter::puzzles
