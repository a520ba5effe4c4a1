// The FEN a proposed board stands for under a simultaneous protocol (both resolvers' entry in
// the solver's registry, solver/registry/solver_modules.hpp).
#include "rules/simultaneous/simultaneous.hpp"
#include "solver/analysis/probe_shapes.hpp"
#include "solver/registry/solver_modules.hpp"
#include "solver/simultaneous/simultaneous_judge.hpp"

namespace arbiter::solver {

/// Both sides to move; a pawn that may just have double-stepped gets its en-passant right, so
/// that the en-passant clauses can be reached from a proposed board.
std::string sim_probe_fen(const Position& proposal) {
  const Variant& v = proposal.variant();
  SimState s = sim_state_of(proposal);
  for (Color c : {kWhite, kBlack})
    for_double_steps(v, c, [&](PieceType t, Square o, Square p) {
      const Bitboard passed = v.between(o, p);
      if (s.ep_target[c] != kNoSquare || popcount(passed) != 1) return;
      if (s.pos.piece_on(c, p) == t && (s.pos.occupied() & (bb(o) | passed)) == 0)
        s.ep_target[c] = lsb(passed);
    });
  return to_sim_fen(s);
}

}  // namespace arbiter::solver
