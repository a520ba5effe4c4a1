#include "rules/core/perft.hpp"

#include "rules/core/movegen.hpp"

namespace arbiter {

namespace {

/// The leaves of the legal-move tree; with `kBulk` the last ply is counted, not made. A
/// template parameter, so that the hot loop tests no flag.
template <bool kBulk>
std::uint64_t count_leaves(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if constexpr (kBulk)
    if (depth == 1) return count_legal(pos);
  MoveList moves;
  generate_legal(pos, moves);
  Undo undo;
  if (!kBulk && depth == 1) {
    // The leaves are made and unmade here rather than by a call each, which would set up a
    // frame for a move list it never fills.
    for (Move m : moves) {
      pos.make(m, undo);
      pos.unmake(m, undo);
    }
    return static_cast<std::uint64_t>(moves.size());
  }
  std::uint64_t nodes = 0;
  if constexpr (kBulk) {
    // A move effect counts the last two plies itself (Conversion's siblings share a cache).
    if (depth == 2)
      if (const MoveEffect* effect = pos.variant().effect())
        return effect->count_children(pos, moves);
  }
  for (Move m : moves) {
    pos.make(m, undo);
    nodes += count_leaves<kBulk>(pos, depth - 1);
    pos.unmake(m, undo);
  }
  return nodes;
}

}  // namespace

std::uint64_t perft(Position& pos, int depth) {
  return count_leaves<true>(pos, depth);
}

std::uint64_t perft_full(Position& pos, int depth) {
  return count_leaves<false>(pos, depth);
}

std::vector<DivideEntry> perft_divide(Position& pos, int depth) {
  std::vector<DivideEntry> out;
  if (depth <= 0) return out;
  MoveList moves;
  generate_legal(pos, moves);
  Undo undo;
  for (Move m : moves) {
    pos.make(m, undo);
    out.push_back({m, perft(pos, depth - 1)});
    pos.unmake(m, undo);
  }
  return out;
}

}  // namespace arbiter
