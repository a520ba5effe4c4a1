// The query the solver benchmarks time on the 64-cell board: a valid position with exactly
// `pieces` pieces, White in check and Black not (solver_bench.cpp, solver_coords_bench.cpp).
#pragma once

#include "solver/core/attack_encoding.hpp"

namespace arbiter::solver {

inline void add_check_query(z3::solver& s, const BoardEncoding& board,
                            const AttackEncoding& attacks, int pieces) {
  s.add(board.validity(BoardLimits{pieces}));
  z3::expr_vector occupied(board.ctx());
  for (Square sq = 0; sq < kSquares; ++sq) occupied.push_back(!board.empty(sq));
  s.add(z3::atleast(occupied, static_cast<unsigned>(pieces)));
  s.add(attacks.in_check(kWhite) && !attacks.in_check(kBlack));
}

}  // namespace arbiter::solver
