// Legal move generation for sequential variants, driven by the compiled piece masks.
#pragma once

#include <cstdint>

#include "rules/core/move.hpp"
#include "rules/core/position.hpp"

namespace arbiter {

/// Appends every legal move of the side to move.
void generate_legal(const Position& pos, MoveList& out);

/// The number of legal moves, what generate_legal would append: counted without listing them
/// where it can (perft's bulk-counted last ply).
std::uint64_t count_legal(const Position& pos);

/// What perft's last ply may carry from one position to the next when both follow the same
/// position by one move each (siblings): Conversion Chess's threat watch on the side to move's
/// royal piece. A watch built after a move that left it alone (touched none of the squares it
/// depends on, see ThreatWatch::depends) is the watch of the position before that move, so
/// it holds after every sibling move that leaves it alone too.
struct SiblingCache {
  ThreatWatch watch;
  bool valid = false;       ///< `watch` is the watch of the position the siblings follow
  Color side = kWhite;      ///< the side to move it was built for
  Square king = kNoSquare;  ///< where that side's royal piece stood
};

/// count_legal of the position `last` (made with `undo`) led to, for siblings: each call
/// follows the same position as the cache's earlier calls.
std::uint64_t count_legal_after(const Position& pos, Move last, const Undo& undo,
                                SiblingCache& cache);

/// Appends every pseudo-legal move (the piece moves as the table says; the own king may be
/// left attacked). Castling is included only when it is fully legal.
void generate_pseudo_legal(const Position& pos, MoveList& out);

/// True when a pseudo-legal move does not leave the mover's royal piece attacked.
bool leaves_king_safe(const Position& pos, Move m);

/// True when `m` is one of the legal moves of the position.
bool is_legal(const Position& pos, Move m);

}  // namespace arbiter
