// The shapes the coverage probes share (a Z3 filter over the symbolic board each, see
// coverage_probes.hpp), and the spelling of the items they serve. Each module's probes are in
// its folder (solver/registry/solver_modules.hpp lists them).
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "rules/core/knob_spec.hpp"
#include "solver/core/scenario.hpp"

namespace arbiter::solver {

/// Some piece of colour `c` can move to `to`.
z3::expr reaches_square(const ScenarioContext& sc, Color c, Square to);

/// A castling move of the side to move has its right and its squares empty, and `extra`.
z3::expr castling_ready(const ScenarioContext& sc,
                        const std::function<z3::expr(const CastlingMove&)>& extra);

/// A pawn of colour `c` (type `t`) on its double-step origin `o` would land on `p`.
template <typename F>
void for_double_steps(const Variant& v, Color c, F f) {
  for (int t = 0; t < v.piece_count(); ++t) {
    const PieceInfo& info = v.piece(static_cast<PieceType>(t));
    if (!info.pawn) continue;
    for (Square o = 0; o < kSquares; ++o)
      for (Bitboard to = info.moves.at[c][o].initial_only; to;)
        f(static_cast<PieceType>(t), o, pop_lsb(to));
  }
}

/// An enemy pawn that may just have made its double step (origin and passed squares empty),
/// which can move on, next to one of our pawns that could take it en passant.
z3::expr en_passant_while_moving_on(const ScenarioContext& sc);

/// No piece of colour `c` but its king has a pseudo-legal move that takes no king.
z3::expr immobile(const ScenarioContext& sc, Color c);

/// The side to move is not in check and its royal piece cannot step.
z3::expr stalemate_shape(const ScenarioContext& sc);

/// The side to move is in check and its royal piece cannot step.
z3::expr checkmate_shape(const ScenarioContext& sc);

/// The item a probe serves: "knob <name>" (every alternative of the knob), "clause <name>".
template <auto Member>
std::string knob_item() {
  return "knob " + std::string(knob_name<Member>());
}
std::string clause_item(std::string_view name);

}  // namespace arbiter::solver
