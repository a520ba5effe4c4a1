// The problem solver against the naive reference search (tests/puzzle_reference.hpp): random
// positions of the orthodox and Conversion tables for #1, #2, s#1, s#2, h#1, h#2 with fixed
// seeds, and composed problems with their keys, threats, tries, cooks and duals.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "puzzle_reference.hpp"
#include "puzzles/random_placement.hpp"
#include "puzzles/verdict.hpp"
#include "rules/fen.hpp"
#include "support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

std::set<std::string> keys_of(const Verdict& v) {
  std::set<std::string> out;
  for (const auto& k : v.keys) out.insert(k.move);
  return out;
}

Verdict solve_fen(const VariantPtr& v, const std::string& fen, const std::string& stip) {
  return solve(parse_fen(v, fen), parse_stipulation(stip));
}

/// Solves `count` random positions and compares the keys with the reference search; returns
/// how many positions had at least one key (so a test can insist the sample is not trivial).
int compare_random(const VariantPtr& v, const std::string& stip_text, int count, std::uint64_t seed,
                   const PlacementSpec& spec) {
  const Stipulation stip = parse_stipulation(stip_text);
  std::mt19937_64 rng(seed);
  int solved = 0;
  for (int done = 0; done < count;) {
    const std::optional<Position> pos = random_placement(v, rng, spec);
    if (!pos) continue;
    ++done;
    SolveOptions o;
    o.table_log2 = 14;
    const Verdict verdict = solve(*pos, stip, o);
    const std::set<std::string> expected = test::ref_keys(*pos, stip);
    EXPECT_EQ(keys_of(verdict), expected) << stip_text << " " << to_fen(*pos);
    if (!expected.empty()) ++solved;
    if (stip.kind != StipulationKind::kHelpMate) {
      const Soundness s = expected.empty()       ? Soundness::kNoSolution
                          : expected.size() == 1 ? Soundness::kSound
                                                 : Soundness::kCooked;
      EXPECT_EQ(verdict.soundness, s) << stip_text << " " << to_fen(*pos);
    }
  }
  return solved;
}

TEST(PuzzleSolve, DirectMatesOfRandomPositionsMatchTheReference) {
  const PlacementSpec spec{4, 2, kWhite};
  EXPECT_GT(compare_random(test::orthodox(), "#1", 1500, 11, spec), 10);
  EXPECT_GT(compare_random(test::orthodox(), "#2", 60, 12, spec), 3);
}

TEST(PuzzleSolve, SelfmatesOfRandomPositionsMatchTheReference) {
  const PlacementSpec spec{3, 3, kWhite};
  compare_random(test::orthodox(), "s#1", 300, 21, spec);
  compare_random(test::orthodox(), "s#2", 40, 22, spec);
}

TEST(PuzzleSolve, HelpmatesOfRandomPositionsMatchTheReference) {
  const PlacementSpec spec{2, 2, kBlack};
  EXPECT_GT(compare_random(test::orthodox(), "h#1", 200, 31, spec), 5);
  compare_random(test::orthodox(), "h#2", 25, 32, spec);
}

TEST(PuzzleSolve, ConversionProblemsOfRandomPositionsMatchTheReference) {
  const VariantPtr& v = test::bundled_variant("conversion");
  EXPECT_GT(compare_random(v, "#1", 600, 41, {4, 2, kWhite}), 5);
  compare_random(v, "#2", 30, 42, {3, 2, kWhite});
  compare_random(v, "h#1", 100, 43, {2, 2, kBlack});
  compare_random(v, "s#1", 100, 44, {3, 3, kWhite});
}

TEST(PuzzleSolve, BareKingsHaveNoSolution) {
  const Verdict v = solve_fen(test::orthodox(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "#2");
  EXPECT_EQ(v.soundness, Soundness::kNoSolution);
  EXPECT_TRUE(v.keys.empty());
}

TEST(PuzzleSolve, RejectsPositionsThatCannotBeProblems) {
  Position lone_king(test::orthodox());
  lone_king.put(kWhite, test::orthodox()->royal(), make_square(4, 0));
  EXPECT_THROW(solve(lone_king, {}), std::invalid_argument);
  // Black to move would be fine; White to move with Black in check is illegal.
  EXPECT_THROW(solve(test::orthodox_position("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"), {}),
               std::exception);
}

}  // namespace
}  // namespace arbiter::puzzles
