// The knobs the Diplomacy resolver reads (rules/tables/diplomacy.toml cites their clauses;
// docs/diplomacy.md explains them). Each member is named after its knob, each enumerator after
// an alternative; knob_bindings<DiplomacyKnobs>() spells them once.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/core/knob_spec.hpp"

namespace arbiter {

enum class KingSafety : std::uint8_t { kAfterResolution, kCurrentPosition, kCount };
enum class KnightTiming : std::uint8_t { kOneTick, kTwoTicks, kTwoStepPath, kCount };
enum class HeadOnSwap : std::uint8_t { kPass, kConflict, kCount };
enum class PawnCaptureOfDeparted : std::uint8_t { kFails, kLands, kCount };
enum class CaptureOfDeparted : std::uint8_t { kMovesIn, kFails, kCount };
enum class KingCapture : std::uint8_t { kLoss, kIllegal, kCount };
enum class ProgressiveIllegal : std::uint8_t { kSkipped, kVoid, kCount };
enum class VacatedSquare : std::uint8_t { kPassable, kBlocked, kCount };
enum class SameDestination : std::uint8_t { kRank, kArrival, kCount };
enum class KingSafetyRejudge : std::uint8_t { kFixedPoint, kAllAtOnce, kCount };
enum class PromotionRank : std::uint8_t { kPawn, kNewPiece, kCount };
enum class CastlingTransit : std::uint8_t { kAfterResolution, kLandingOnly, kCount };
enum class ExposingMove : std::uint8_t { kRefused, kAllowed, kAfterResolution, kCount };
enum class GameEndMoves : std::uint8_t { kOrthodox, kSubmissions, kCount };
enum class PieceConditionColour : std::uint8_t { kAnyColour, kLetterColour, kOwnColour, kCount };
enum class UnequalSets : std::uint8_t { kShorterPasses, kRefused, kCount };
enum class EpOverIdlePair : std::uint8_t { kSurvives, kLapses, kCount };
enum class OwnPiecesOneSquare : std::uint8_t { kRefused, kPlayed, kCount };

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
  PieceConditionColour piece_condition_colour{};
  UnequalSets unequal_sets{};
  EpOverIdlePair ep_over_idle_pair{};
  OwnPiecesOneSquare own_pieces_one_square{};
};

template <>
const std::vector<KnobBinding<DiplomacyKnobs>>& knob_bindings<DiplomacyKnobs>();

}  // namespace arbiter
