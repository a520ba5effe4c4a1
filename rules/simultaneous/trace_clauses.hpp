// The clause names a simultaneous resolver writes in its trace (TraceEntry::clause), one list
// per resolver. Coverage, the scenarios, the report and the Z3 step name clauses through these
// enums. A clause that a knob governs carries the knob's name (rules/*_knobs.hpp). Each enum
// ends with kCount, which names no clause (kClauseCount); its spelling is clause_name()'s
// switch, which names every clause (-Wswitch) and is checked against kCount by
// tests/rules/simultaneous/trace_clauses_test.cpp.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace arbiter {

enum class DiplomacyClause : std::uint8_t {
  // The clauses that decide a conflict, in the order the Z3 step encodes them.
  kSameDestination,
  kMeetInTransit,
  kHeadOn,
  kObstacle,
  kCapture,
  kCaptureOfDeparted,
  kKingSafety,
  kKingCapture,
  // The fate lines that close a trace.
  kExecuted,
  kNotExecuted,
  kCount,
};

enum class MoveNeutralClause : std::uint8_t {
  kExecuted,
  kCapture,
  kTradePlaces,
  kTargetLeft,
  kSharedSquare,
  kEnPassantMovedOn,
  kCastlingPathEntered,
  kEpLandingEntered,
  kCount,
};

/// The number of clauses of a resolver's clause enum.
template <class Clause>
inline constexpr int kClauseCount = static_cast<int>(Clause::kCount);

std::string_view clause_name(DiplomacyClause c);
std::string_view clause_name(MoveNeutralClause c);

/// Whether a trace clause records two moves in conflict (drawn as such in reports).
bool is_conflict_clause(std::string_view clause);

}  // namespace arbiter
