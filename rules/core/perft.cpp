#include "rules/core/perft.hpp"

#include "rules/core/movegen.hpp"

namespace arbiter {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  generate_legal(pos, moves);
  if (depth == 1) return static_cast<std::uint64_t>(moves.size());
  std::uint64_t nodes = 0;
  Undo undo;
  for (Move m : moves) {
    pos.make(m, undo);
    nodes += perft(pos, depth - 1);
    pos.unmake(m, undo);
  }
  return nodes;
}

std::uint64_t perft_full(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  generate_legal(pos, moves);
  std::uint64_t nodes = 0;
  Undo undo;
  for (Move m : moves) {
    pos.make(m, undo);
    nodes += perft_full(pos, depth - 1);
    pos.unmake(m, undo);
  }
  return nodes;
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
