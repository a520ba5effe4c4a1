// The solver's part of `arbiter verify`: every catalog scenario of the table finds an
// engine-confirmed witness, and clause coverage (solver/analysis/coverage.hpp) leaves no clause,
// knob alternative or scenario unexplained.
#pragma once

#include <string>

#include "cli/core/progress.hpp"
#include "cli/core/verify.hpp"

namespace arbiter::cli {

/// Runs coverage of table `name` (scenarios included) and records one check line per kind
/// and one failure per item without a witness or a proof. Each of its steps is a step on
/// `progress`, named after the table.
void check_solver(const std::string& name, const VerifyOptions& options, TableVerdict& verdict,
                  Progress& progress);

}  // namespace arbiter::cli
