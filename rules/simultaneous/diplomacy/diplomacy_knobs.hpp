// The knobs the Diplomacy resolver reads (rules/tables/diplomacy.toml cites their clauses;
// docs/diplomacy.md explains them). Each member is named after its knob, each enumerator after
// an alternative; knob_bindings<DiplomacyKnobs>() spells them once.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/core/knob_spec.hpp"

namespace arbiter {

enum class KingSafety : std::uint8_t { kAfterResolution, kCurrentPosition };
enum class KnightTiming : std::uint8_t { kOneTick, kTwoTicks, kTwoStepPath };
enum class HeadOnSwap : std::uint8_t { kPass, kConflict };
enum class PawnCaptureOfDeparted : std::uint8_t { kFails, kLands };
enum class CaptureOfDeparted : std::uint8_t { kMovesIn, kFails };
enum class KingCapture : std::uint8_t { kLoss, kIllegal };
enum class ProgressiveIllegal : std::uint8_t { kSkipped, kVoid };
enum class VacatedSquare : std::uint8_t { kPassable, kBlocked };
enum class SameDestination : std::uint8_t { kRank, kArrival };
enum class KingSafetyRejudge : std::uint8_t { kFixedPoint, kAllAtOnce };
enum class PromotionRank : std::uint8_t { kPawn, kNewPiece };
enum class CastlingTransit : std::uint8_t { kAfterResolution, kLandingOnly };
enum class ExposingMove : std::uint8_t { kRefused, kAllowed, kAfterResolution };
enum class GameEndMoves : std::uint8_t { kOrthodox, kSubmissions };
enum class ConditionCount : std::uint8_t { kLetterColour, kBothColours };
enum class UnequalSets : std::uint8_t { kShorterPasses, kRefused };
enum class EpOverIdlePair : std::uint8_t { kSurvives, kLapses };
enum class OwnPiecesOneSquare : std::uint8_t { kRefused, kPlayed };

struct DiplomacyKnobs {
  KingSafety king_safety{};
  KnightTiming knight_timing{};
  HeadOnSwap head_on_swap{};
  PawnCaptureOfDeparted pawn_capture_of_departed{};
  CaptureOfDeparted capture_of_departed{};
  KingCapture king_capture{};
  ProgressiveIllegal progressive_illegal{};
  VacatedSquare vacated_square{};
  SameDestination same_destination{};
  KingSafetyRejudge king_safety_rejudge{};
  PromotionRank promotion_rank{};
  CastlingTransit castling_transit{};
  ExposingMove exposing_move{};
  GameEndMoves game_end_moves{};
  ConditionCount condition_count{};
  UnequalSets unequal_sets{};
  EpOverIdlePair ep_over_idle_pair{};
  OwnPiecesOneSquare own_pieces_one_square{};
};

template <>
const std::vector<KnobBinding<DiplomacyKnobs>>& knob_bindings<DiplomacyKnobs>();

}  // namespace arbiter
