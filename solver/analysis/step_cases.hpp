// One protocol step of any bundled table, as the engine plays it, written as text: where it
// starts (the variant's own FEN), what the players did, what came of it and which rule clauses
// fired. Clause coverage, the knob sweep and the witness corpus are built on these: a step can
// be replayed under another knob setting of the same table and its outcome compared.
//
// A step is
//   sequential tables (orthodox, conversion): one legal move, "e2e4";
//   simultaneous tables (diplomacy, move-neutral): both submissions, "e2e4 e7e5"; Diplomacy
//   also progressive sets, "P e2e4,d2d4 e7e5", simultaneously progressive sets, "S b1c3,g1f3
//   e7e5", and conditional moves, "C 1K?e2e4:d2d4 e7e5";
//   conditional: phase A an A-move, "A e2e4"; phase B a whole turn's tail, the stater's
//   unconditional C-move, the B-move and what the C-move did, "!Nf3 e7e5".
// Each protocol's and effect's steps come from its own source in its module's folder
// (solver/analysis/step_case_source.hpp), chosen once per table.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "rules/core/variant.hpp"

namespace arbiter::solver {

struct StepCase {
  std::string fen;                   ///< the position before, in the variant's own FEN
  std::string moves;                 ///< the step, as above
  std::string outcome;               ///< what came of it: the FEN after, fates, status
  std::string after_fen;             ///< the position after (empty: none, e.g. refused)
  std::vector<std::string> clauses;  ///< the rule clauses that fired, by name
};

/// A clause a table's steps can report. Some fire only under a knob alternative (Diplomacy's
/// head-on meeting exists only under head-on-swap=conflict): `knob` names it, "" for none.
struct ClauseSpec {
  std::string name;
  std::string knob;  ///< "knob=alternative" or ""
};

/// The clauses of a table, in a fixed order (what coverage must find).
std::vector<ClauseSpec> clause_names(const Variant& v);

/// Every step from `fen` under `v`, in a fixed order; stops when `f` returns false. Throws
/// FenError for a bad FEN.
void for_each_step(const VariantPtr& v, const std::string& fen,
                   const std::function<bool(const StepCase&)>& f);

/// The step `moves` from `fen` played under `v` (typically another knob setting of the table
/// the step was recorded with). A step the rules of `v` do not allow gives the outcome
/// "refused: <why>", never an exception; a malformed FEN or move text throws.
StepCase replay_step(const VariantPtr& v, const std::string& fen, const std::string& moves);

/// Positions to sweep: the table's setup and [[perft]] positions, then positions reached from
/// them by seeded random steps (at most `plies` each), `count` in all, in a fixed order.
std::vector<std::string> sweep_positions(const VariantPtr& v, int count, int plies, unsigned seed);

}  // namespace arbiter::solver
