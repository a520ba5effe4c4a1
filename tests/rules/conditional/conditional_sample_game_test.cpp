// The rule text's sample game (shared/rules-text/conditional-chess.txt, "Sample game", Matos -
// Neto 1996). The text gives it as excerpts, each numbered from 1, with moves missing between
// them (its third excerpt opens with White's Qxd4 on a square White's own pawn holds), so only
// the first excerpt, from the start position, can be replayed as a game
// (tests/data/games/conditional_matos_neto_1996.pgn).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "rules/conditional/conditional_record.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

ConditionalReplayResult first_excerpt() {
  return replay_conditional_record(
      test::conditional(), test::slurp(test::data_path("games/conditional_matos_neto_1996.pgn")));
}

// "2. !d4 is planned before 1. ... d5 appears": White states the C-move with its A-move e4,
// Black's B-move d5 follows, and the C-move d4 executes. Then Black's A-move dxe4, White's
// B-move Bg5, and Black's C-move Bg5?*Nf6*/c4: the condition (an enemy bishop on g5) is judged
// after the B-move that put the bishop there, so the then-move executes.
TEST(ConditionalSampleGame, FirstExcerptReplaysFromTheStart) {
  const ConditionalReplayResult r = first_excerpt();
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front().message;
  ASSERT_EQ(r.moves.size(), 6U);
  EXPECT_EQ(r.moves[2].phase, Phase::kC);
  EXPECT_EQ(r.moves[2].side, kWhite);
  EXPECT_EQ(r.moves[2].outcome, COutcome::kExecuted);
  EXPECT_EQ(r.moves[2].move, "d4");
  EXPECT_EQ(r.moves[5].phase, Phase::kC);
  EXPECT_EQ(r.moves[5].side, kBlack);
  EXPECT_EQ(r.moves[5].outcome, COutcome::kExecuted);
  EXPECT_EQ(r.moves[5].move, "Nf6");
  EXPECT_EQ(r.final_fen, "rnbqkb1r/ppp1pppp/5n2/6B1/3Pp3/8/PPP2PPP/RN1QKBNR w KQkq - 2 4 A -");
}

}  // namespace
}  // namespace arbiter
