// The solver's part of `arbiter verify`: every catalog scenario of the table finds an
// engine-confirmed witness, and clause coverage (solver/analysis/coverage.hpp) leaves no clause,
// knob alternative or scenario unexplained.
#pragma once

#include <ostream>
#include <string>

#include "cli/core/verify.hpp"

namespace arbiter::cli {

/// Runs coverage of table `name` (scenarios included) and records one check line per kind
/// and one failure per item without a witness or a proof. Progress lines go to `progress`
/// unless null.
void check_solver(const std::string& name, const VerifyOptions& options, TableVerdict& verdict,
                  std::ostream* progress);

}  // namespace arbiter::cli
