// The picture test (puzzles/helpmate_picture.hpp) adds the move counts of the pieces a mate
// uses, so it cuts what the bound lets through; it narrows the king's steps; it is off where
// the bound is. (That it never loses a line: helpmate_picture_slow_test.cpp.)
#include <gtest/gtest.h>

#include "puzzles/helpmate_picture.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

TEST(HelpmatePictures, AddsTheMovesOfThePiecesAMateUses) {
  const HelpmateBound bound(*test::orthodox());
  const HelpmatePictures pictures(bound);
  // Black Kh8, White Kd4 Ra1 to move: each need is met in three moves (the rook checks from
  // the eighth rank or the h-file in one, the king guards g7 and h7 from g6 in three), but
  // together they take four.
  const Position corner = test::orthodox_position("7k/8/8/8/3K4/8/8/R7 w - - 0 1");
  EXPECT_TRUE(bound.mate_possible(corner, kBlack, 0, 3));
  EXPECT_FALSE(pictures.reachable(corner, kBlack, 0, 3));
  EXPECT_TRUE(pictures.reachable(corner, kBlack, 0, 4));
  // Bare kings: no picture at all.
  EXPECT_FALSE(
      pictures.reachable(test::orthodox_position("7k/8/8/8/8/8/8/K7 b - - 0 1"), kBlack, 5, 5));
}

TEST(HelpmatePictures, TheKingStepsOnlyTowardsAPicture) {
  const HelpmateBound bound(*test::orthodox());
  const HelpmatePictures pictures(bound);
  // Black Kg8 to move, White Kg6 Rb1, one move each: Kh8 (then Rb8#) leads to a picture, and
  // so does staying on g8 (a man's move, then Rb8#); on f8 nothing guards e7, and on f7, g7
  // and h7 the flights are too many for one rook move.
  const HelpmatePictures::MatedMoves m = pictures.mated_moves(
      test::orthodox_position("6k1/8/6K1/8/8/8/8/1R6 b - - 0 1"), kBlack, 1, 1);
  EXPECT_TRUE(m.possible);
  EXPECT_TRUE(m.men);
  EXPECT_EQ(m.king_to, bb(*parse_square("h8")));
}

TEST(HelpmatePictures, AreOffForConversionChess) {
  const HelpmateBound bound(*test::bundled_variant("conversion"));
  const HelpmatePictures pictures(bound);
  EXPECT_TRUE(
      pictures.reachable(test::orthodox_position("7k/8/8/8/8/8/8/K7 b - - 0 1"), kBlack, 5, 5));
}

}  // namespace
}  // namespace arbiter::puzzles
