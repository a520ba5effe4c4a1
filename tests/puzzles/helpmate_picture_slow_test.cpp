// The picture test (puzzles/helpmate_picture.hpp) never loses a solution: on random helpmates
// of more men than the bound's own tests use, the solution lines with the pruning and without
// any are the same (about 9 s on the loaded two-core machine, so labelled slow).
#include <gtest/gtest.h>

#include <random>

#include "puzzles/random_placement.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

/// Random helpmates of `spec`: the solution lines with the pruning (bound and pictures) and
/// without any are the same; returns how many positions have a solution.
std::size_t picture_same_as_brute_force(const char* stip_text, int count, std::uint64_t seed,
                                        const PlacementSpec& spec) {
  const Stipulation stip = parse_stipulation(stip_text);
  std::mt19937_64 rng(seed);
  std::size_t solved = 0;
  for (int done = 0; done < count;) {
    const std::optional<Position> pos = random_placement(test::orthodox(), rng, spec);
    if (!pos) continue;
    ++done;
    SolveOptions o;
    o.max_solutions = 1 << 20;
    o.table_log2 = 16;
    const Verdict pruned = solve(*pos, stip, o);
    o.helpmate_bounds = false;
    const Verdict brute = solve(*pos, stip, o);
    EXPECT_EQ(pruned.solutions, brute.solutions) << stip_text << ' ' << to_fen(*pos);
    if (!brute.solutions.empty()) ++solved;
  }
  return solved;
}

TEST(HelpmatePictures, SameSolutionsAsBruteForceOnRandomHelpmates) {
  EXPECT_GE(picture_same_as_brute_force("h#1", 300, 391, {5, 4, kBlack}), 10U);
  EXPECT_GE(picture_same_as_brute_force("h#2", 40, 392, {4, 4, kBlack}), 3U);
  EXPECT_GE(picture_same_as_brute_force("h#1.5", 30, 393, {4, 3, kWhite}), 1U);
}

}  // namespace
}  // namespace arbiter::puzzles
