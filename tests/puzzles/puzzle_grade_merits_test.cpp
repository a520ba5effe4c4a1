// The composer's merits of issue 39 in puzzles/grading.hpp and puzzles/material.hpp: promoted
// men, the force against the task (material economy), the variety of defences, and their
// points in the score, each on a position where the answer is known.
#include <gtest/gtest.h>

#include "puzzles/grading.hpp"
#include "puzzles/material.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

/// Three white queens against king and knight: the #2 the default generator kept before
/// issue 39 (seed 77).
constexpr const char* kThreeQueens = "8/8/8/7Q/2Q5/2Q1K1n1/6k1/8 w - - 0 1";
/// Loyd 1859 (yacpdb 37503), key 1.Qa5, a waiting move: no threat, so every mate after a
/// defence is a variation.
constexpr const char* kMeritsLoyd = "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1";

TEST(PuzzleMaterial, TheGameArrayHasNoPromotedMan) {
  const Position pos =
      test::orthodox_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(promoted_men(pos), 0);
  EXPECT_EQ(material_points(pos, kWhite), 39);  // 9 + 2 x 5 + 2 x 3 + 2 x 3 + 8
}

TEST(PuzzleMaterial, ASecondAndThirdQueenAreTwoPromotedMen) {
  const Position pos = test::orthodox_position(kThreeQueens);
  EXPECT_EQ(promoted_men(pos, kWhite), 2);
  EXPECT_EQ(promoted_men(pos, kBlack), 0);
  EXPECT_EQ(material_points(pos, kWhite), 27);
  EXPECT_EQ(material_points(pos, kBlack), 3);
}

TEST(PuzzleMaterial, TwoBishopsOnOneSquareColourAreOnePromotedMan) {
  EXPECT_EQ(promoted_men(test::orthodox_position("7k/8/6K1/8/8/8/8/1B1B4 w - - 0 1")), 1);
  // b1 and c1 differ in colour: the game array's two bishops.
  EXPECT_EQ(promoted_men(test::orthodox_position("7k/8/6K1/8/8/8/8/1BB5 w - - 0 1")), 0);
  // A third rook and a third knight.
  EXPECT_EQ(promoted_men(test::orthodox_position("7k/8/6K1/8/8/8/8/RRRNNN2 w - - 0 1")), 2);
}

TEST(PuzzleGradeMerits, PromotedMenAndTheirForceAreGradedAndCostTheArmyPoint) {
  const Position pos = test::orthodox_position(kThreeQueens);
  const Verdict v = solve(pos, parse_stipulation("#2"));
  ASSERT_EQ(v.soundness, Soundness::kSound);
  const Grade g = grade_problem(pos, v);
  EXPECT_EQ(g.promoted, 2);
  EXPECT_EQ(g.force, 27);
  Grade army = g;
  army.promoted = 0;
  EXPECT_EQ(grade_score(army, true), g.score + 1);
}

TEST(PuzzleGradeMerits, AWaitingKeysVariationsAreItsDistinctMates) {
  const Position pos = test::orthodox_position(kMeritsLoyd);
  const Grade g = grade_problem(pos, solve(pos, parse_stipulation("#2")));
  EXPECT_EQ(g.threats, 0);
  EXPECT_EQ(g.variations, g.distinct_mates);
  EXPECT_EQ(g.variations, 9);
  EXPECT_EQ(g.variety_points(), 2);
}

TEST(PuzzleGradeMerits, DefencesAnsweredByTheThreatMakeNoVariation) {
  // Four defences: two answered by the threat only, two by one other mate (a dual with the
  // threat on one of them): one variation.
  KeyMove key;
  key.move = "Rb7";
  key.threats = {"Rb8#"};
  key.variations = {
      {"Kg8", {"Rb8#"}}, {"h6", {"Rb8#"}}, {"Nc6", {"Rh7#"}}, {"Nd7", {"Rh7#", "Rb8#"}}};
  EXPECT_EQ(count_variations(key), 1);
  key.variations.push_back({"Ne6", {"Qg7#"}});
  key.variations.push_back({"Nf7", {"Qxf7#"}});
  EXPECT_EQ(count_variations(key), 3);
  Grade g;
  for (int n : {0, 1, 2, 3, 5}) {
    g.variations = n;
    EXPECT_EQ(g.variety_points(), n >= 3 ? 2 : n == 2 ? 1 : 0) << n;
  }
}

TEST(PuzzleGradeMerits, EconomyWeighsTheForceAgainstTheDistinctMates) {
  Grade g;
  g.mates_counted = true;
  g.force = 12;  // queen and knight
  g.distinct_mates = 3;
  EXPECT_EQ(g.economy_points(), 2);  // 12 <= 4 x 3
  g.distinct_mates = 2;
  EXPECT_EQ(g.economy_points(), 1);  // 12 <= 8 x 2
  g.force = 27;                      // three queens
  EXPECT_EQ(g.economy_points(), 0);  // 27 > 16
  // Where mates are not counted (s#n, #3 and longer) the task is the variations and the threat.
  g.mates_counted = false;
  g.variations = 3;
  EXPECT_EQ(g.task(), 4);
  EXPECT_EQ(g.economy_points(), 1);  // 27 <= 32
}

}  // namespace
}  // namespace arbiter::puzzles
