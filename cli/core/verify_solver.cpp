#include "cli/core/verify_solver.hpp"

#include <fmt/format.h>

#include "solver/analysis/coverage.hpp"
#include "solver/core/engine_disagreement.hpp"

namespace arbiter::cli {

void check_solver(const std::string& name, const VerifyOptions& options, TableVerdict& verdict,
                  Progress& progress) {
  solver::CoverageOptions o;
  o.positions = options.coverage_positions;
  o.max_pieces = options.max_pieces;
  o.seed = options.seed;
  o.progress = [&progress, &name](const solver::ProgressStep& step) {
    progress.step(solver::ProgressStep(fmt::format("{}: {}", name, step.text)));
  };
  solver::CoverageReport r;
  try {
    r = solver::coverage(name, o);
  } catch (const solver::EngineDisagreement& e) {
    verdict.failures.push_back(
        fmt::format("the solver and the engine disagree on {}: solver: {}; "
                    "engine: {}",
                    e.fen(), e.solver_view(), e.engine_view()));
    return;
  }
  int counts[3] = {0, 0, 0}, found[3] = {0, 0, 0};
  for (const solver::CoverageItem& i : r.items) {
    const int k = i.kind == "clause" ? 0 : i.kind == "knob" ? 1 : 2;
    ++counts[k];
    const bool ok = i.status == solver::CoverageStatus::kWitness ||
                    (k != 2 && i.status == solver::CoverageStatus::kUnreachable);
    if (ok) {
      ++found[k];
      continue;
    }
    verdict.failures.push_back(fmt::format("coverage: {} {}: {} ({})", i.kind, i.name,
                                           solver::to_string(i.status), i.detail));
  }
  verdict.checks.push_back(
      fmt::format("scenarios: {}/{} with an engine-confirmed witness (up to {} pieces)", found[2],
                  counts[2], options.max_pieces));
  verdict.checks.push_back(
      fmt::format("coverage: {}/{} clauses, {}/{} knob alternatives "
                  "explained ({} positions, {} steps)",
                  found[0], counts[0], found[1], counts[1], r.positions, r.steps));
  verdict.coverage = std::move(r);
}

}  // namespace arbiter::cli
