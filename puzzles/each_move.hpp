// Walking the legal moves of a position, each made and unmade in turn: the solver's and the
// reference search's (tests/puzzles/puzzle_reference.hpp) one loop over the first moves.
#pragma once

#include <string>

#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::puzzles {

/// Makes each legal move of `pos` in turn and calls `visit(san)` on the position after it (the
/// SAN read before the move); stops after a move for which `visit` returns false.
template <typename Visit>
void after_each_move(Position& pos, Visit visit) {
  MoveList moves;
  generate_legal(pos, moves);
  Undo undo;
  for (Move m : moves) {
    const std::string san = to_san(pos, m);
    pos.make(m, undo);
    const bool more = visit(san);
    pos.unmake(m, undo);
    if (!more) break;
  }
}

}  // namespace arbiter::puzzles
