// Transposition table of the problem solver: for a position key (Zobrist, from the engine)
// and a node kind, the shallowest depth at which the goal was proven reachable and the
// deepest depth at which it was proven unreachable. Goals "in at most n moves" are monotone
// in n, so one entry answers every depth; exact-length goals (helpmates) salt the key with
// the depth instead.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

namespace arbiter::puzzles {

class TranspositionTable {
 public:
  /// A table of 2^log2_entries slots (always replace).
  explicit TranspositionTable(int log2_entries = 20);

  /// True/false when the table knows the answer for `depth`, else nothing.
  std::optional<bool> probe(std::uint64_t key, int depth) const;
  void store(std::uint64_t key, int depth, bool reachable);
  void clear();
  std::uint64_t hits() const { return hits_; }

 private:
  // An empty entry is all zero bytes, so the table is an anonymous mapping: the system hands
  // out zeroed pages as they are first touched, and a small search does not pay for clearing
  // (or faulting in) tens of megabytes it never uses. (calloc would do the same only while
  // glibc serves the size by mmap, which its sliding threshold stops after the first free.)
  struct Entry {
    std::uint64_t key = 0;
    std::uint8_t not_win_at = 0;  ///< 0xFF minus the depth proven reachable (0: never)
    std::uint8_t fail_at = 0;     ///< proven unreachable within this many moves (0: never)
    int win_at() const { return 0xFF - not_win_at; }
  };
  struct Unmap {
    std::size_t bytes;
    void operator()(Entry* e) const;
  };
  std::unique_ptr<Entry[], Unmap> entries_;
  std::size_t size_;
  std::uint64_t mask_;
  mutable std::uint64_t hits_ = 0;
};

}  // namespace arbiter::puzzles
