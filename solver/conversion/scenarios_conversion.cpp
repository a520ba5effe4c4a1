// Conversion Chess scenarios (docs/conversion.md): checks by conversion threats, and moves
// whose co-effect gives check or saves the castling king. Formulas speak of the side to move.
#include <fmt/format.h>

#include "rules/conversion/conversion.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "solver/conversion/conversion_threats.hpp"
#include "solver/core/ply_step.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/z3_setup.hpp"
#include "solver/registry/solver_modules.hpp"

namespace arbiter::solver {

namespace {

std::string squares_text(Bitboard squares) {
  std::string out;
  while (squares) {
    if (!out.empty()) out += ',';
    out += square_name(pop_lsb(squares));
  }
  return out;
}

/// The king is threatened with conversion but attacked by no piece.
z3::expr conversion_only_check(const ScenarioContext& sc) {
  return royal_where(sc, sc.side, [&](Square k) {
    return conversion_threat(sc.attacks, k, ~sc.side) && !sc.attacks.attacked(k, ~sc.side);
  });
}

bool engine_conversion_only_check(const Position& pos) {
  const Square k = pos.king_square(pos.side_to_move());
  return pos.in_check() && !pos.attacked(k, ~pos.side_to_move());
}

EngineVerdict conversion_check_engine(const Position& pos) {
  return static_verdict(pos, engine_conversion_only_check(pos),
                        "check by a conversion threat; no piece attacks the king",
                        "not a check by conversion threat alone");
}

/// Check only because an enemy castling would convert the king.
z3::expr castling_threat_check_formula(const ScenarioContext& sc) {
  const std::size_t n = sc.board.variant().castling(~sc.side).size();
  return royal_where(sc, sc.side, [&](Square k) {
    z3::expr_vector castles(sc.board.ctx());
    for (std::size_t i = 0; i < n; ++i)
      castles.push_back(castling_forms(sc.attacks, static_cast<int>(i), k, ~sc.side));
    return any_of(sc.board.ctx(), castles) && !sc.attacks.attacked(k, ~sc.side) &&
           !move_conversion_threat(sc.attacks, k, ~sc.side);
  });
}

EngineVerdict castling_threat_check_engine(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square k = pos.king_square(us);
  const bool by_moves =
      conversion_threat_after(pos, k, ~us, pos.occupied(), 0, pos.pieces(us), false);
  return static_verdict(pos, engine_conversion_only_check(pos) && !by_moves,
                        "check by the threat of an enemy castling converting the king",
                        "not a check by a castling threat alone");
}

/// Proposal for "a legal move converts an enemy piece that then gives check": an enemy piece
/// the side to move threatens to convert would, as its own piece of the same type, attack the
/// enemy king on the board as it is.
z3::expr conversion_gives_check_formula(const ScenarioContext& sc) {
  const BoardEncoding& b = sc.board;
  const Variant& v = b.variant();
  z3::expr_vector terms(b.ctx());
  for (Square x = 0; x < kSquares; ++x) {
    z3::expr_vector gives(b.ctx());
    for (int t = 0; t < v.piece_count(); ++t) {
      const PieceType pt = static_cast<PieceType>(t);
      if (pt == v.royal()) continue;
      gives.push_back(b.is(x, ~sc.side, pt) && royal_where(sc, ~sc.side, [&](Square k) {
                        return sc.attacks.would_attack(sc.side, pt, x, k);
                      }));
    }
    terms.push_back(z3::mk_or(gives) && conversion_threat(sc.attacks, x, sc.side));
  }
  return !sc.attacks.in_check(sc.side) && z3::mk_or(terms);
}

EngineVerdict conversion_gives_check_engine(const Position& pos) {
  const Color us = pos.side_to_move();
  return first_move_verdict(
      pos,
      [&](Move m, const Position& after, const Undo& undo) -> std::optional<std::string> {
        const Bitboard checkers = after.attackers(after.king_square(~us), us, after.occupied());
        if (!undo.converted || !(checkers & undo.converted)) return std::nullopt;
        return fmt::format("{} converts {}, and the converted piece gives check", to_san(pos, m),
                           squares_text(undo.converted));
      },
      "no legal move converts a piece that then gives check");
}

/// Proposal for "castling onto a square an enemy piece attacks is legal because the castling
/// converts it": an attacker of a castling's landing square that the castling would convert.
z3::expr castle_saved_formula(const ScenarioContext& sc) {
  const Variant& v = sc.board.variant();
  z3::expr_vector terms(sc.board.ctx());
  for (std::size_t i = 0; i < v.castling(sc.side).size(); ++i) {
    const CastlingMove& cm = v.castling(sc.side)[i];
    for (const AttackTerm& t : sc.attacks.attack_terms(cm.king_to, ~sc.side))
      terms.push_back(t.holds && castling_forms(sc.attacks, static_cast<int>(i), t.from, sc.side));
  }
  return !sc.attacks.in_check(sc.side) && any_of(sc.board.ctx(), terms);
}

EngineVerdict castle_saved_engine(const Position& pos) {
  const Color us = pos.side_to_move();
  return first_move_verdict(
      pos,
      [&](Move m, const Position&, const Undo& undo) -> std::optional<std::string> {
        if (m.kind() != MoveKind::kCastling) return std::nullopt;
        const CastlingMove& cm = pos.variant().castling(us)[static_cast<std::size_t>(m.arg())];
        if (!pos.attacked(cm.king_to, ~us)) return std::nullopt;
        return fmt::format("{} lands on {}, attacked before the move; it converts {}",
                           to_san(pos, m), square_name(cm.king_to), squares_text(undo.converted));
      },
      "no legal castling lands on an attacked square");
}

/// Checkmate where no piece attacks the king: only the threat to convert it.
EngineVerdict threat_to_convert_mate_engine(const Position& pos) {
  if (!engine_conversion_only_check(pos))
    return verdict_fails("not a check by conversion threat alone");
  return no_legal_move_verdict(pos, true, "checkmate by the threat to convert the king");
}

/// Mate needs every move illegal. When the royal piece has a legal move in the refuted
/// position, each of its steps from that square is illegal on every board where it stands there:
/// one refutation then settles the square, and each step's threat is read on its landing square
/// alone (PlyStep::legal_if_royal_moves), a far smaller formula than a whole-board check.
/// Otherwise the engine's legal move is illegal on every board (after it and its co-effect the
/// king is attacked or threatened with conversion).
z3::expr refuting_move_illegal(const ScenarioContext& sc, const Position& pos,
                               const EngineVerdict& v) {
  z3::context& ctx = sc.board.ctx();
  const PieceType royal = sc.board.variant().royal();
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    if (m.kind() != MoveKind::kNormal || pos.piece_on(sc.side, m.from()) != royal) continue;
    // Under the lemma's premise the royal piece stands on m.from(): the steps are built on the
    // board with that cell fixed, which is the same board there, and far smaller formulas.
    std::vector<z3::expr> cells = sc.board.cells();
    cells[m.from()] = sc.board.code_val(sc.board.code(sc.side, royal));
    const BoardEncoding placed(sc.board, cells, sc.board.rights(kWhite), sc.board.rights(kBlack));
    const AttackEncoding placed_attacks(placed);
    z3::expr_vector steps(ctx);
    for (Square to = 0; to < kSquares; ++to)
      if (!sc.attacks.reaches(sc.side, royal, m.from(), to).is_false())
        steps.push_back(
            !PlyStep(placed_attacks, sc.side, Move(m.from(), to)).legal_if_royal_moves());
    return z3::implies(sc.board.is(m.from(), sc.side, royal), z3::mk_and(steps));
  }
  if (v.refutation.is_null() || v.refutation.kind() == MoveKind::kEnPassant)
    return ctx.bool_val(true);
  return !PlyStep(sc.attacks, sc.side, v.refutation).legal();
}

/// The twins of the piece that makes `m` whose pairs put a co-square on a piece `m` converts.
Bitboard converting_twins(const Position& pos, Move m, Bitboard converted) {
  const Color us = pos.side_to_move();
  Bitboard out = 0;
  const Bitboard twins = partner_pieces(pos, us, pos.piece_on(us, m.from())) & ~bb(m.from());
  for (Bitboard b = twins; b;) {
    const Square tw = pop_lsb(b);
    if (co_squares(m.to(), tw) & converted) out |= bb(tw);
  }
  return out;
}

/// "Promoted pieces allow multipairing": a piece with two twins (three of a kind, or a queen
/// pairing with the king and a second queen) converts through both pairs in one move.
z3::expr multipairing_formula(const ScenarioContext& sc) {
  const ChosenPly ply(sc.attacks, sc.side, "multipair_");
  z3::expr_vector pairs(sc.board.ctx()), converted(sc.board.ctx());
  for (Square sq = 0; sq < kSquares; ++sq) {
    if (!ply.pair_converts(sq).is_false()) pairs.push_back(ply.pair_converts(sq));
    if (!ply.converts(sq).is_false()) converted.push_back(ply.converts(sq));
  }
  return ply.legal() && z3::atleast(pairs, 2) && z3::atleast(converted, 2);
}

EngineVerdict multipairing_engine(const Position& pos) {
  return first_move_verdict(
      pos,
      [&](Move m, const Position&, const Undo& undo) -> std::optional<std::string> {
        if (m.kind() == MoveKind::kCastling || m.kind() == MoveKind::kPromotion)
          return std::nullopt;
        const Bitboard twins = converting_twins(pos, m, undo.converted);
        if (popcount(twins) < 2 || popcount(undo.converted) < 2) return std::nullopt;
        return fmt::format("{} pairs with the twins on {} and converts {}", to_san(pos, m),
                           squares_text(twins), squares_text(undo.converted));
      },
      "no legal move converts through two pairs at once");
}

}  // namespace

std::vector<ScenarioRow> conversion_scenarios() {
  return {
      exact_row("conversion-check",
                "The side to move is in check only by a threat to convert its king",
                conversion_only_check, conversion_check_engine),
      exact_row("castling-threat-check",
                "The side to move is in check only because an enemy castling would convert its "
                "king",
                castling_threat_check_formula, castling_threat_check_engine),
      filter_row("conversion-gives-check",
                 "A legal move converts an enemy piece that then gives check",
                 conversion_gives_check_formula, conversion_gives_check_engine),
      filter_row("castle-into-check-saved-by-conversion",
                 "Castling onto an attacked square is legal because the castling converts the "
                 "attacker",
                 castle_saved_formula, castle_saved_engine),
      necessary_row("threat-to-convert-mate",
                    "Checkmate by a threat to convert the king, no piece attacking it (CEGIS)",
                    conversion_only_check, threat_to_convert_mate_engine, refuting_move_illegal),
      exact_row("multipairing-after-promotion",
                "A legal move pairs its piece with two twins at once (a promoted piece makes the "
                "third) and converts on two or more co-squares, through both pairs",
                multipairing_formula, multipairing_engine)};
}

}  // namespace arbiter::solver
