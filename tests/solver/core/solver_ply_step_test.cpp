// The symbolic ply (solver/ply_step) against the engine: for positions of seeded random play,
// every pseudo-legal move (en passant aside) is built over the concrete board, and each
// after-cell, castling right, converted square and the pseudo-legal and legal flags simplify
// to what Position::make, generate_pseudo_legal and generate_legal give. Moves the engine does
// not generate must simplify to "not pseudo-legal".
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "solver/core/ply_step.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/witness_search.hpp"
#include "solver/core/z3_setup.hpp"
#include "tests/support/conversion_reference.hpp"
#include "tests/support/ply_step_compare.hpp"
#include "tests/support/random_play.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

TEST(SolverPlyStep, OrthodoxStepsSimplifyToTheEnginesMake) {
  const VariantPtr& v = test::orthodox();
  const test::PlyCounts n =
      test::compare_steps(v, test::sample_positions(v, test::orthodox_start_fens(), 4, 80, 11), 1);
  test::report("orthodox", n);
  EXPECT_GT(n.moves, 500);
  EXPECT_GT(n.castling, 0);
  EXPECT_GT(n.promotions, 0);
  EXPECT_GT(n.royal, 20);
}

TEST(SolverPlyStep, ConversionStepsSimplifyToTheEnginesMake) {
  const VariantPtr& v = test::bundled_variant("conversion");
  const test::PlyCounts n =
      test::compare_steps(v, test::sample_positions(v, test::conversion_fens(), 1, 40, 12), 2);
  test::report("conversion", n);
  EXPECT_GT(n.moves, 150);
  EXPECT_GT(n.converting, 5);
  EXPECT_GT(n.royal, 10);
}

}  // namespace
}  // namespace arbiter::solver

namespace arbiter::solver {
namespace {

TEST(SolverChosenPly, OrthodoxChoicesSimplifyToTheEnginesMake) {
  const VariantPtr& v = test::orthodox();
  const test::PlyCounts n =
      test::compare_chosen(v, test::sample_positions(v, test::orthodox_start_fens(), 1, 60, 21));
  test::report("orthodox chosen", n);
  EXPECT_GT(n.moves, 100);
}

TEST(SolverChosenPly, Z3FindsExactlyTheEnginesLegalMoves) {
  const VariantPtr& o = test::orthodox();
  const std::vector<Position> positions =
      test::sample_positions(o, {test::orthodox_start_fens()[1]}, 2, 20, 23);
  const test::PlyCounts n = test::enumerate_chosen(o, positions);
  test::report("orthodox enumerated", n);
  // Every position was enumerated (the orthodox table has no conversion flags).
  EXPECT_EQ(n.positions, static_cast<int>(positions.size()));
  EXPECT_GE(n.positions, 2);
  EXPECT_GE(n.legal, 80);
}

}  // namespace
}  // namespace arbiter::solver
