// The bounds of puzzles/helpmate_bound.hpp with a stalemate goal: a stalemate picture needs no
// check, and the bounds still cut lines of a help-stalemate without losing its solution. The
// comparison with brute force over more problems is in stalemate_bound_slow_test.cpp.
#include <gtest/gtest.h>

#include "puzzles/helpmate_bound.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/bounded_vs_brute_force.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

TEST(StalemateBound, CutsLinesOfAHelpStalemate) {
  // hpint.inp 1 (h=3): the king-only pictures of a stalemate still cut most of the tree.
  const Position pos = test::orthodox_position("8/2P5/3p4/2pP2p1/2P1K1k1/8/1p5P/8 b - - 0 1");
  const Stipulation stip = parse_stipulation("h=3");
  const Verdict bounded = test::solve_every_line(pos, stip, true);
  const Verdict brute = test::solve_every_line(pos, stip, false);
  EXPECT_EQ(bounded.solutions, brute.solutions);
  EXPECT_LT(bounded.nodes * 2, brute.nodes);
}

TEST(StalemateBound, NoCheckIsNeededForAStalematePicture) {
  // Black Ka8, White Kb6 Bh2 to move: the dark-squared bishop never checks a8 and the king
  // cannot, so no mate; a waiting move of the bishop on its diagonal (b8 stays guarded, a7
  // and b7 by the king) stalemates.
  const Position pos = test::orthodox_position("k7/8/1K6/8/8/8/7B/8 w - - 0 1");
  const HelpmateBound mate(*test::orthodox(), Goal::kMate);
  const HelpmateBound stalemate(*test::orthodox(), Goal::kStalemate);
  EXPECT_FALSE(mate.mate_possible(pos, kBlack, 0, 1));
  HelpmateBound::NextMoves next;
  EXPECT_TRUE(stalemate.mate_possible(pos, kBlack, 0, 1, &next));
  EXPECT_TRUE(next.allows(Move(*parse_square("h2"), *parse_square("g3"))));
  // Bare kings: no stalemate either, the flights of every square stay open.
  const Position kings = test::orthodox_position("7k/8/8/8/8/8/8/K7 b - - 0 1");
  EXPECT_FALSE(stalemate.mate_possible(kings, kBlack, 2, 2));
}

}  // namespace
}  // namespace arbiter::puzzles
