// Where a Diplomacy Chess move takes its pieces, one square per time step.
#pragma once

#include <vector>

#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_knobs.hpp"

namespace arbiter {

/// One piece's travel: path[i] is the square it stands on at time step i + 1 (kNoSquare: in
/// the air, as a knight under knight-timing=two-ticks); the last entry is its destination.
struct Leg {
  static constexpr int kMaxSteps = 8;
  PieceType type = kNoPiece;
  Square home = kNoSquare;
  Square path[kMaxSteps] = {};
  int steps = 0;
  void push(Square s) { path[steps++] = s; }
  Square dest() const { return path[steps - 1]; }
  int arrival() const { return steps; }
  /// The squares the piece stands on, home included (not the air).
  Bitboard squares() const;
};

struct Legs {
  Leg leg[2];
  int count = 0;
};

/// The legs of a move of colour `us`: one, or two for castling (king and rook). A move along
/// a line passes every square between; any other leap follows the knight-timing knob (the
/// orthogonal step of a two-step path goes along the longer leg).
Legs legs_of(const Position& pos, Color us, Move m, const DiplomacyKnobs& k);

/// The squares of the legs of `m` (homes and paths, Leg::squares), without building them: the
/// resolver's test for two moves that cannot meet.
Bitboard move_squares(const Position& pos, Color us, Move m, const DiplomacyKnobs& k);

/// The squares on which a king move of colour `us` that executed is judged after resolution
/// (conflict rule 5): its landing square, and for castling under
/// castling-transit=after-resolution the squares the king crosses on its way there.
Bitboard king_judged_squares(const Variant& v, Color us, Move m, const DiplomacyKnobs& k);

}  // namespace arbiter
