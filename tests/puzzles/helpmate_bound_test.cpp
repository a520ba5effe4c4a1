// The helpmate bounds (puzzles/helpmate_bound.hpp) never lose a solution: with and without
// them, the solver finds the same solution lines, on the helpmates of the tests, on Popeye's
// public helpmates, and on random positions with fixed seeds; and they cut lines.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "puzzles/helpmate_bound.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/table_loader.hpp"
#include "tests/support/bounded_vs_brute_force.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

/// Every helpmate of the puzzle tests, the data files and a few more with castling and
/// promotion (tests/support/bounded_vs_brute_force.hpp).
constexpr const auto& kHelpmateBoundCases = test::kHelpmateTestCases;

using test::expect_same_lines_on_random_positions;
using test::expect_same_lines_with_and_without_bounds;
using test::solve_every_line;

TEST(HelpmateBound, SameSolutionsAsBruteForceOnTheTestHelpmates) {
  std::size_t lines = 0;
  for (const test::HelpmateTestCase& c : kHelpmateBoundCases) {
    const std::size_t found = expect_same_lines_with_and_without_bounds(
        test::orthodox_position(c.fen), parse_stipulation(c.stip));
    EXPECT_EQ(found, c.lines) << c.stip << ' ' << c.fen;
    lines += found;
  }
  EXPECT_EQ(lines, 1U + 0 + 1 + 0 + 64 + 23 + 27 + 182 + 91 + 2 + 4);
}

TEST(HelpmateBound, SameHalfMoveHelpmatesAsBruteForceOnTheTestHelpmates) {
  // h#n.5 twice over: the set play of each test helpmate (h#(n-1).5, the mating side
  // starting) and h#(n-1).5 solved from the diagram with the other side to move.
  std::size_t set_lines = 0, lines = 0;
  for (const test::HelpmateTestCase& c : kHelpmateBoundCases) {
    const Position pos = test::orthodox_position(c.fen);
    const Stipulation stip = parse_stipulation(c.stip);
    const Verdict bounded = solve_every_line(pos, stip, true, true);
    const Verdict brute = solve_every_line(pos, stip, false, true);
    EXPECT_EQ(bounded.set_solutions, brute.set_solutions) << c.stip << ' ' << c.fen;
    set_lines += brute.set_solutions.size();
    if (pos.in_check()) continue;
    Position other = pos;
    other.set_en_passant(kNoSquare);
    other.set_side_to_move(~pos.side_to_move());
    const Stipulation half{stip.kind, stip.moves - 1, true};
    const std::size_t found = expect_same_lines_with_and_without_bounds(other, half);
    EXPECT_EQ(found, brute.set_solutions.size()) << c.stip << ' ' << c.fen;
    lines += found;
  }
  EXPECT_EQ(set_lines, lines);
  EXPECT_GT(lines, 0U);
}

TEST(HelpmateBound, StandCountsFromEachSquareAreTheWalksFromIt) {
  // The tables' counts come from one move table a type (stand_counts_from_each); each square's
  // walk alone (stand_counts) gives the same, castling's king and rook steps included.
  for (const VariantPtr& v : {test::orthodox(), test::conversion()})
    for (Color c : {kWhite, kBlack})
      for (int t = 0; t < v->piece_count(); ++t) {
        const auto type = static_cast<PieceType>(t);
        const auto each = HelpmateBound::stand_counts_from_each(*v, c, type);
        for (Square from = 0; from < kSquares; ++from)
          EXPECT_EQ(each[from], HelpmateBound::stand_counts(*v, c, type, from))
              << int(c) << ' ' << t << ' ' << square_name(from);
      }
  // The king on e1 reaches g1 and c1 in one move each (castling), not two.
  const VariantPtr& o = test::orthodox();
  EXPECT_EQ(HelpmateBound::stand_counts(*o, kWhite, o->royal(), 4)[6], 1);
  EXPECT_EQ(HelpmateBound::stand_counts(*o, kWhite, o->royal(), 4)[2], 1);
}

TEST(HelpmateBound, WalksCountTheFewestMovesOfEachPieceOnAnEmptyBoard) {
  // Against the board's geometry, not another walk: a king's distance is the larger of the
  // file and rank distances, a rook's and a queen's one move along a line and two off it, a
  // bishop's two off its diagonals and never onto the other colour, a knight's known cases.
  const VariantPtr& o = test::orthodox();
  const auto counts = [&](char letter, const char* from) {
    return HelpmateBound::stand_counts(*o, kBlack, o->type_of_letter(letter), *parse_square(from));
  };
  const Square d4 = *parse_square("d4");
  const auto king = counts('K', "d4"), rook = counts('R', "d4"), queen = counts('Q', "d4");
  const auto bishop = counts('B', "d4");
  for (Square x = 0; x < kSquares; ++x) {
    const int df = std::abs(file_of(x) - file_of(d4)), dr = std::abs(rank_of(x) - rank_of(d4));
    const int line = x == d4 ? 0 : (df == 0 || dr == 0) ? 1 : 2;
    const int diagonal = x == d4 ? 0 : df == dr ? 1 : (df + dr) % 2 == 0 ? 2 : HelpmateBound::kFar;
    EXPECT_EQ(king[x], std::max(df, dr)) << square_name(x);
    EXPECT_EQ(rook[x], line) << square_name(x);
    EXPECT_EQ(queen[x], std::min(line, df == dr ? 1 : 2)) << square_name(x);
    EXPECT_EQ(bishop[x], diagonal) << square_name(x);
  }
  const auto knight = counts('N', "a1");
  EXPECT_EQ(knight[*parse_square("b2")], 4);  // the corner's diagonal neighbour
  EXPECT_EQ(knight[*parse_square("h8")], 6);
  EXPECT_EQ(knight[*parse_square("c2")], 1);
  EXPECT_EQ(knight[*parse_square("a2")], 3);
}

TEST(HelpmateBound, CastlingMateNeedsTheRights) {
  const Stipulation stip = parse_stipulation("h#2");
  const Verdict with_rights =
      solve_every_line(test::orthodox_position(kHelpmateBoundCases[2].fen), stip, true);
  ASSERT_EQ(with_rights.solutions.size(), 1U);
  EXPECT_EQ(with_rights.solutions[0], (std::vector<std::string>{"Kb8", "O-O", "g2", "Rf8#"}));
  EXPECT_TRUE(solve_every_line(test::orthodox_position(kHelpmateBoundCases[3].fen), stip, true)
                  .solutions.empty());
}

// Random positions with pawns, the side to move of the spec (h#n: the side to be mated, h#n.5:
// the mating side).
TEST(HelpmateBound, SameSolutionsAsBruteForceOnRandomPositions) {
  expect_same_lines_on_random_positions("h#1", 300, 51, {4, 4, kBlack}, 20);
  expect_same_lines_on_random_positions("h#2", 30, 52, {3, 3, kBlack}, 5);
  expect_same_lines_on_random_positions("h#3", 4, 53, {2, 1, kBlack}, 1);
}

TEST(HelpmateBound, SameHalfMoveHelpmatesAsBruteForceOnRandomPositions) {
  // h#n.5: the mating side (White) to move.
  expect_same_lines_on_random_positions("h#0.5", 200, 54, {4, 4, kWhite}, 5);
  expect_same_lines_on_random_positions("h#1.5", 30, 55, {3, 3, kWhite}, 3);
}

TEST(HelpmateBound, ARiderChecksFromTheFarEndOfItsRide) {
  // Zb5# checks h8 over d6 and f7. The bounds once read a nightrider's empty-board attacks as
  // none (a rider captures on the first occupied square of its ride) and cut all 28 lines.
  const VariantPtr nightrider =
      Variant::compile(load_table_file(test::data_path("tables/fairy/nightrider.toml")));
  EXPECT_EQ(
      expect_same_lines_with_and_without_bounds(
          parse_fen(nightrider, "6rk/p5pp/8/8/8/8/8/1Z2K3 b - - 0 1"), parse_stipulation("h#2")),
      28U);
}

TEST(HelpmateBound, AnUnreachableMateIsCut) {
  const HelpmateBound bound(*test::orthodox());
  ASSERT_TRUE(bound.enabled());
  // Bare kings: no mate in any number of moves.
  const Position kings = test::orthodox_position("7k/8/8/8/8/8/8/K7 b - - 0 1");
  EXPECT_FALSE(bound.mate_possible(kings, kBlack, 5, 5));
  // King and rook against a king in the centre: the mate needs the king on the edge, three
  // moves away, so no mate in one or two, and the bounds let four through.
  const Position centre = test::orthodox_position("8/8/8/4k3/8/8/8/1R4K1 w - - 0 1");
  EXPECT_FALSE(bound.mate_possible(centre, kBlack, 0, 1));
  EXPECT_FALSE(bound.mate_possible(centre, kBlack, 1, 1));
  EXPECT_FALSE(bound.mate_possible(centre, kBlack, 2, 2));
  EXPECT_TRUE(bound.mate_possible(centre, kBlack, 4, 4));
  // Black Kh8, White Kg6 to move: Rb8# is the mate, the one move kept.
  const Position corner = test::orthodox_position("7k/8/6K1/8/8/8/8/1R6 w - - 0 1");
  HelpmateBound::NextMoves next;
  EXPECT_TRUE(bound.mate_possible(corner, kBlack, 0, 1, &next));
  for (Square s = 0; s < kSquares; ++s)
    EXPECT_EQ(next.to[static_cast<std::size_t>(s)],
              s == *parse_square("b1") ? bb(*parse_square("b8")) : 0U)
        << square_name(s);
}

TEST(HelpmateBound, TheLastMoveOfTheMatedSideIsNarrowed) {
  const HelpmateBound bound(*test::orthodox());
  // Black Kg8 to move, White Kg6 Rb1: 1.Kh8 Rb8# is a king move; Rb8 would mate the king on
  // g8 as well, so a waiting move (Black has none) would do too, landing anywhere.
  const HelpmateBound::MatedMoves king =
      bound.mated_moves(test::orthodox_position("6k1/8/6K1/8/8/8/8/1R6 b - - 0 1"), kBlack, 1, 1);
  EXPECT_TRUE(king.possible);
  EXPECT_TRUE(king.king);
  EXPECT_EQ(king.landing, ~Bitboard{0});
  // Black Ka8 to move, White Ka1 Nh1: the knight cannot check any square the king reaches.
  const HelpmateBound::MatedMoves none =
      bound.mated_moves(test::orthodox_position("k7/8/8/8/8/8/8/K6N b - - 0 1"), kBlack, 1, 1);
  EXPECT_FALSE(none.possible);
  EXPECT_FALSE(none.king);
  EXPECT_EQ(none.landing, 0U);
}

TEST(HelpmateBound, IsOffForConversionChess) {
  // Conversion Chess's check includes a threat to convert: the bounds do not model it.
  EXPECT_FALSE(HelpmateBound(*test::bundled_variant("conversion")).enabled());
}

TEST(HelpmateBound, SolvesASevenPieceHelpmateInFourAsPopeyeDoes) {
  // Issue 23's h#4 (White Kc8 Se4 Bc3, Black Kf4 Rd4 Bb2), brute force 1.9 billion nodes;
  // Popeye 4.104 (Option Intelligent) prints one solution,
  // 1.Kf4-e5 Se4-c5 2.Ke5-d6 Kc8-b7 3.Rd4-d5 Bc3-g7 4.Bb2-e5 Bg7-f8 #.
  const Verdict v = solve(test::orthodox_position("2K5/8/8/8/3rNk2/2B5/1b6/8 b - - 0 1"),
                          parse_stipulation("h#4"));
  EXPECT_EQ(v.soundness, Soundness::kSound);
  ASSERT_EQ(v.solutions.size(), 1U);
  EXPECT_EQ(v.solutions[0],
            (std::vector<std::string>{"Ke5", "Nc5", "Kd6", "Kb7", "Rd5", "Bg7", "Be5", "Bf8#"}));
}

}  // namespace
}  // namespace arbiter::puzzles
