// Differential checks of the symbolic ply (solver/core/ply_step.hpp) against the engine, shared by
// tests/solver/core/solver_ply_step_test.cpp (small samples) and
// tests/solver/core/solver_ply_step_slow_test.cpp (large): each step is built over
// BoardEncoding::of_position and its formulas simplify to constants, compared with Position::make,
// generate_pseudo_legal and generate_legal (gtest expectations).
#pragma once

#include <string>
#include <vector>

#include "rules/core/position.hpp"

namespace arbiter::test {

/// Positions from each start FEN after 0..max_plies random legal plies (fixed seed).
std::vector<Position> sample_positions(const VariantPtr& v, const std::vector<std::string>& fens,
                                       int per_fen, int max_plies, unsigned seed);
/// The FENs of tests/data/conversion/positions.txt.
std::vector<std::string> conversion_fens();

struct PlyCounts {
  int positions = 0, moves = 0, legal = 0, converting = 0, castling = 0, promotions = 0,
      rejected = 0;
  int royal = 0;  ///< moves of the royal piece, also checked by PlyStep::legal_if_royal_moves
};

/// PlyStep: every pseudo-legal move (en passant aside) of each position, plus moves the engine
/// does not generate (random, `seed`), which must not be pseudo-legal.
PlyCounts compare_steps(const VariantPtr& v, const std::vector<Position>& positions, unsigned seed);
/// ChosenPly: every ordinary pseudo-legal move substituted for the choice.
PlyCounts compare_chosen(const VariantPtr& v, const std::vector<Position>& positions);
/// Z3 enumerates the legal ordinary moves of ChosenPly: exactly the engine's (positions
/// without conversion flags). Counts the positions enumerated (`positions`) and the moves Z3
/// found in them (`legal`).
PlyCounts enumerate_chosen(const VariantPtr& v, const std::vector<Position>& positions);
/// Prints the counts on one line.
void report(const char* what, const PlyCounts& n);

}  // namespace arbiter::test
