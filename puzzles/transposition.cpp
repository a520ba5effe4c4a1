// Transposition table of the problem solver (see transposition.hpp).
#include "puzzles/transposition.hpp"

#include <algorithm>

namespace arbiter::puzzles {

TranspositionTable::TranspositionTable(int log2_entries)
    : entries_(std::size_t{1} << log2_entries), mask_((std::uint64_t{1} << log2_entries) - 1) {}

std::optional<bool> TranspositionTable::probe(std::uint64_t key, int depth) const {
  const Entry& e = entries_[key & mask_];
  if (e.key != key) return std::nullopt;
  if (depth >= e.win_at()) return ++hits_, true;
  if (depth <= e.fail_at) return ++hits_, false;
  return std::nullopt;
}

void TranspositionTable::store(std::uint64_t key, int depth, bool reachable) {
  Entry& e = entries_[key & mask_];
  if (e.key != key) e = Entry{key};
  const auto d = static_cast<std::uint8_t>(depth);
  if (reachable)
    e.not_win_at = std::max(e.not_win_at, static_cast<std::uint8_t>(0xFF - d));
  else
    e.fail_at = std::max(e.fail_at, d);
}

void TranspositionTable::clear() {
  std::fill(entries_.begin(), entries_.end(), Entry{});
  hits_ = 0;
}

}  // namespace arbiter::puzzles
