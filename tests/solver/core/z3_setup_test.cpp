// The solver's Z3 set-up: deterministic seeds and limits, and honest reporting of "unknown".
#include <gtest/gtest.h>

#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {
namespace {

std::string first_model(unsigned seed) {
  z3::context ctx;
  z3::solver s = make_solver(ctx, SolverLimits{seed, 0, 0});
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

TEST(Z3Setup, ExhaustedBudgetIsUnknownNotUnsat) {
  z3::context ctx;
  z3::solver s = make_solver(ctx, SolverLimits{0, 0, 1}, "QF_BV");
  // A multiplication puzzle that needs far more than one unit of work.
  const z3::expr x = ctx.bv_const("x", 32), y = ctx.bv_const("y", 32);
  s.add(x * y == ctx.bv_val(1000003U * 7919U, 32) && ugt(x, ctx.bv_val(1, 32)) &&
        ugt(y, ctx.bv_val(1, 32)));
  const z3::check_result r = s.check();
  EXPECT_EQ(r, z3::unknown);
  EXPECT_NE(describe(s, r).find("unknown"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::solver
