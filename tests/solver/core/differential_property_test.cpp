// Differential properties: the engine and the solver's encoding of the same table agree on
// random valid positions (tests/support/rc_generators.hpp: random placement and random play,
// shrinking toward fewer pieces) of every bundled table and on random Betza pieces. Each case
// plugs the position into the symbolic terms and simplifies (tests/support/
// differential_compare.hpp): attacks and threats of each side, check, the pseudo-legal move set
// and, for the sequential and conditional tables, every move's PlyStep (legality, board after).
// The seed is fixed by ctest (ARBITER_RC_PARAMS); RC_PARAMS="max_success=N" runs longer.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cstdio>
#include <string>
#include <vector>

#include "rules/core/fen.hpp"
#include "rules/core/table_loader.hpp"
#include "tests/support/differential_compare.hpp"
#include "tests/support/differential_property.hpp"
#include "tests/support/rc_generators.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::test {

namespace {

TEST(DifferentialProperty, OrthodoxEngineAndEncodingAgree) {
  expect_compared(check_table("orthodox", {}, true), true);
}

// Conversion Chess (threat and co-effect terms are costly to build per board) is in
// tests/solver/core/differential_slow_test.cpp.

// The conditional table moves as the orthodox one (its steps are the orthodox PlySteps).
TEST(DifferentialProperty, ConditionalAttacksAndMovesAgree) {
  expect_compared(check_table("conditional", {}, false), false);
}

TEST(DifferentialProperty, DiplomacyBoardAttacksAndMovesAgree) {
  expect_compared(check_table("diplomacy", {}, false), false);
}

TEST(DifferentialProperty, MoveNeutralBoardAttacksAndMovesAgree) {
  expect_compared(check_table("move-neutral", {}, false), false);
}

TEST(DifferentialProperty, RandomBetzaPiecesMoveAlikeInBothInterpreters) {
  // The orthodox table with a random piece Z: positions by placement (the setup has no Z).
  DiffTally tally;
  int tables = 0;
  const bool ok = rc::check("a random Betza piece moves alike in engine and encoding", [&] {
    const std::string betza = *gen_betza();
    VariantPtr v;
    try {
      v = betza_variant(betza);
    } catch (const TableError&) {
      RC_DISCARD("the table compiler refuses this Betza text");
    }
    ++tables;
    z3::context ctx;
    const solver::BoardEncoding symbolic(ctx, v);
    for (int i = 0; i < 2; ++i) {
      const Position pos = place(v, *gen_placement(v, 12));
      RC_LOG() << betza << ": " << to_fen(pos) << '\n';
      RC_ASSERT(first_difference(symbolic, pos, true, tally) == "");
    }
  });
  EXPECT_TRUE(ok);
  // Pieces were compiled and compared, moves and PlySteps included.
  EXPECT_GT(tables, 0);
  EXPECT_GE(tally.positions, 2L * tables - 1);  // the last case may stop at a difference
  EXPECT_GT(tally.moves, 0);
  EXPECT_GT(tally.steps, 0);
  std::printf(
      "[differential] betza: %d tables, %ld positions, %ld square verdicts, %ld move "
      "verdicts, %ld steps\n",
      tables, tally.positions, tally.squares, tally.moves, tally.steps);
}

TEST(DifferentialProperty, GeneratedPositionsAreValidAndPlacementsShrinkToTheKings) {
  // Every generated position is one the FEN reader takes back unchanged, and the empty
  // placement (what shrinking moves toward) is the two royal pieces alone.
  for (const std::string& name : bundled_table_names()) {
    const VariantPtr& v = bundled_variant(name);
    const bool ok = rc::check("valid positions of " + name, [&] {
      const Position pos = *gen_position(v, play_fens(v));
      RC_ASSERT(parse_fen(v, to_fen(pos)) == pos);
    });
    EXPECT_TRUE(ok) << name;
    const Position kings = place(v, Placement{});
    EXPECT_EQ(popcount(kings.occupied()), 2) << name << ' ' << to_fen(kings);
    EXPECT_TRUE(reader_accepts(v, kings)) << name;
  }
}

}  // namespace
}  // namespace arbiter::test
