// Orthodox scenarios. Formulas speak of the side to move (sc.side); the engine judges the
// position read back from its FEN.
#include <fmt/format.h>

#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/z3_setup.hpp"
#include "solver/registry/solver_modules.hpp"

namespace arbiter::solver {

namespace {

z3::expr check_formula(const ScenarioContext& sc) {
  return sc.attacks.in_check(sc.side);
}

EngineVerdict check_engine(const Position& pos) {
  return static_verdict(pos, pos.in_check(), "the side to move is in check",
                        "the side to move is not in check");
}

z3::expr double_check_formula(const ScenarioContext& sc) {
  return royal_where(sc, sc.side, [&](Square k) {
    z3::expr_vector terms(sc.board.ctx());
    for (const AttackTerm& t : sc.attacks.attack_terms(k, ~sc.side)) terms.push_back(t.holds);
    return z3::atleast(terms, 2);
  });
}

EngineVerdict double_check_engine(const Position& pos) {
  const Square k = pos.king_square(pos.side_to_move());
  const int n = popcount(pos.attackers(k, ~pos.side_to_move(), pos.occupied()));
  return static_verdict(
      pos, n >= 2, fmt::format("the king on {} is attacked by {} pieces", square_name(k), n),
      fmt::format("the king on {} is attacked by {} piece(s)", square_name(k), n));
}

/// Mate or stalemate: a necessary condition (the royal piece cannot step anywhere) refined by
/// the engine's legal moves, each turned into a lemma about every board where it is possible.
ScenarioFormula cannot_move_formula(bool mate) {
  return [mate](const ScenarioContext& sc) {
    const z3::expr check = sc.attacks.in_check(sc.side);
    return (mate ? check : !check) && royal_cannot_step(sc);
  };
}

EngineJudge cannot_move_engine(bool mate) {
  return [mate](const Position& pos) {
    return no_legal_move_verdict(pos, mate, mate ? "checkmate" : "stalemate");
  };
}

z3::expr block_refuting_move(const ScenarioContext& sc, const Position& pos,
                             const EngineVerdict& v) {
  if (v.refutation.is_null()) return sc.board.ctx().bool_val(true);
  return block_ordinary_move(sc, pos, v.refutation);
}

/// A castling right, empty squares and no check, but a square the king crosses is attacked.
z3::expr castling_through_attack_formula(const ScenarioContext& sc) {
  const Variant& v = sc.board.variant();
  z3::expr_vector terms(sc.board.ctx());
  const std::vector<CastlingMove>& moves = v.castling(sc.side);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const CastlingMove& cm = moves[i];
    z3::expr_vector crossed(sc.board.ctx());
    for (Bitboard p = cm.king_path & ~bb(cm.king_from) & ~bb(cm.king_to); p;)
      crossed.push_back(sc.attacks.attacked(pop_lsb(p), ~sc.side));
    if (crossed.empty()) continue;
    terms.push_back(sc.board.castling_right(sc.side, static_cast<int>(i)) &&
                    sc.board.all_empty(cm.must_be_empty) && z3::mk_or(crossed));
  }
  return !sc.attacks.in_check(sc.side) && any_of(sc.board.ctx(), terms);
}

EngineVerdict castling_through_attack_engine(const Position& pos) {
  const Variant& var = pos.variant();
  const Color us = pos.side_to_move();
  MoveList moves;
  generate_legal(pos, moves);
  if (pos.in_check()) return verdict_fails("the side to move is in check");
  for (std::size_t i = 0; i < var.castling(us).size(); ++i) {
    const CastlingMove& cm = var.castling(us)[i];
    if (!(pos.castling_rights() & cm.right) || (pos.occupied() & cm.must_be_empty)) continue;
    bool legal = false;
    for (Move m : moves)
      if (m.kind() == MoveKind::kCastling && m.arg() == static_cast<int>(i)) legal = true;
    if (legal) continue;
    return verdict_holds(
        Witness{pos,
                {},
                fmt::format("castling {} has its right and empty squares but is illegal", cm.fen)});
  }
  return verdict_fails("every castling with its right and empty squares is legal");
}

}  // namespace

std::vector<ScenarioRow> orthodox_scenarios() {
  return {exact_row("check", "The side to move is in check", check_formula, check_engine),
          exact_row("double-check", "The side to move's king is attacked by two pieces at once",
                    double_check_formula, double_check_engine),
          necessary_row("checkmate",
                        "The side to move is checkmated (CEGIS: Z3 proposes, the engine refutes)",
                        cannot_move_formula(true), cannot_move_engine(true), block_refuting_move),
          necessary_row("stalemate",
                        "The side to move is stalemated (CEGIS: Z3 proposes, the engine refutes)",
                        cannot_move_formula(false), cannot_move_engine(false), block_refuting_move),
          exact_row("castling-through-attack",
                    "Castling is forbidden only because the king would cross an attacked square",
                    castling_through_attack_formula, castling_through_attack_engine)};
}

}  // namespace arbiter::solver
