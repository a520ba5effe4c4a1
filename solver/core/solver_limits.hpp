// The seed and limits of the solver's queries, without Z3's headers: the commands and reports
// outside solver/ pass them through coverage, diff and search options.
#pragma once

namespace arbiter::solver {

struct SolverLimits {
  unsigned seed = 0;              ///< Z3 random_seed (and SAT/SMT seeds)
  unsigned timeout_ms = 0;        ///< wall-clock limit for users; 0 = none
  unsigned long long rlimit = 0;  ///< deterministic work budget for tests; 0 = none
};

}  // namespace arbiter::solver
