#include "rules/conditional/conditional_knobs.hpp"

namespace arbiter {

template <>
const std::vector<KnobBinding<ConditionalKnobs>>& knob_bindings<ConditionalKnobs>() {
  using K = ConditionalKnobs;
  static const std::vector<KnobBinding<K>> bindings = {
      bind_knob<&K::forced_a_move_check>("forced-a-move-check", {"draw", "loss"},
                                         ForcedAMoveCheck::kDraw),
      bind_knob<&K::illegal_c_move>("illegal-c-move", {"skip", "opponent-moves"},
                                    IllegalCMove::kSkip),
      bind_knob<&K::c_move_resolution>("c-move-resolution", {"execution", "statement"},
                                       CMoveResolution::kExecution),
      bind_knob<&K::b_move_check>("b-move-check", {"restart-turn", "replace-c-move"},
                                  BMoveCheck::kRestartTurn),
      bind_knob<&K::a_move_mate>("a-move-mate", {"immediate", "end-of-turn"},
                                 AMoveMate::kImmediate),
      bind_knob<&K::no_legal_c_move>("no-legal-c-move", {"skip", "stalemate"}, NoLegalCMove::kSkip),
      bind_knob<&K::ep_after_skipped_c_move>("ep-after-skipped-c-move", {"survives", "lapses"},
                                             EpAfterSkippedCMove::kSurvives),
  };
  return bindings;
}

}  // namespace arbiter
