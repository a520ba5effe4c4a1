#include "rules/simultaneous/trace_clauses.hpp"

#include "rules/simultaneous/diplomacy/diplomacy_knobs.hpp"
#include "rules/simultaneous/move_neutral/move_neutral_knobs.hpp"

namespace arbiter {

std::string_view clause_name(DiplomacyClause c) {
  using K = DiplomacyKnobs;
  switch (c) {
    case DiplomacyClause::kSameDestination:
      return knob_name<&K::same_destination>();
    case DiplomacyClause::kMeetInTransit:
      return "meet-in-transit";
    case DiplomacyClause::kHeadOn:
      return "head-on";
    case DiplomacyClause::kObstacle:
      return "obstacle";
    case DiplomacyClause::kCapture:
      return "capture";
    case DiplomacyClause::kCaptureOfDeparted:
      return knob_name<&K::capture_of_departed>();
    case DiplomacyClause::kKingSafety:
      return knob_name<&K::king_safety>();
    case DiplomacyClause::kKingCapture:
      return knob_name<&K::king_capture>();
    case DiplomacyClause::kExecuted:
      return "executed";
    case DiplomacyClause::kNotExecuted:
      return "not-executed";
    case DiplomacyClause::kCount:
      break;
  }
  return "?";
}

std::string_view clause_name(MoveNeutralClause c) {
  using K = MoveNeutralKnobs;
  switch (c) {
    case MoveNeutralClause::kExecuted:
      return clause_name(DiplomacyClause::kExecuted);
    case MoveNeutralClause::kCapture:
      return clause_name(DiplomacyClause::kCapture);
    case MoveNeutralClause::kTradePlaces:
      return "trade-places";
    case MoveNeutralClause::kTargetLeft:
      return "target-left";
    case MoveNeutralClause::kSharedSquare:
      return "shared-square";
    case MoveNeutralClause::kEnPassantMovedOn:
      return knob_name<&K::en_passant_moved_on>();
    case MoveNeutralClause::kCastlingPathEntered:
      return knob_name<&K::castling_path_entered>();
    case MoveNeutralClause::kEpLandingEntered:
      return knob_name<&K::ep_landing_entered>();
    case MoveNeutralClause::kCount:
      break;
  }
  return "?";
}

bool is_conflict_clause(std::string_view clause) {
  for (const DiplomacyClause c : {DiplomacyClause::kSameDestination, DiplomacyClause::kHeadOn,
                                  DiplomacyClause::kMeetInTransit, DiplomacyClause::kObstacle})
    if (clause == clause_name(c)) return true;
  return clause == clause_name(MoveNeutralClause::kTradePlaces);
}

}  // namespace arbiter
