// Helpers shared by the tests that compare ConditionalStep
// (solver/conditional/conditional_step.hpp) with the turn machine: sample positions, the moves a
// ChosenPly can choose, and the substitution of a concrete move for a ply's choice variables;
// the simplification of many terms of one step in one call (which the other steps' tests use too).
#pragma once

#include <z3++.h>

#include <vector>

#include "rules/core/position.hpp"
#include "solver/core/ply_step.hpp"

namespace arbiter::test {

/// Positions after 1..50 seeded random plies from the orthodox start FENs, `count` in all.
std::vector<Position> phase_b_positions(const VariantPtr& v, int count, unsigned seed);

/// The ordinary legal moves of `c` on `pos` as if it were c's turn (castling and en passant
/// are not choices of a ChosenPly).
std::vector<Move> ordinary_moves(const Position& pos, Color c);

/// Appends the substitution of `m` for the choice variables of `ply` (from, to, promotion).
void bind_ply(const solver::ChosenPly& ply, Move m, z3::expr_vector& src, z3::expr_vector& dst);

/// `terms` with `src` replaced by `dst`, simplified, in one call: they become the arguments of
/// one application, so the structure they share (the step's terms share most of theirs) is
/// rewritten once, where one call per term (per board cell) rewrote it again each time.
z3::expr_vector substituted(const z3::expr_vector& terms, const z3::expr_vector& src,
                            const z3::expr_vector& dst);

/// `terms` simplified in one call, as `substituted` does with nothing to replace: for the
/// comparisons that read every cell, fate and clause of one step on a concrete board.
z3::expr_vector simplified(const z3::expr_vector& terms);

}  // namespace arbiter::test
