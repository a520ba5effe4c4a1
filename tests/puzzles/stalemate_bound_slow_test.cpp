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

struct StalemateBoundCase {
  const char* fen;
  const char* stip;
  std::size_t lines;  ///< solution lines (Popeye's count)
};

/// Problems of Popeye's BEISPIEL/hpint.inp (its number there), small enough for brute force.
constexpr StalemateBoundCase kStalemateBoundCases[] = {
    {"8/2P5/3p4/2pP2p1/2P1K1k1/8/1p5P/8 b - - 0 1", "h=3", 1},  // 1 (B. Bursac)
    {"8/8/2b3R1/8/8/1K6/6p1/k7 b - - 0 1", "h=2", 1},           // 4
    {"8/8/2b3R1/8/8/1K6/6p1/k7 w - - 0 1", "h=2", 1},           // 4, twin
    {"4b2Q/1PP1kP2/8/8/K7/8/3p4/8 w - - 0 1", "h=2.5", 1},      // 14
    {"7b/8/5R2/4KBk1/5N2/4p1n1/8/8 b - - 0 1", "h=3", 2},       // 61 (two lines)
    {"8/8/8/8/8/6p1/5prb/3K1Nkb b - - 0 1", "ser-h=5", 1},      // 2
    {"8/8/8/7K/8/5N2/4Npp1/5k2 b - - 0 1", "ser-h=3", 4},       // 38 (four lines)
    {"7k/2P1pP2/K3P3/8/8/2p5/8/8 w - - 0 1", "ser-#4", 1},      // 21
    {"7k/2P1pP2/K3P3/8/8/2p5/8/8 w - - 0 1", "ser-=4", 1},      // 21, twin
    {"8/8/8/1K1p4/3P4/8/k2p4/2B2B2 b - - 0 1", "ser-h#9", 1},   // 16
};

using test::expect_same_lines_on_random_positions;
using test::expect_same_lines_with_and_without_bounds;

TEST(StalemateBoundSlow, SameLinesAsBruteForceOnPopeyesHelpStalematesAndSeries) {
  for (const StalemateBoundCase& c : kStalemateBoundCases)
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
