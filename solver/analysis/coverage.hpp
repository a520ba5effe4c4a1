// Clause coverage of a rule table: for every clause its steps can report, every knob
// alternative and every catalog scenario, a witness where it fires, confirmed by the engine.
//
// - A clause is covered by a step (solver/analysis/step_cases.hpp) that reports it.
// - A knob is covered, for each of its alternatives, by one step whose outcome differs between
//   alternatives: there the knob decides, and the witness shows what each alternative makes of it.
// - A scenario is covered by its search (solver/core/witness_search.hpp): a witness, or an unsat
//   answer that proves there is none up to the piece bound (exact and necessary formulas only).
// Every witness is 1-minimal: taking off any one man but the kings loses what it shows.
//
// Steps are swept over the table's own positions and positions reached from them by seeded
// random steps, then over the catalog's witnesses. Nothing is reported found that the engine has
// not played. Deterministic: same table, options and seed, same report.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/core/variant.hpp"
#include "solver/core/progress_step.hpp"
#include "solver/core/solver_limits.hpp"

namespace arbiter::solver {

struct CoverageOptions {
  int positions = 120;       ///< positions swept (the table's own first)
  int plies = 16;            ///< random steps from a table position, at most
  int quick_positions = 40;  ///< knobs are swept over these first, before the probes
  unsigned seed = 0;         ///< sweep and Z3 seed
  int max_pieces = 6;        ///< piece bound of the scenario searches
  SolverLimits limits;       ///< per scenario search (seed is overridden by `seed`)
  bool scenarios = true;
  bool clauses = true;             ///< false: knob alternatives only (the ambiguity finder)
  std::vector<std::string> knobs;  ///< only these knobs (by name); empty: every knob
  bool probes = true;              ///< Z3-proposed positions for items the sweep missed
  int probe_rounds = 60;           ///< proposals per probe
  /// Called with a short line per step as it starts, counted within its stage ("[2/5] knob
  /// castling: sweeping 40 positions"; progress on stderr for long runs); may be null. A
  /// callback that takes a `const std::string&` gets the line.
  std::function<void(const ProgressStep&)> progress;
};

/// One engine-played step that shows an item, with its outcome under one or more knob settings
/// ("default" or "knob=alternative").
struct CoverageWitness {
  std::string fen;
  std::string moves;
  std::vector<std::pair<std::string, std::string>> outcomes;  ///< (setting, outcome)
  std::string what;  ///< scenario witnesses: what the engine saw
  /// 1-minimal (solver/core/witness_minimize.hpp) when >= 0: men taken off the position first
  /// found; `men` is then how many stand (kings included). -1: not minimized.
  int men_removed = -1;
  int men = 0;
};

enum class CoverageStatus {
  kWitness,      ///< found, engine-confirmed
  kUnreachable,  ///< Z3 proved none exists up to the piece bound
  kNotFound,     ///< not found within the budget (unexplained)
  kUnknown,      ///< a solver limit stopped the search
};
std::string to_string(CoverageStatus s);

struct CoverageItem {
  std::string kind;     ///< "clause", "knob" or "scenario"
  std::string name;     ///< clause name, "knob=alternative" or scenario name
  std::string setting;  ///< clauses that fire only under a knob alternative: "knob=alternative"
  CoverageStatus status = CoverageStatus::kNotFound;
  std::string detail;  ///< what the witness shows, or why there is none
  std::optional<CoverageWitness> witness;
};

struct CoverageReport {
  std::string table;   ///< the table's name
  std::string source;  ///< the table as given to coverage(): a bundled name or a path
  std::vector<CoverageItem> items;
  int positions = 0;    ///< positions swept
  long long steps = 0;  ///< steps played by the engine (all knob settings)
  /// Items neither witnessed nor proved unreachable.
  int unexplained() const;
};

/// Coverage of the table `table` (a bundled name or a .toml path).
CoverageReport coverage(const std::string& table, const CoverageOptions& options);

}  // namespace arbiter::solver
