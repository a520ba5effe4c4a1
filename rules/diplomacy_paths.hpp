// Where a Diplomacy Chess move takes its pieces, one square per time step.
#pragma once

#include <vector>

#include "rules/diplomacy.hpp"

namespace arbiter {

/// One piece's travel: path[i] is the square it stands on at time step i + 1 (kNoSquare: in
/// the air, as a knight under knight-timing=two-ticks); the last entry is its destination.
struct Leg {
  PieceType type = kNoPiece;
  Square home = kNoSquare;
  std::vector<Square> path;
  Square dest() const { return path.back(); }
  int arrival() const { return static_cast<int>(path.size()); }
};

/// The legs of a move of the side to move of `view`: one, or two for castling (king and
/// rook). A move along a line passes every square between; any other leap follows the
/// knight-timing knob (the orthogonal step of a two-step path goes along the longer leg).
std::vector<Leg> legs_of(const Position& view, Move m, const DiplomacyKnobs& k);

}  // namespace arbiter
