// The engine's side of the simultaneous scenarios (Diplomacy, Move-Neutral): the proposed board
// as a SimState, every pair of submissions resolved by the variant's own resolver, and the
// first pair whose resolution shows the scenario, written up as a witness (simultaneous FEN,
// both moves, the resolver's trace).
#pragma once

#include <functional>
#include <string>

#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "rules/simultaneous/move_neutral/move_neutral.hpp"
#include "solver/core/scenario.hpp"

namespace arbiter::solver {

/// The proposed position read as a simultaneous state (both sides move; no en-passant rights).
SimState sim_state_of(const Position& pos);

/// "clause square@tick: text" per trace entry.
std::vector<std::string> trace_lines(const std::vector<TraceEntry>& trace);

/// A scenario's reading of one resolved pair: the witness's "what" when it shows the scenario.
using DiplomacyWanted = std::function<std::optional<std::string>(
    const SimState&, Move white, Move black, const DiplomacyResolution&)>;
using MoveNeutralWanted =
    std::function<std::optional<std::string>(const SimState&, const MoveNeutralResolution&)>;
/// Cheap pre-test of a pair before resolving it (null: every pair).
using PairFilter = std::function<bool(const SimState&, Move white, Move black)>;

/// Whether `trace` has an entry of `clause` (a DiplomacyClause or a MoveNeutralClause).
template <typename Clause>
bool has_clause(const std::vector<TraceEntry>& trace, Clause clause) {
  for (const TraceEntry& e : trace)
    if (e.clause == clause_name(clause)) return true;
  return false;
}

/// The reading "the resolution's trace shows `clause`", written up as `account`.
MoveNeutralWanted clause_shown(MoveNeutralClause clause, std::string account);

/// Tries every pair of Diplomacy submissions (White's x Black's) in generation order.
EngineVerdict judge_diplomacy(const Position& pos, const PairFilter& filter,
                              const DiplomacyWanted& wanted, const std::string& why_not);
/// Tries every pair of Move-Neutral submissions in generation order.
EngineVerdict judge_move_neutral(const Position& pos, const PairFilter& filter,
                                 const MoveNeutralWanted& wanted, const std::string& why_not);

}  // namespace arbiter::solver
