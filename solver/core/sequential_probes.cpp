// The sequential protocol's entries in the solver's registry (solver/registry/solver_modules.hpp):
// its coverage probes and the FEN a proposed board stands for.
#include "rules/core/fen.hpp"
#include "solver/analysis/probe_shapes.hpp"
#include "solver/registry/solver_modules.hpp"

namespace arbiter::solver {

void sequential_probes(const Variant&, std::vector<CoverageProbe>& out) {
  out.push_back({"clause stalemate", stalemate_shape});
  out.push_back({"clause en-passant",
                 [](const ScenarioContext& sc) { return en_passant_while_moving_on(sc); }});
}

/// The board with the search's side to move; an enemy pawn that may just have double-stepped
/// gets its en-passant target.
std::string sequential_probe_fen(const Position& proposal) {
  const Variant& v = proposal.variant();
  Position pos = proposal;
  const Color e = ~pos.side_to_move();
  for_double_steps(v, e, [&](PieceType t, Square o, Square p) {
    const Bitboard passed = v.between(o, p);
    if (pos.en_passant() != kNoSquare || popcount(passed) != 1) return;
    if (pos.piece_on(e, p) == t && (pos.occupied() & (bb(o) | passed)) == 0)
      pos.set_en_passant(lsb(passed));
  });
  return to_fen(pos);
}

}  // namespace arbiter::solver
