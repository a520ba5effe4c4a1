// The bounds of puzzles/helpmate_bound.hpp with a stalemate goal (h=n, ser-h=n, ser-=n) and
// in the series (ser-#n, ser-h#n) never lose a solution: with and without them the solver
// lists the same lines, on problems of Popeye's BEISPIEL/hpint.inp and on random positions
// with fixed seeds (about 6 s of CPU: labelled slow).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "puzzles/random_placement.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
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

Verdict stalemate_bound_solve(const Position& pos, const Stipulation& stip, bool bounds) {
  SolveOptions o;
  o.max_solutions = 1 << 20;
  o.table_log2 = 16;
  o.helpmate_bounds = bounds;
  return solve(pos, stip, o);
}

/// Both searches list the same lines, the bounded one in no more nodes; returns how many.
std::size_t expect_same_lines_bounded(const Position& pos, const Stipulation& stip) {
  const Verdict bounded = stalemate_bound_solve(pos, stip, true);
  const Verdict brute = stalemate_bound_solve(pos, stip, false);
  EXPECT_EQ(bounded.solutions, brute.solutions) << stip.str() << ' ' << to_fen(pos);
  EXPECT_EQ(bounded.soundness, brute.soundness) << stip.str() << ' ' << to_fen(pos);
  EXPECT_LE(bounded.nodes, brute.nodes) << stip.str() << ' ' << to_fen(pos);
  return brute.solutions.size();
}

TEST(StalemateBoundSlow, SameLinesAsBruteForceOnPopeyesHelpStalematesAndSeries) {
  for (const StalemateBoundCase& c : kStalemateBoundCases)
    EXPECT_EQ(expect_same_lines_bounded(test::orthodox_position(c.fen), parse_stipulation(c.stip)),
              c.lines)
        << c.stip << ' ' << c.fen;
}

/// Random positions (`spec`'s side to move): both searches agree on `count` of them.
void expect_same_on_random_bounded(const char* stip_text, int count, std::uint64_t seed,
                                   const PlacementSpec& spec, std::size_t min_solved) {
  const Stipulation stip = parse_stipulation(stip_text);
  std::mt19937_64 rng(seed);
  std::size_t solved = 0;
  for (int done = 0; done < count;) {
    const std::optional<Position> pos = random_placement(test::orthodox(), rng, spec);
    if (!pos) continue;
    ++done;
    if (expect_same_lines_bounded(*pos, stip) > 0) ++solved;
  }
  EXPECT_GE(solved, min_solved) << stip_text;  // the sample holds solutions
}

TEST(StalemateBoundSlow, SameLinesAsBruteForceOnRandomPositions) {
  expect_same_on_random_bounded("h=1", 200, 61, {4, 4, kBlack}, 2);
  expect_same_on_random_bounded("h=2", 20, 62, {3, 4, kBlack}, 1);
  expect_same_on_random_bounded("ser-h=2", 40, 63, {3, 4, kBlack}, 1);
  expect_same_on_random_bounded("ser-h#2", 40, 64, {3, 4, kBlack}, 1);
  expect_same_on_random_bounded("ser-=2", 100, 65, {4, 0, kWhite}, 1);
  expect_same_on_random_bounded("ser-#2", 40, 66, {4, 2, kWhite}, 1);
}

}  // namespace
}  // namespace arbiter::puzzles
