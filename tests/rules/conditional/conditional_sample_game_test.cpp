// The rule text's sample game (shared/rules-text/conditional-chess.txt, "Sample game", Matos -
// Neto 1996). The text gives it as eleven excerpts, each numbered from 1; runs of them follow on
// from each other, with moves left out between the runs. Excerpts 1-2 are replayed from the
// start position (tests/data/games/conditional_matos_neto_1996.pgn); excerpts 3-5 and 6-9 each
// from a start position built for them, since the moves the text leaves out cannot be filled in
// (each file says why). Excerpts 10-11 cannot be placed at all: Rc1?*Bd4*/g5 has Black play a
// dark-squared bishop after White took Black's only one (Bxb2, excerpt 8), and Qf1+ moves
// Black's queen from e3, which is on no line to f1. docs/rulings/conditional.md ("sample game")
// cites each remark that carries a ruling with the test below that pins it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "rules/conditional/conditional_record.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

ConditionalReplayResult sample_game_file(const char* name) {
  return replay_conditional_record(test::conditional(),
                                   test::slurp(test::data_path(std::string("games/") + name)));
}

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

// Excerpts 3-5 (one run): each C-move's branch is the one the text marks with asterisks.
// White's Bb4? asks for an enemy bishop on b4 (none: else Bb5); Black's Ef6? asks for any enemy
// man on f6 (Black's own knight is there, which does not count: else d5); White's Bf6? finds
// Black's bishop (then Qb4), and its else-move Be5, a move White could not make, is never tried.
TEST(ConditionalSampleGame, ExcerptsThreeToFiveTakeTheBranchesTheTextMarks) {
  const ConditionalReplayResult r =
      sample_game_file("conditional_matos_neto_1996_excerpts_3_5.pgn");
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front().message;
  ASSERT_EQ(r.moves.size(), 12U);
  const auto executed = [&r](std::size_t i, Color side, const char* move) {
    EXPECT_EQ(r.moves[i].phase, Phase::kC) << i;
    EXPECT_EQ(r.moves[i].side, side) << i;
    EXPECT_EQ(r.moves[i].outcome, COutcome::kExecuted) << i;
    EXPECT_EQ(r.moves[i].move, move) << i;
  };
  executed(2, kWhite, "Bb5");
  executed(5, kBlack, "d5");
  executed(8, kWhite, "Qb4");
  executed(11, kBlack, "Qe7");
  EXPECT_EQ(r.final_fen, "r1b1k2r/pQ2qppp/2p2b2/8/B3p3/8/PPP2PPP/R3K1NR w KQkq - 1 7 A -");
}

// The remark after excerpt 6: Black's B-move Bb2 makes White's C-move Qb2?Qxb2/Qxc3 illegal
// (no queen on b2, and the bishop blocks the else-move's diagonal), so it is skipped and Black's
// A-move Bxa1 takes the queen (rule 3).
TEST(ConditionalSampleGame, BishopOnB2MakesWhitesCMoveIllegalAndItIsSkipped) {
  const ConditionalReplayResult r =
      sample_game_file("conditional_matos_neto_1996_excerpts_6_9.pgn");
  ASSERT_TRUE(r.valid()) << r.error->message;
  ASSERT_GE(r.moves.size(), 4U);
  EXPECT_EQ(r.moves[1].text, "Bb2");
  EXPECT_EQ(r.moves[2].phase, Phase::kC);
  EXPECT_EQ(r.moves[2].side, kWhite);
  EXPECT_EQ(r.moves[2].outcome, COutcome::kSkipped);
  EXPECT_THAT(r.moves[2].why, ::testing::HasSubstr("'Qxc3' is illegal"));
  EXPECT_EQ(r.moves[3].phase, Phase::kA);
  EXPECT_EQ(r.moves[3].side, kBlack);
  EXPECT_EQ(r.moves[3].canonical, "Bxa1");
}

// The remark after excerpt 7: with Black's rook on d8 facing White's on d1, White may not take
// it at the next A-move, since Rxd8+ is a check that does not mate (rule 2.1).
TEST(ConditionalSampleGame, RxD8IsRefusedAtWhitesNextAMove) {
  const std::string record =
      test::slurp(test::data_path("games/conditional_matos_neto_1996_excerpts_6_9.pgn"));
  const std::string cut = record.substr(0, record.find("7. Bxb2")) + "7. Rxd8+ *";
  const ConditionalReplayResult r = replay_conditional_record(test::conditional(), cut);
  ASSERT_FALSE(r.valid());
  EXPECT_EQ(r.plies, 12);
  EXPECT_EQ(r.error->phase, Phase::kA);
  EXPECT_EQ(r.error->reason, "check in A-move");
  EXPECT_THAT(r.error->message, ::testing::HasSubstr("only when it mates"));
}

// The remark after excerpt 8: Black's B-move Qxe3+ gives check, White's C-move does not cancel
// it and is skipped, and White, the side in check, moves again with an A-move (rule 2.2).
TEST(ConditionalSampleGame, CheckByABMoveSkipsTheCMoveAndWhiteMovesAgain) {
  const ConditionalReplayResult r =
      sample_game_file("conditional_matos_neto_1996_excerpts_6_9.pgn");
  ASSERT_TRUE(r.valid()) << r.error->message;
  ASSERT_GE(r.moves.size(), 16U);
  EXPECT_EQ(r.moves[13].text, "Qxe3+");
  EXPECT_EQ(r.moves[13].phase, Phase::kB);
  EXPECT_EQ(r.moves[14].phase, Phase::kC);
  EXPECT_EQ(r.moves[14].side, kWhite);
  EXPECT_EQ(r.moves[14].outcome, COutcome::kSkipped);
  EXPECT_EQ(r.moves[15].phase, Phase::kA);
  EXPECT_EQ(r.moves[15].side, kWhite);
  EXPECT_EQ(r.moves[15].canonical, "Nge2");
}

// Excerpts 6-9 (one run) replay to the end; the one warning is the text's Nc6 that takes the
// bishop on c6 without an 'x'.
TEST(ConditionalSampleGame, ExcerptsSixToNineReplayWithOnlyTheMissingCaptureMark) {
  const ConditionalReplayResult r =
      sample_game_file("conditional_matos_neto_1996_excerpts_6_9.pgn");
  ASSERT_TRUE(r.valid()) << r.error->message;
  ASSERT_EQ(r.moves.size(), 19U);
  ASSERT_EQ(r.warnings.size(), 1U);
  EXPECT_THAT(r.warnings.front().message, ::testing::HasSubstr("'x' missing"));
  EXPECT_EQ(r.moves[16].canonical, "Nxc6");
  EXPECT_EQ(r.moves[8].outcome, COutcome::kExecuted);
  EXPECT_EQ(r.moves[8].move, "Rd1");
  EXPECT_EQ(r.moves[11].move, "Bb2");
  EXPECT_EQ(r.moves[17].move, "Rf1");
  EXPECT_EQ(r.final_fen, "2br2k1/p4ppp/8/8/1n6/2N1q3/PBP1N1PP/3RKR2 w - - 2 10 B -");
}

}  // namespace
}  // namespace arbiter
