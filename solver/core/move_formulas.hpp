// Formulas about one move of a piece, shared by the scenarios of the variants with their own
// protocol: who can move where, when a travelling piece passes a square (Diplomacy's time
// steps), and which squares a side can attack after one move. All read from AttackEncoding.
#pragma once

#include <vector>

#include "solver/core/scenario.hpp"

namespace arbiter::solver {

/// Diplomacy time steps of a move from `from` to `to`: the king distance along a line (or for a
/// step), 1 for a leap off the lines.
int travel_ticks(const Variant& v, Square from, Square to);

/// A piece of colour `c` stands on `from` and has a pseudo-legal move to `to`.
z3::expr moves_to(const ScenarioContext& sc, Color c, Square from, Square to);

/// Per (type, square), type-major: some piece of colour `c` and that type can move to the
/// square. Royal pieces included; `skip_royal` leaves them out (false entries).
std::vector<z3::expr> reach_by_type(const ScenarioContext& sc, Color c, bool skip_royal);

/// Some piece of `c`, after one move (per `reach`, from reach_by_type), would attack `s` on the
/// current board (lines judged before the move: a proposal filter, not exact).
z3::expr attacks_after_move(const ScenarioContext& sc, Color c, const std::vector<z3::expr>& reach,
                            Square s);

/// A piece of `c` moving along a line passes over the empty square `m` at time step `tick`.
z3::expr passes(const ScenarioContext& sc, Color c, Square m, int tick);
/// A piece of `c` arrives on the empty square `m` at time step `tick`.
z3::expr arrives(const ScenarioContext& sc, Color c, Square m, int tick);

/// The same context with the other side as the one to move.
inline ScenarioContext other_side(const ScenarioContext& sc) {
  return ScenarioContext{sc.board, sc.attacks, ~sc.side};
}

}  // namespace arbiter::solver
