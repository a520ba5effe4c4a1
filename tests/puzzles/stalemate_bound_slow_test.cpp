// The bounds of puzzles/helpmate_bound.hpp with a stalemate goal (h=n, ser-h=n, ser-=n) and
// in the series (ser-#n, ser-h#n) never lose a solution: with and without them the solver
// lists the same lines, on problems of Popeye's BEISPIEL/hpint.inp and on random positions
// with fixed seeds (about 6 s of CPU: labelled slow).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/bounded_vs_brute_force.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

using test::expect_same_lines_on_random_positions;
using test::expect_same_lines_with_and_without_bounds;

TEST(StalemateBoundSlow, SameLinesAsBruteForceOnPopeyesHelpStalematesAndSeries) {
  for (const test::HelpmateTestCase& c : test::kStalemateTestCases)
    EXPECT_EQ(expect_same_lines_with_and_without_bounds(test::orthodox_position(c.fen),
                                                        parse_stipulation(c.stip)),
              c.lines)
        << c.stip << ' ' << c.fen;
}

TEST(StalemateBoundSlow, SameLinesAsBruteForceOnRandomPositions) {
  expect_same_lines_on_random_positions("h=1", 200, 61, {4, 4, kBlack}, 2);
  expect_same_lines_on_random_positions("h=2", 20, 62, {3, 4, kBlack}, 1);
  expect_same_lines_on_random_positions("ser-h=2", 40, 63, {3, 4, kBlack}, 1);
  expect_same_lines_on_random_positions("ser-h#2", 40, 64, {3, 4, kBlack}, 1);
  expect_same_lines_on_random_positions("ser-=2", 100, 65, {4, 0, kWhite}, 1);
  expect_same_lines_on_random_positions("ser-#2", 40, 66, {4, 2, kWhite}, 1);
}

}  // namespace
}  // namespace arbiter::puzzles
