// `arbiter verify`: load every bundled table, validate it and run its self-checks.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/core/progress.hpp"
#include "rules/core/position.hpp"
#include "rules/core/variant.hpp"
#include "solver/analysis/coverage.hpp"

namespace arbiter::cli {

struct VerifyOptions {
  std::vector<std::string> tables;           ///< empty: every bundled table
  unsigned long long max_nodes = 5'000'000;  ///< skip perft counts above this
  bool json = false;
  bool solver = true;            ///< catalog scenarios and clause coverage (Z3)
  int coverage_positions = 120;  ///< positions the coverage sweep plays
  int max_pieces = 6;            ///< piece bound of the scenario searches
  unsigned seed = 0;             ///< sweep and Z3 seed
  /// End by writing the HTML report (cli/report/report_verify.hpp): for a run over every bundled
  /// table, or with --table where report_dir is given.
  bool report = true;
  std::string report_dir;  ///< empty: arbiter-report/ in the working directory, when writable
  bool quiet = false;      ///< no progress and no line per table: errors and the verdict only
};

struct TableVerdict {
  std::string table;
  bool passed = true;
  std::vector<std::string> checks;    ///< one line per check run
  std::vector<std::string> failures;  ///< what went wrong
  double seconds = 0;
  VariantPtr variant;                              ///< null when the table did not load
  std::optional<solver::CoverageReport> coverage;  ///< the solver part's, for the report
};

/// FEN and SAN/UCI round trips on every self-check position and the setup, each read to a
/// board by `board_of` (a conditional table: the board part of its extended FENs).
void check_notation(const VariantPtr& vp, TableVerdict& verdict,
                    Position (*board_of)(const VariantPtr&, const std::string&));

/// Verifies each table in turn: a step on `progress` as each table and each of its solver
/// steps starts, and a PASS or FAIL line on `results` (unless null) as each table ends.
std::vector<TableVerdict> verify_tables(const VerifyOptions& options, Progress& progress,
                                        std::ostream* results);

/// Runs the verification: results (a line per table, the verdict, the report's path) on `out`,
/// progress and failures on `err` (`err_is_terminal`: progress redrawn in place); returns the
/// exit status (kHolds: all passed, kFails: a table failed). Throws before the run when an
/// explicit report_dir cannot be written or a --table is neither bundled nor a file.
int run_verify(const VerifyOptions& options, std::ostream& out, std::ostream& err,
               bool err_is_terminal);

}  // namespace arbiter::cli
