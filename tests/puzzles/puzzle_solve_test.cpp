// The problem solver against the naive reference search (tests/puzzles/puzzle_reference.hpp):
// random positions of the orthodox and Conversion tables for #1, #2, s#1, s#2, h#1, h#2 with fixed
// seeds, and composed problems with their keys, threats, tries, cooks and duals.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <set>

#include "puzzle_reference.hpp"
#include "puzzles/random_placement.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/test_support.hpp"

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
  std::printf("[ solved   ] %s %s: %d of %d positions have a key\n", v->name().c_str(),
              stip_text.c_str(), solved, count);
  return solved;
}

TEST(PuzzleSolve, DirectMatesOfRandomPositionsMatchTheReference) {
  const PlacementSpec spec{4, 2, kWhite};
  EXPECT_GT(compare_random(test::orthodox(), "#1", 1500, 11, spec), 10);
  EXPECT_GT(compare_random(test::orthodox(), "#2", 60, 12, spec), 3);
}

/// The s#1 that the sound s#2 of PuzzleClassics.ASelfmate leaves after 1.Qc2+ Ke1 (forced):
/// 2.Qe2+ Bxe2#, its only key.
constexpr const char* kSelfmateInOne = "8/6b1/8/N1P4q/8/3K4/2Q5/4k3 w - - 2 2";

/// The solver's keys for `fen` are the reference's, and they are `expected`.
void expect_keys(const VariantPtr& v, const std::string& fen, const std::string& stip_text,
                 const std::set<std::string>& expected) {
  const Position pos = parse_fen(v, fen);
  const Stipulation stip = parse_stipulation(stip_text);
  EXPECT_EQ(test::ref_keys(pos, stip), expected) << v->name() << ' ' << stip_text << ' ' << fen;
  EXPECT_EQ(keys_of(solve(pos, stip)), expected) << v->name() << ' ' << stip_text << ' ' << fen;
}

TEST(PuzzleSolve, SelfmatesOfRandomPositionsMatchTheReference) {
  // Random placements of this size hold no selfmate (none in either sample): they check that
  // the solver agrees with the reference that there is none. So that keys are compared too,
  // the same comparison on a composed s#1.
  const PlacementSpec spec{3, 3, kWhite};
  compare_random(test::orthodox(), "s#1", 300, 21, spec);
  compare_random(test::orthodox(), "s#2", 40, 22, spec);
  expect_keys(test::orthodox(), kSelfmateInOne, "s#1", {"Qe2+"});
}

TEST(PuzzleSolve, HelpmatesOfRandomPositionsMatchTheReference) {
  const PlacementSpec spec{2, 2, kBlack};
  EXPECT_GT(compare_random(test::orthodox(), "h#1", 200, 31, spec), 5);
  EXPECT_GT(compare_random(test::orthodox(), "h#2", 25, 32, spec), 2);
}

TEST(PuzzleSolve, ConversionProblemsOfRandomPositionsMatchTheReference) {
  const VariantPtr& v = test::bundled_variant("conversion");
  EXPECT_GT(compare_random(v, "#1", 600, 41, {4, 2, kWhite}), 5);
  EXPECT_GT(compare_random(v, "#2", 30, 42, {3, 2, kWhite}), 2);
  EXPECT_GE(compare_random(v, "h#1", 100, 43, {2, 2, kBlack}), 2);
  // No selfmate among these placements either (see above): keys on the composed s#1.
  compare_random(v, "s#1", 100, 44, {3, 3, kWhite});
  expect_keys(v, kSelfmateInOne, "s#1", {"Qe2+"});
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
