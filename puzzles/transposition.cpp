// Transposition table of the problem solver (see transposition.hpp).
#include "puzzles/transposition.hpp"

#include <algorithm>

namespace arbiter::puzzles {

namespace {

int first_size(int log2_entries, int first_log2) {
  return first_log2 > 0 && first_log2 < log2_entries ? first_log2 : log2_entries;
}

}  // namespace

TranspositionTable::TranspositionTable(int log2_entries, int first_log2)
    : entries_(std::size_t{1} << first_size(log2_entries, first_log2)),
      mask_((std::uint64_t{1} << first_size(log2_entries, first_log2)) - 1),
      most_log2_(log2_entries) {}

void TranspositionTable::grow() {
  const std::size_t size = std::min(entries_.size() * 4, std::size_t{1} << most_log2_);
  ZeroedArray<Entry> larger(size);
  const std::uint64_t mask = size - 1;
  written_ = 0;
  for (const Entry& e : entries_)
    if (e.key != 0) larger[e.key & mask] = e;
  entries_ = std::move(larger);
  mask_ = mask;
}

std::optional<bool> TranspositionTable::probe(std::uint64_t key, int depth) const {
  const Entry& e = entries_[key & mask_];
  if (e.key != key) return std::nullopt;
  if (depth >= e.win_at()) return ++hits_, true;
  if (depth <= e.fail_at) return ++hits_, false;
  return std::nullopt;
}

void TranspositionTable::store(std::uint64_t key, int depth, bool reachable) {
  if (entries_[key & mask_].key != key && ++written_ > entries_.size() / 16 &&
      entries_.size() < std::size_t{1} << most_log2_)
    grow();
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
  written_ = 0;
}

}  // namespace arbiter::puzzles
