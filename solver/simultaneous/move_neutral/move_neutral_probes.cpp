// Move-Neutral Chess's entries in the solver's registry (solver/registry/solver_modules.hpp):
// the coverage probes of its knobs and the conditions under which they are read.
#include "rules/simultaneous/move_neutral/move_neutral_knobs.hpp"
#include "solver/analysis/probe_shapes.hpp"
#include "solver/core/move_formulas.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/z3_setup.hpp"
#include "solver/registry/solver_modules.hpp"

namespace arbiter::solver {

void move_neutral_probes(const Variant&, std::vector<CoverageProbe>& out) {
  out.push_back({"clause stalemate", stalemate_shape});
  out.push_back({"clause checkmate", checkmate_shape});
  out.push_back({knob_item<&MoveNeutralKnobs::en_passant_moved_on>(), en_passant_while_moving_on});
  out.push_back(
      {knob_item<&MoveNeutralKnobs::castling_path_entered>(), [](const ScenarioContext& sc) {
         // An enemy piece can enter a square the castling needs empty but the king does not
         // cross (entering a king square would attack it, and castling would not be a
         // submission), while castling is legal now.
         return castling_ready(sc, [&](const CastlingMove& cm) {
           z3::expr_vector t(sc.board.ctx()), safe(sc.board.ctx());
           for (Bitboard b = cm.must_be_empty & ~cm.king_path; b;)
             t.push_back(reaches_square(sc, ~sc.side, pop_lsb(b)));
           for (Bitboard b = cm.king_path | bb(cm.king_to); b;)
             safe.push_back(!sc.attacks.attacked(pop_lsb(b), ~sc.side));
           return any_of(sc.board.ctx(), t) && z3::mk_and(safe);
         });
       }});
  out.push_back({knob_item<&MoveNeutralKnobs::mated_and_stalemated>(),
                 [](const ScenarioContext& sc) {
                   // The side to move in check with a king that cannot step; the other side
                   // not in check, its king unable to step and no other piece with a
                   // pseudo-legal move (a king is never taken): mate and stalemate at once.
                   return sc.attacks.in_check(sc.side) && royal_cannot_step(sc) &&
                          !sc.attacks.in_check(~sc.side) && royal_cannot_step(other_side(sc)) &&
                          immobile(sc, ~sc.side);
                 },
                 200, 8});
}

std::optional<KnobRelevance> move_neutral_knob_relevance(const Variant&, const std::string& knob) {
  using K = MoveNeutralKnobs;
  const auto is = [&knob](std::string_view name) { return knob == name; };
  if (is(knob_name<&K::castling_path_entered>())) return castling_right_held();
  if (is(knob_name<&K::en_passant_moved_on>()) || is(knob_name<&K::ep_landing_entered>()))
    return en_passant_capture_possible();
  return std::nullopt;
}

}  // namespace arbiter::solver
