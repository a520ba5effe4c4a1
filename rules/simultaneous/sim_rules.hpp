// The rules of a simultaneous table as the generic tools see them (perft over submitted pairs,
// the record reader, the CLI): what each side may submit, how a pair resolves and when the game
// is over. One implementation per resolver: Diplomacy Chess
// (rules/simultaneous/diplomacy/diplomacy.hpp) and Move-Neutral Chess
// (rules/simultaneous/move_neutral/move_neutral.hpp).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rules/core/move.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_knobs.hpp"
#include "rules/simultaneous/sim_trace.hpp"
#include "rules/simultaneous/simultaneous.hpp"

namespace arbiter {

struct DiplomacyKnobs;  // rules/simultaneous/diplomacy/diplomacy_knobs.hpp

/// One resolved turn with its explanation; fates[c] is the resolver's word for what became of
/// c's move ("executed", "not executed", "captured", or "stood", "void").
struct SimTurnOutcome {
  SimState after;
  std::string fates[2];
  std::vector<TraceEntry> trace;
};

class SimRules {
 public:
  virtual ~SimRules() = default;
  /// The moves colour `c` may submit on `s`.
  virtual void submissions(const SimState& s, Color c, MoveList& out) const = 0;
  /// The position after a pair of submissions, resolved without trace or validation.
  virtual SimState resolve_fast(const SimState& s, Move white, Move black) const = 0;
  /// The same pair resolved with its trace and fates (moves validated).
  virtual SimTurnOutcome resolve_traced(const SimState& s, Move white, Move black) const = 0;
  /// resolve_traced for a pair taken from submissions() on `s`, for the step-case sweeps: not
  /// validated again (checking a move generates its side's submissions, twice a pair: most of a
  /// sweep's work), and its trace entries name their clauses and squares without their texts.
  virtual SimTurnOutcome resolve_submitted_clauses(const SimState& s, Move white,
                                                   Move black) const = 0;
  virtual SimStatus status(const SimState& s) const = 0;
  /// Why colour `c` may not castle on that side (O-O when `king_side`), when the resolver
  /// knows a reason of its own (a shared square on the way); "" when it does not.
  virtual std::string why_no_castling(const SimState& /*s*/, Color /*c*/,
                                      bool /*king_side*/) const {
    return "";
  }
};

/// The rules of a table with the simultaneous protocol, with its knobs read once. Throws
/// std::invalid_argument for a table without a built resolver.
std::unique_ptr<SimRules> sim_rules_for(const VariantPtr& v);

/// Diplomacy Chess under the given knobs (which may differ from the position's table).
std::unique_ptr<SimRules> diplomacy_rules(const DiplomacyKnobs& knobs);

/// Move-Neutral Chess (its knobs are read from each position's table).
std::unique_ptr<SimRules> move_neutral_rules();

}  // namespace arbiter
