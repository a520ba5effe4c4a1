// Diplomacy Chess's entries in the solver's registry (solver/registry/solver_modules.hpp): the
// coverage probes of its clauses and knobs and the conditions under which its knobs are read.
#include "rules/simultaneous/diplomacy/diplomacy_knobs.hpp"
#include "rules/simultaneous/trace_clauses.hpp"
#include "solver/analysis/probe_shapes.hpp"
#include "solver/core/move_formulas.hpp"
#include "solver/core/z3_setup.hpp"
#include "solver/registry/solver_modules.hpp"

namespace arbiter::solver {
namespace {

/// Each side's piece can move onto the other's square (a head-on meeting or trade).
z3::expr mutual_reach(const ScenarioContext& sc) {
  z3::expr_vector t(sc.board.ctx());
  for (Square x = 0; x < kSquares; ++x)
    for (Square y = 0; y < kSquares; ++y)
      if (x != y)
        t.push_back(sc.board.occupied_by(x, sc.side) && sc.board.occupied_by(y, ~sc.side) &&
                    moves_to(sc, sc.side, x, y) && moves_to(sc, ~sc.side, y, x));
  return any_of(sc.board.ctx(), t);
}

/// The enemy king can step to a square that one of our pieces can also reach.
z3::expr king_meets_piece(const ScenarioContext& sc) {
  const Variant& v = sc.board.variant();
  z3::expr_vector t(sc.board.ctx());
  for (Square k = 0; k < kSquares; ++k)
    for (Square d = 0; d < kSquares; ++d)
      if (k != d && has(v.piece(v.royal()).moves.at[~sc.side][k].leap_move, d))
        t.push_back(sc.board.is(k, ~sc.side, v.royal()) && moves_to(sc, ~sc.side, k, d) &&
                    reaches_square(sc, sc.side, d));
  return any_of(sc.board.ctx(), t);
}

/// A pawn of ours can move onto a square where it promotes and that an enemy piece other than
/// the king can also reach (a same-destination conflict where a promoting pawn's rank counts).
z3::expr promotion_meets_piece(const ScenarioContext& sc) {
  const Variant& v = sc.board.variant();
  z3::expr_vector t(sc.board.ctx());
  for (int pt = 0; pt < v.piece_count(); ++pt) {
    const PieceInfo& info = v.piece(static_cast<PieceType>(pt));
    if (!info.pawn || info.promotion_choices.empty()) continue;
    for (Bitboard d = info.promotion_squares[sc.side]; d;) {
      const Square to = pop_lsb(d);
      z3::expr_vector pawns(sc.board.ctx()), enemies(sc.board.ctx());
      for (Square s = 0; s < kSquares; ++s) {
        if (s == to) continue;
        pawns.push_back(sc.board.is(s, sc.side, static_cast<PieceType>(pt)) &&
                        moves_to(sc, sc.side, s, to));
        enemies.push_back(!sc.board.is(s, ~sc.side, v.royal()) && moves_to(sc, ~sc.side, s, to));
      }
      t.push_back(any_of(sc.board.ctx(), pawns) && any_of(sc.board.ctx(), enemies));
    }
  }
  return any_of(sc.board.ctx(), t);
}

}  // namespace

void diplomacy_probes(const Variant&, std::vector<CoverageProbe>& out) {
  out.push_back({"clause stalemate", stalemate_shape});
  out.push_back({"clause checkmate", checkmate_shape});
  out.push_back({clause_item(clause_name(DiplomacyClause::kHeadOn)), mutual_reach});
  out.push_back({clause_item(clause_name(DiplomacyClause::kKingCapture)), king_meets_piece});
  out.push_back({knob_item<&DiplomacyKnobs::promotion_rank>(), promotion_meets_piece});
  // A king in check that cannot step safely: mated by the orthodox moves, not always by the
  // submissions (a king step into an attacked square may be submitted).
  out.push_back({knob_item<&DiplomacyKnobs::game_end_moves>(), checkmate_shape});
}

std::optional<KnobRelevance> diplomacy_knob_relevance(const Variant& v, const std::string& knob) {
  using K = DiplomacyKnobs;
  const auto is = [&knob](std::string_view name) { return knob == name; };
  if (is(knob_name<&K::knight_timing>())) return off_line_mover(v);
  if (is(knob_name<&K::pawn_capture_of_departed>()) || is(knob_name<&K::promotion_rank>()))
    return pawn_mover(v);
  // castling-transit: read only for a castling move that executed (king_judged_squares).
  if (is(knob_name<&K::castling_transit>())) return castling_right_held();
  return std::nullopt;
}

}  // namespace arbiter::solver
