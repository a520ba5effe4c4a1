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

/// How a board-encoding solver turns its assertions into SAT clauses and searches. Most of a
/// scenario's time is Z3's preprocessing, in proportion to the formula's size, and the SAT
/// solver's first in-processing round (variable elimination, subsumption, probing over some
/// 300,000 clauses: about 0.5 to 1.5 s), which by default starts after about a hundred
/// conflicts. Each scenario declares the pipeline measured best for it (docs/solver.md,
/// "Speed: `arbiter find` per scenario"); all are deterministic for a seed.
enum class SolverPipeline {
  /// Z3's incremental QF_FD solver as it comes. Its preprocessing adds, after the simplifier,
  /// propagate-values and card2bv, a local-context simplifier, bit-vector sharing and a
  /// simplifier after bit-blasting; assertions added between checks (CEGIS lemmas) are
  /// preprocessed alone. The default, and the one for searches with many rounds.
  kIncremental,
  /// The same solver with the SAT in-processing held back (kLateInprocessingConflicts).
  kIncrementalLateInprocessing,
  /// One tactic, simplify, propagate-values, card2bv, bit-blast, sat, with the SAT
  /// in-processing held back: about half the preprocessing of a large formula, but not
  /// incremental (every check preprocesses every assertion again). For the scenarios whose
  /// first proposal or first few are the witness.
  kLean,
};

/// The conflicts before the SAT solver's first in-processing round in the pipelines that hold
/// it back: more than any catalog search needs at its default bound (a few thousand at most).
inline constexpr unsigned kLateInprocessingConflicts = 100000;

/// A finite-domain solver with `pipeline`, configured deterministically.
z3::solver make_solver(z3::context& ctx, const SolverLimits& limits, SolverPipeline pipeline);

/// The disjunction of `terms`; false when there are none (z3::mk_or needs at least one).
inline z3::expr any_of(z3::context& ctx, const z3::expr_vector& terms) {
  return terms.empty() ? ctx.bool_val(false) : z3::mk_or(terms);
}

/// "sat", "unsat", or "unknown (<reason>)": a timeout is never reported as "no witness".
std::string describe(const z3::solver& solver, z3::check_result result);

}  // namespace arbiter::solver
