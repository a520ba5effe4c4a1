#include "rules/simultaneous/diplomacy/diplomacy_knobs.hpp"

namespace arbiter {

template <>
const std::vector<KnobBinding<DiplomacyKnobs>>& knob_bindings<DiplomacyKnobs>() {
  using K = DiplomacyKnobs;
  static const std::vector<KnobBinding<K>> bindings = {
      bind_knob<&K::king_safety>("king-safety", {"after-resolution", "current-position"},
                                 KingSafety::kAfterResolution),
      bind_knob<&K::knight_timing>("knight-timing", {"one-tick", "two-ticks", "two-step-path"},
                                   KnightTiming::kOneTick),
      bind_knob<&K::head_on_swap>("head-on-swap", {"pass", "conflict"}, HeadOnSwap::kPass),
      bind_knob<&K::pawn_capture_of_departed>("pawn-capture-of-departed", {"fails", "lands"},
                                              PawnCaptureOfDeparted::kFails),
      bind_knob<&K::capture_of_departed>("capture-of-departed", {"moves-in", "fails"},
                                         CaptureOfDeparted::kMovesIn),
      bind_knob<&K::king_capture>("king-capture", {"loss", "illegal"}, KingCapture::kLoss),
      bind_knob<&K::progressive_illegal>("progressive-illegal", {"skipped", "void"},
                                         ProgressiveIllegal::kSkipped),
      bind_knob<&K::vacated_square>("vacated-square", {"passable", "blocked"},
                                    VacatedSquare::kPassable),
      bind_knob<&K::same_destination>("same-destination", {"rank", "arrival"},
                                      SameDestination::kRank),
      bind_knob<&K::king_safety_rejudge>("king-safety-rejudge", {"fixed-point", "all-at-once"},
                                         KingSafetyRejudge::kFixedPoint),
      bind_knob<&K::promotion_rank>("promotion-rank", {"pawn", "new-piece"}, PromotionRank::kPawn),
      bind_knob<&K::castling_transit>("castling-transit", {"after-resolution", "landing-only"},
                                      CastlingTransit::kAfterResolution),
      bind_knob<&K::exposing_move>("exposing-move", {"refused", "allowed", "after-resolution"},
                                   ExposingMove::kRefused),
      bind_knob<&K::game_end_moves>("game-end-moves", {"orthodox", "submissions"},
                                    GameEndMoves::kOrthodox),
      bind_knob<&K::piece_condition_colour>("piece-condition-colour",
                                            {"any-colour", "letter-colour", "own-colour"},
                                            PieceConditionColour::kAnyColour),
      bind_knob<&K::unequal_sets>("unequal-sets", {"shorter-passes", "refused"},
                                  UnequalSets::kShorterPasses),
      bind_knob<&K::ep_over_idle_pair>("ep-over-idle-pair", {"survives", "lapses"},
                                       EpOverIdlePair::kSurvives),
      bind_knob<&K::own_pieces_one_square>("own-pieces-one-square", {"refused", "played"},
                                           OwnPiecesOneSquare::kRefused),
  };
  return bindings;
}

}  // namespace arbiter
