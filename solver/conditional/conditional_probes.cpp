// Conditional Chess's entries in the solver's registry (solver/registry/solver_modules.hpp):
// the coverage probes of its knobs, the conditions under which they are read, and the FEN a
// proposed board stands for.
#include "rules/conditional/conditional_game.hpp"
#include "rules/conditional/conditional_knobs.hpp"
#include "solver/analysis/probe_shapes.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/z3_setup.hpp"
#include "solver/registry/solver_modules.hpp"

namespace arbiter::solver {

void conditional_probes(const Variant&, std::vector<CoverageProbe>& out) {
  out.push_back({"clause stalemate", stalemate_shape});
  // The catalog's forced-check shape, stepped from phase A: there the knob decides.
  if (const Scenario* forced = find_scenario("conditional", "forced-non-mating-check"))
    out.push_back({knob_item<&ConditionalKnobs::forced_a_move_check>(), forced->formula, 0, 0,
                   [](const Position& pos) {
                     return to_conditional_fen(
                         ConditionalState{pos, Phase::kA, std::nullopt, false, std::nullopt});
                   }});
  out.push_back({knob_item<&ConditionalKnobs::no_legal_c_move>(), [](const ScenarioContext& sc) {
                   // The stater (the side not to move in phase B) has its king alone: a B-move
                   // that takes its last flight leaves it without a legal move.
                   const PieceType royal = sc.board.variant().royal();
                   z3::expr_vector others(sc.board.ctx());
                   for (Square s = 0; s < kSquares; ++s)
                     others.push_back(!sc.board.occupied_by(s, ~sc.side) ||
                                      sc.board.is(s, ~sc.side, royal));
                   return z3::mk_and(others) && !sc.attacks.in_check(~sc.side);
                 }});
}

std::optional<KnobRelevance> conditional_knob_relevance(const Variant&, const std::string& knob) {
  if (knob == knob_name<&ConditionalKnobs::ep_after_skipped_c_move>())
    return en_passant_capture_possible();
  return std::nullopt;
}

/// The B-mover to move in phase B with nothing stated yet.
std::string conditional_probe_fen(const Position& proposal) {
  return to_conditional_fen(
      ConditionalState{proposal, Phase::kB, std::nullopt, false, std::nullopt});
}

}  // namespace arbiter::solver
