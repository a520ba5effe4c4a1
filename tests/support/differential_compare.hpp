// The engine against the solver's encoding on one concrete position, without a solver call:
// the position is plugged into the symbolic terms (BoardEncoding::of_position) and each term
// simplifies to a constant compared with the engine's answer. Shared by the differential
// properties (tests/solver/core/differential_property_test.cpp) and the fuzz target
// fuzz_differential, so it uses neither gtest nor RapidCheck.
#pragma once

#include <string>

#include "rules/core/position.hpp"
#include "solver/core/board_encoding.hpp"

namespace arbiter::test {

/// What was compared, summed over calls.
struct DiffTally {
  long positions = 0;
  long squares = 0;  ///< (square, colour) attack and threat verdicts
  long moves = 0;    ///< (from, to) pseudo-legal move verdicts
  long steps = 0;    ///< engine moves whose PlyStep (legality, board after) was compared
};

/// The first disagreement between the engine and the encoding on `pos` (a position of
/// `symbolic`'s table), or "" when there is none:
///  - Position::attacked (and threatened, with conversion) for every square and colour,
///    king_in_check per colour;
///  - AttackEncoding::move_exists for every (from, to) of the side to move's unconverted
///    pieces against generate_pseudo_legal (castling aside);
///  - with `steps`, every pseudo-legal move but en passant as a PlyStep: pseudo-legal, legal
///    exactly when generate_legal has it, and the cells and castling rights after it equal
///    Position::make's (sequential and conditional tables only).
std::string first_difference(const solver::BoardEncoding& symbolic, const Position& pos, bool steps,
                             DiffTally& tally);

}  // namespace arbiter::test
