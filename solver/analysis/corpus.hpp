// Regression corpora: engine-played steps with their recorded outcomes and the rule clauses
// that fired, written as TOML and replayed later, typically against an edited table. A corpus
// holds a table's coverage witnesses (solver/analysis/coverage.hpp) and, when recorded with
// positions of the user's own, the steps from those positions. Format: docs/coverage.md.
#pragma once

#include <string>
#include <vector>

#include "solver/analysis/coverage.hpp"

namespace arbiter::solver {

/// One recorded step: under `setting` ("default" or "knob=alternative") of the corpus's table,
/// `moves` from `fen` gave `outcome` and fired `clauses`. A scenario case records the engine
/// judge's account in `what` instead of an outcome.
struct CorpusCase {
  std::string item;  ///< "clause NAME", "knob NAME=ALT", "scenario NAME" or "position N"
  std::string setting;
  std::string fen;
  std::string moves;
  std::string outcome;
  std::string what;
  std::vector<std::string> clauses;
};

/// The witnesses of a coverage report, one case per item and knob setting.
std::vector<CorpusCase> coverage_cases(const CoverageReport& report);

/// Steps from the user's positions under the table's defaults, item "position N" (1-based):
/// every step when there are at most `max_steps`, else `max_steps` of them spread evenly over
/// the step order. Throws FenError naming the position for a bad FEN.
std::vector<CorpusCase> position_cases(const std::string& table,
                                       const std::vector<std::string>& fens, int max_steps);

/// A corpus file's text. `table` is written as given (a bundled name or a path), `written_by`
/// names the command in the header comment.
std::string corpus_toml(const std::string& table, const std::vector<CorpusCase>& cases,
                        const std::string& written_by);
/// The witnesses of `report` as a corpus (written by `coverage --save`).
std::string corpus_toml(const CoverageReport& report);

/// One corpus case replayed through the engine: empty `problem` when it behaves as recorded,
/// else what changed, with the clauses that fire now and no longer (when the case records
/// its clauses).
struct CorpusResult {
  std::string item;
  std::string setting;
  std::string problem;  ///< empty: as recorded
  std::string fen, moves;
  std::vector<std::string> clauses_gone;  ///< recorded, no longer fired
  std::vector<std::string> clauses_new;   ///< fired now, not recorded
};
/// Replays every case of a corpus file (throws std::runtime_error with file:line for a bad
/// file). `table` overrides the table the corpus names (a rule change to test).
std::vector<CorpusResult> replay_corpus(const std::string& path, const std::string& table = "");

/// The distinct positions of a corpus file, in file order (throws like replay_corpus).
std::vector<std::string> corpus_positions(const std::string& path);

}  // namespace arbiter::solver
