// The solver's Z3 set-up: deterministic seeds and limits, and honest reporting of "unknown".
#include <gtest/gtest.h>

#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {
namespace {

std::string first_model(unsigned seed, SolverPipeline pipeline = SolverPipeline::kIncremental) {
  z3::context ctx;
  z3::solver s = make_solver(ctx, SolverLimits{seed, 0, 0}, pipeline);
  const z3::expr x = ctx.bv_const("x", 8), y = ctx.bv_const("y", 8);
  s.add(x + y == ctx.bv_val(100, 8) && x != y && ugt(x, ctx.bv_val(10, 8)));
  EXPECT_EQ(s.check(), z3::sat);
  const z3::model m = s.get_model();
  return m.eval(x).to_string() + "," + m.eval(y).to_string();
}

TEST(Z3Setup, SameSeedSameWitness) {
  EXPECT_EQ(first_model(7), first_model(7));
}

TEST(Z3Setup, DescribesSatAndUnsat) {
  z3::context ctx;
  z3::solver s = make_solver(ctx, SolverLimits{});
  const z3::expr b = ctx.bool_const("b");
  s.push();
  s.add(b);
  const z3::check_result sat = s.check();
  EXPECT_EQ(sat, z3::sat);
  EXPECT_EQ(describe(s, sat), "sat");
  s.pop();
  s.add(b && !b);
  const z3::check_result r = s.check();
  EXPECT_EQ(r, z3::unsat);
  EXPECT_EQ(describe(s, r), "unsat");
}

/// A multiplication puzzle that needs far more than one unit of work: factor 1000003 * 7919.
z3::expr z3_setup_factoring_puzzle(z3::context& ctx) {
  const z3::expr x = ctx.bv_const("x", 32), y = ctx.bv_const("y", 32);
  return x * y == ctx.bv_val(1000003U * 7919U, 32) && ugt(x, ctx.bv_val(1, 32)) &&
         ugt(y, ctx.bv_val(1, 32));
}

TEST(Z3Setup, ExhaustedBudgetIsUnknownNotUnsat) {
  z3::context ctx;
  z3::solver s = make_solver(ctx, SolverLimits{0, 0, 1}, "QF_BV");
  s.add(z3_setup_factoring_puzzle(ctx));
  const z3::check_result r = s.check();
  EXPECT_EQ(r, z3::unknown);
  EXPECT_NE(describe(s, r).find("unknown"), std::string::npos);
}

TEST(Z3Setup, LeanPipelineSameSeedSameWitness) {
  EXPECT_EQ(first_model(7, SolverPipeline::kLean), first_model(7, SolverPipeline::kLean));
}

/// Eight cells of three bits, at most two of them non-zero, their sum 9 (modulo 8: 1):
/// bit-vectors and a cardinality constraint, as in the board encoding.
z3::expr z3_setup_cells_formula(z3::context& ctx, z3::expr_vector& nonzero) {
  z3::expr sum = ctx.bv_val(0, 3);
  for (int i = 0; i < 8; ++i) {
    const z3::expr cell = ctx.bv_const(("cell" + std::to_string(i)).c_str(), 3);
    nonzero.push_back(cell != ctx.bv_val(0, 3));
    sum = sum + cell;
  }
  return z3::atmost(nonzero, 2) && sum == ctx.bv_val(1, 3);
}

TEST(Z3Setup, LeanPipelineModelSatisfiesTheFormula) {
  z3::context ctx;
  z3::solver s = make_solver(ctx, SolverLimits{}, SolverPipeline::kLean);
  z3::expr_vector nonzero(ctx);
  const z3::expr f = z3_setup_cells_formula(ctx, nonzero);
  s.add(f);
  ASSERT_EQ(s.check(), z3::sat);
  EXPECT_TRUE(s.get_model().eval(f, true).is_true());
}

TEST(Z3Setup, LeanPipelineTakesAssumptionsAndLaterAssertions) {
  // The witness search's use: a bound assumed, released when unsat, lemmas added between checks.
  z3::context ctx;
  z3::solver s = make_solver(ctx, SolverLimits{}, SolverPipeline::kLean);
  z3::expr_vector nonzero(ctx);
  s.add(z3_setup_cells_formula(ctx, nonzero));
  const z3::expr none = ctx.bool_const("none");
  s.add(z3::implies(none, !z3::mk_or(nonzero)));
  z3::expr_vector assumed(ctx);
  assumed.push_back(none);
  EXPECT_EQ(s.check(assumed), z3::unsat);
  EXPECT_EQ(s.check(), z3::sat);
  s.add(!nonzero[0]);
  ASSERT_EQ(s.check(), z3::sat);
  EXPECT_TRUE(s.get_model().eval(!nonzero[0], true).is_true());
  s.add(z3::atmost(nonzero, 0));
  EXPECT_EQ(s.check(), z3::unsat);
}

TEST(Z3Setup, LeanPipelineExhaustedBudgetIsUnknownNotUnsat) {
  z3::context ctx;
  z3::solver s = make_solver(ctx, SolverLimits{0, 0, 1}, SolverPipeline::kLean);
  s.add(z3_setup_factoring_puzzle(ctx));
  const z3::check_result r = s.check();
  EXPECT_EQ(r, z3::unknown);
  EXPECT_NE(describe(s, r).find("unknown"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::solver
