// The options that `coverage` and `ambiguities` share: which table, and how the engine's sweep
// and the Z3 searches are bounded (solver/analysis/coverage.hpp).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "cli/core/option_checks.hpp"
#include "solver/analysis/coverage.hpp"

namespace arbiter::cli {

/// --variant, --positions, --plies, --seed, --max-pieces on `cmd`.
inline void add_sweep_options(CLI::App* cmd, std::string& variant, solver::CoverageOptions& o) {
  cmd->add_option("--variant,-v", variant, "Bundled table name or .toml path")
      ->capture_default_str();
  cmd->add_option("--positions", o.positions, "Positions to sweep")
      ->capture_default_str()
      ->check(whole_number(1, 100000));
  cmd->add_option("--plies", o.plies, "Random steps from a table position, at most")
      ->capture_default_str()
      ->check(whole_number(0, 1000));
  cmd->add_option("--seed", o.seed, "Sweep and Z3 seed")->capture_default_str();
  cmd->add_option("--max-pieces", o.max_pieces, "Piece bound of the scenario searches and probes")
      ->capture_default_str()
      ->check(whole_number(2, 32));
}

}  // namespace arbiter::cli
