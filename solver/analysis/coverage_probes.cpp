#include "solver/analysis/coverage_probes.hpp"

#include "solver/registry/solver_modules.hpp"

namespace arbiter::solver {

std::vector<CoverageProbe> coverage_probes(const Variant& v) {
  std::vector<CoverageProbe> out;
  solver_module(v).probes(v, out);
  if (const SolverModule* effect = solver_effect(v)) effect->probes(v, out);
  return out;
}

std::string probe_fen(const Position& proposal) {
  return solver_module(proposal.variant()).probe_fen(proposal);
}

}  // namespace arbiter::solver
