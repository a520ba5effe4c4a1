#include "solver/analysis/probe_shapes.hpp"

#include "solver/core/move_formulas.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {

/// Some piece of colour `c` can move to `to`.
z3::expr reaches_square(const ScenarioContext& sc, Color c, Square to) {
  z3::expr_vector t(sc.board.ctx());
  for (Square x = 0; x < kSquares; ++x)
    if (x != to) t.push_back(moves_to(sc, c, x, to));
  return any_of(sc.board.ctx(), t);
}

/// A castling move of the side to move has its right and its squares empty, and `extra`.
z3::expr castling_ready(const ScenarioContext& sc,
                        const std::function<z3::expr(const CastlingMove&)>& extra) {
  const std::vector<CastlingMove>& moves = sc.board.variant().castling(sc.side);
  z3::expr_vector t(sc.board.ctx());
  for (std::size_t i = 0; i < moves.size(); ++i)
    t.push_back(sc.board.castling_right(sc.side, static_cast<int>(i)) &&
                sc.board.all_empty(moves[i].must_be_empty) && extra(moves[i]));
  return any_of(sc.board.ctx(), t);
}

/// An enemy pawn that may just have made its double step (origin and passed squares empty),
/// which can move on, next to one of our pawns that could take it en passant.
z3::expr en_passant_while_moving_on(const ScenarioContext& sc) {
  const Variant& v = sc.board.variant();
  const Color e = ~sc.side;
  z3::expr_vector t(sc.board.ctx());
  for_double_steps(v, e, [&](PieceType pt, Square o, Square p) {
    const Bitboard passed = v.between(o, p);
    z3::expr_vector takers(sc.board.ctx());
    for (int ot = 0; ot < v.piece_count(); ++ot) {
      const PieceInfo& info = v.piece(static_cast<PieceType>(ot));
      if (!info.pawn) continue;
      for (Square s = 0; s < kSquares; ++s)
        if (info.moves.at[sc.side][s].en_passant & passed)
          takers.push_back(sc.board.is(s, sc.side, static_cast<PieceType>(ot)));
    }
    z3::expr_vector on(sc.board.ctx());
    for (Square q = 0; q < kSquares; ++q)
      if (q != p) on.push_back(moves_to(sc, e, p, q));
    t.push_back(sc.board.is(p, e, pt) && sc.board.empty(o) && sc.board.all_empty(passed) &&
                any_of(sc.board.ctx(), takers) && any_of(sc.board.ctx(), on));
  });
  return any_of(sc.board.ctx(), t);
}

/// No piece of colour `c` but its king has a pseudo-legal move that takes no king.
z3::expr immobile(const ScenarioContext& sc, Color c) {
  const Variant& v = sc.board.variant();
  z3::expr_vector none(sc.board.ctx());
  for (Square s = 0; s < kSquares; ++s)
    for (Square t = 0; t < kSquares; ++t)
      if (s != t)
        none.push_back(!(sc.board.occupied_by(s, c) && !sc.board.is(s, c, v.royal()) &&
                         sc.attacks.move_exists(s, t) && !sc.board.is(t, ~c, v.royal())));
  return z3::mk_and(none);
}

z3::expr stalemate_shape(const ScenarioContext& sc) {
  return !sc.attacks.in_check(sc.side) && royal_cannot_step(sc);
}

z3::expr checkmate_shape(const ScenarioContext& sc) {
  return sc.attacks.in_check(sc.side) && royal_cannot_step(sc);
}

std::string clause_item(std::string_view name) {
  return "clause " + std::string(name);
}

}  // namespace arbiter::solver
