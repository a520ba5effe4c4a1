#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {

void configure(z3::solver& solver, const SolverLimits& limits) {
  z3::params p(solver.ctx());
  p.set("random_seed", limits.seed);
  if (limits.timeout_ms) p.set("timeout", limits.timeout_ms);
  if (limits.rlimit) p.set("rlimit", static_cast<unsigned>(limits.rlimit));
  solver.set(p);
}

z3::solver make_solver(z3::context& ctx, const SolverLimits& limits, const std::string& logic) {
  z3::solver s(ctx, logic.c_str());
  configure(s, limits);
  return s;
}

z3::solver make_solver(z3::context& ctx, const SolverLimits& limits, SolverPipeline pipeline) {
  if (pipeline == SolverPipeline::kIncremental) return make_solver(ctx, limits);
  z3::solver s =
      pipeline == SolverPipeline::kLean
          ? (z3::tactic(ctx, "simplify") & z3::tactic(ctx, "propagate-values") &
             z3::tactic(ctx, "card2bv") & z3::tactic(ctx, "bit-blast") & z3::tactic(ctx, "sat"))
                .mk_solver()
          : z3::solver(ctx, "QF_FD");
  configure(s, limits);  // the tactics read the seed and limits from the solver's parameters
  z3::params late(ctx);
  late.set("sat.simplify.delay", kLateInprocessingConflicts);
  s.set(late);
  return s;
}

std::string describe(const z3::solver& solver, z3::check_result result) {
  switch (result) {
    case z3::sat:
      return "sat";
    case z3::unsat:
      return "unsat";
    default:
      return "unknown (" + solver.reason_unknown() + ")";
  }
}

}  // namespace arbiter::solver
