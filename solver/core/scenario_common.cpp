// Shared pieces of the scenario formulas and engine judges (declared in scenarios.hpp).
#include <fmt/format.h>

#include "rules/core/movegen.hpp"
#include "solver/core/scenarios.hpp"

namespace arbiter::solver {

z3::expr royal_where(const ScenarioContext& sc, Color c, const std::function<z3::expr(Square)>& f) {
  const PieceType royal = sc.board.variant().royal();
  z3::expr_vector terms(sc.board.ctx());
  for (Square k = 0; k < kSquares; ++k) terms.push_back(sc.board.is(k, c, royal) && f(k));
  return z3::mk_or(terms);
}

z3::expr royal_cannot_step(const ScenarioContext& sc) {
  const BoardEncoding& b = sc.board;
  const PieceType royal = b.variant().royal();
  z3::expr_vector all(b.ctx());
  for (Square k = 0; k < kSquares; ++k) {
    z3::expr_vector blocked(b.ctx());
    for (Square to = 0; to < kSquares; ++to) {
      const z3::expr step = sc.attacks.reaches(sc.side, royal, k, to);
      if (step.is_false()) continue;
      blocked.push_back(z3::implies(step, sc.attacks.attacked(to, ~sc.side, BoardChange{k})));
    }
    if (!blocked.empty()) all.push_back(z3::implies(b.is(k, sc.side, royal), z3::mk_and(blocked)));
  }
  return z3::mk_and(all);
}

z3::expr block_ordinary_move(const ScenarioContext& sc, const Position& pos, Move m) {
  const BoardEncoding& b = sc.board;
  const Square from = m.from(), to = m.to();
  const PieceType t = pos.piece_on(sc.side, from);
  const PieceType royal = b.variant().royal();
  const Square king = t == royal ? to : pos.king_square(sc.side);
  const BoardChange change{from, to};
  // For every square the royal piece could stand on (it moves with itself).
  z3::expr_vector all(b.ctx());
  for (Square k = 0; k < kSquares; ++k) {
    if (t == royal && k != from) continue;
    const Square target = t == royal ? king : k;
    const z3::expr possible = b.is(from, sc.side, t) && sc.attacks.reaches(sc.side, t, from, to);
    all.push_back(z3::implies(b.is(k, sc.side, royal) && possible,
                              sc.attacks.attacked(target, ~sc.side, change)));
  }
  return z3::mk_and(all);
}

EngineVerdict no_legal_move_verdict(const Position& pos, bool check, const std::string& what) {
  EngineVerdict v;
  MoveList moves;
  generate_legal(pos, moves);
  if (pos.in_check() != check) {
    v.why_not = check ? "the side to move is not in check" : "the side to move is in check";
    return v;
  }
  if (!moves.empty()) {
    v.why_not = fmt::format("the side to move has {} legal moves", moves.size());
    v.refutation = moves[0];
    return v;
  }
  v.holds = true;
  v.witness = Witness{pos, {}, what};
  return v;
}

EngineVerdict verdict_holds(Witness witness) {
  EngineVerdict v;
  v.holds = true;
  v.witness = std::move(witness);
  return v;
}

EngineVerdict verdict_fails(std::string why_not) {
  EngineVerdict v;
  v.why_not = std::move(why_not);
  return v;
}

EngineVerdict static_verdict(const Position& pos, bool holds, std::string account,
                             std::string why_not) {
  return holds ? verdict_holds(Witness{pos, {}, std::move(account)})
               : verdict_fails(std::move(why_not));
}

EngineVerdict first_move_verdict(const Position& pos, const MoveAccount& account,
                                 std::string why_not) {
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    Position after = pos;
    Undo undo;
    after.make(m, undo);
    if (std::optional<std::string> words = account(m, after, undo))
      return verdict_holds(Witness{pos, {m}, std::move(*words)});
  }
  return verdict_fails(std::move(why_not));
}

}  // namespace arbiter::solver
