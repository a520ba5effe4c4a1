// The symbolic Diplomacy Chess resolution of one pair of submissions (docs/solver.md, "Diplomacy:
// the symbolic resolution"): for a symbolic board and one concrete move per side, Boolean
// expressions for each side's fate and the clauses that decided, and the board after the turn
// as a derived BoardEncoding. It follows the engine's resolver
// (rules/simultaneous/diplomacy/diplomacy_resolver.cpp) clause by clause, with the table's ranks
// and knobs read from the compiled variant.
#pragma once

#include <z3++.h>

#include <array>
#include <vector>

#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "solver/core/board_encoding.hpp"

namespace arbiter::solver {

/// The clauses a step encodes: the DiplomacyClause values before kExecuted (the fate lines).
inline constexpr int kDiplomacyClauses = static_cast<int>(DiplomacyClause::kExecuted);

struct DiplomacySideFate {
  z3::expr executed;  ///< the move was made
  z3::expr failed;    ///< the piece stays (also: the side submitted no move)
  z3::expr captured;  ///< the moving piece was taken on the way
};

struct DiplomacyStep {
  std::vector<DiplomacySideFate> fate;  ///< [colour]
  std::vector<z3::expr> clause;         ///< [DiplomacyClause]: the resolution's trace shows it
  std::vector<z3::expr> king_captured;  ///< [colour]: that side's king was taken
  BoardEncoding after;                  ///< cells and castling rights after the turn
  /// Holds when each move's home square holds a piece of its colour that the step considered
  /// (see DiplomacyStepOptions::types); the fates say nothing otherwise.
  z3::expr defined;

  const z3::expr& executed(Color c) const { return fate[c].executed; }
  const z3::expr& failed(Color c) const { return fate[c].failed; }
  const z3::expr& captured(Color c) const { return fate[c].captured; }
  const z3::expr& shows(DiplomacyClause c) const { return clause[static_cast<int>(c)]; }
};

struct DiplomacyStepOptions {
  /// [colour]: bit t set = a piece of type t on the move's home square is considered (0: every
  /// type). Castling, en passant, double steps and promotions fix the type themselves.
  std::uint32_t types[2] = {0, 0};
  /// The table's knobs; null: the board's variant.knobs().diplomacy.
  const DiplomacyKnobs* knobs = nullptr;
  /// false: `after` is left as a copy of the board before (when only fates and clauses are
  /// wanted, as in the scenario formulas; building a derived board costs time).
  bool board_after = true;
};

/// The resolution of White's `white` and Black's `black` (a null Move: that side does not move)
/// on `before`. The moves are taken as given: that they are submissions (and an en-passant
/// capture's right) is the caller's condition. Every knob of the diplomacy table that bears on
/// one pair is encoded (progressive-illegal concerns sets of moves and king-safety only what
/// may be submitted), so nothing is refused. The board after has no en-passant targets or
/// clocks (the encoding has none). On a symbolic board the expressions are exact for cells
/// within the encoding's domain (BoardEncoding::validity), which the merge relies on.
DiplomacyStep diplomacy_step(const BoardEncoding& before, Move white, Move black,
                             const DiplomacyStepOptions& options = {});

}  // namespace arbiter::solver
