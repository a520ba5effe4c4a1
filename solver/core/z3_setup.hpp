// Z3 set-up shared by every query of the solver: a deterministic configuration (fixed random
// seeds) and resource limits, so that the same inputs give the same witnesses on every run.
#pragma once

#include <z3++.h>

#include <string>

#include "solver/core/solver_limits.hpp"

namespace arbiter::solver {

/// Applies seeds and limits to a solver. Call before adding assertions.
void configure(z3::solver& solver, const SolverLimits& limits);

/// A solver for finite-domain problems (the board encoding), configured deterministically.
z3::solver make_solver(z3::context& ctx, const SolverLimits& limits,
                       const std::string& logic = "QF_FD");

/// The disjunction of `terms`; false when there are none (z3::mk_or needs at least one).
inline z3::expr any_of(z3::context& ctx, const z3::expr_vector& terms) {
  return terms.empty() ? ctx.bool_val(false) : z3::mk_or(terms);
}

/// "sat", "unsat", or "unknown (<reason>)": a timeout is never reported as "no witness".
std::string describe(const z3::solver& solver, z3::check_result result);

}  // namespace arbiter::solver
