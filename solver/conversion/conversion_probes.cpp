// Conversion Chess's entries in the solver's registry (solver/registry/solver_modules.hpp): the
// coverage probes of its knobs and the conditions under which they are read.
#include "rules/conversion/conversion_knobs.hpp"
#include "solver/analysis/probe_shapes.hpp"
#include "solver/conversion/conversion_threats.hpp"
#include "solver/core/move_formulas.hpp"
#include "solver/core/z3_setup.hpp"
#include "solver/registry/solver_modules.hpp"

namespace arbiter::solver {
namespace {

/// An enemy pawn stands where a double step of ours starts and we can convert it: converted,
/// it is our pawn on our double-step square (knob converted-pawn-double-step).
z3::expr convertible_pawn_on_our_start(const ScenarioContext& sc) {
  const Variant& v = sc.board.variant();
  z3::expr_vector t(sc.board.ctx());
  for (int pt = 0; pt < v.piece_count(); ++pt) {
    if (!v.piece(static_cast<PieceType>(pt)).pawn) continue;
    Bitboard starts = 0;
    for_double_steps(v, sc.side, [&](PieceType, Square o, Square) { starts |= bb(o); });
    for (Bitboard b = starts; b;) {
      const Square o = pop_lsb(b);
      t.push_back(sc.board.is(o, ~sc.side, static_cast<PieceType>(pt)) &&
                  move_conversion_threat(sc.attacks, o, sc.side));
    }
  }
  return any_of(sc.board.ctx(), t);
}

}  // namespace

void conversion_probes(const Variant&, std::vector<CoverageProbe>& out) {
  out.push_back(
      {knob_item<&ConversionKnobs::converted_pawn_double_step>(), convertible_pawn_on_our_start});
  out.push_back({knob_item<&ConversionKnobs::castle_out_of_check_by_conversion>(),
                 [](const ScenarioContext& sc) {
                   return castling_ready(
                       sc, [&](const CastlingMove&) { return sc.attacks.in_check(sc.side); });
                 }});
  out.push_back(
      {knob_item<&ConversionKnobs::castle_through_cleared_square>(), [](const ScenarioContext& sc) {
         return castling_ready(sc, [&](const CastlingMove& cm) {
           z3::expr_vector t(sc.board.ctx());
           for (Bitboard b = cm.king_path; b;)
             t.push_back(sc.attacks.threatened(pop_lsb(b), ~sc.side));
           return !sc.attacks.in_check(sc.side) && any_of(sc.board.ctx(), t);
         });
       }});
}

std::optional<KnobRelevance> conversion_knob_relevance(const Variant& v, const std::string& knob) {
  using K = ConversionKnobs;
  const auto is = [&knob](std::string_view name) { return knob == name; };
  if (is(knob_name<&K::castling_threatens>()) ||
      is(knob_name<&K::castle_through_cleared_square>()) ||
      is(knob_name<&K::castle_out_of_check_by_conversion>()) ||
      is(knob_name<&K::converted_rook_castling>()))
    return castling_right_held();
  if (is(knob_name<&K::converted_pawn_double_step>())) return converted_initial_move(v);
  return std::nullopt;
}

}  // namespace arbiter::solver
