// A semantic diff of two rule tables: for every behavioural key that changed (a piece's
// movement, a rank, a knob's default, the conversion pairs, ...), positions and steps where the
// engine, run under both tables, gives different outcomes; and when nothing behavioural changed,
// a bounded Z3 proof that the two tables move every piece the same way (docs/diff.md).
//
// Each key is judged on its own: the old table with only that key taken from the new one. A
// key that cannot stand alone (a piece removed while the setup still holds it) is judged with
// the whole new table. Witnesses are looked for in tiers, cheapest first, until each key has
// one: given positions (corpus files, FENs), a short random sweep, a Z3 search for boards where
// the tables move pieces differently (which, when unsat, is the proof), the clause and knob
// witnesses of both tables' coverage, then a longer sweep. Deterministic for a seed.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "solver/analysis/table_changes.hpp"
#include "solver/core/solver_limits.hpp"

namespace arbiter::solver {

struct DiffOptions {
  std::vector<std::string> positions;  ///< looked at first (FENs in the tables' own format)
  int quick_positions = 40;            ///< random-sweep positions per table, first tier
  int positions_count = 120;           ///< random-sweep positions per table, last tier
  int plies = 16;
  unsigned seed = 0;
  int max_pieces = 6;    ///< the bound of the Z3 search and proof
  int max_rounds = 200;  ///< Z3 proposals the engine may refute per search
  SolverLimits limits;   ///< per Z3 search
  bool coverage = true;  ///< use both tables' coverage witnesses (needs table paths)
  int witnesses = 1;     ///< wanted per key
  std::function<void(const std::string&)> progress;
};

/// A step whose outcome differs between the tables, played by the engine under both.
struct DiffWitness {
  std::string fen;
  std::string
      moves;  ///< the step (solver/analysis/step_cases.hpp); "-" when one table refuses the FEN
  std::string old_outcome, new_outcome;
  std::vector<std::string> old_clauses, new_clauses;  ///< clauses that fired under each
  std::string tier;  ///< where it was found: "positions", "sweep", "z3", "coverage"
};

enum class DiffStatus {
  kWitness,   ///< the change shows: witnesses found
  kProved,    ///< no difference up to max_pieces (Z3 unsat on movement; the rest is equal data)
  kNotFound,  ///< no witness found and no proof: undecided
};
std::string to_string(DiffStatus s);

struct DiffGroup {
  TableChange change;
  DiffStatus status = DiffStatus::kNotFound;
  std::vector<DiffWitness> witnesses;
  std::string detail;  ///< how it was judged (alone or with the whole new table, proof status)
};

struct DiffReport {
  std::string old_table, new_table;
  std::vector<DiffGroup> groups;      ///< one per behavioural key
  std::vector<TableChange> cosmetic;  ///< keys that changed without changing behaviour
  /// When no behavioural key changed: the bounded proof over the whole tables.
  DiffStatus whole = DiffStatus::kNotFound;
  std::string whole_detail;
  /// True when some behaviour changed or could not be ruled out (the CLI exits 1).
  bool changed() const;
};

/// Compares the tables `old_table` and `new_table` (bundled names or .toml paths).
DiffReport diff_tables(const std::string& old_table, const std::string& new_table,
                       const DiffOptions& options);

}  // namespace arbiter::solver
