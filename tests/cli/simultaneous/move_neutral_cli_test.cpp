// `arbiter resolve --variant move-neutral` run as a user would: every rule-text example of
// Move-Neutral Chess (shared/rules-text/move-neutral-chess.txt; the positions of
// tests/rules/simultaneous/move_neutral/move_neutral_test.cpp) with its trace lines, the --json
// object, --board with a shared square, and the refusals.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;
using ::testing::HasSubstr;

test::CommandResult resolve(const std::string& fen, const std::string& white,
                            const std::string& black, const std::string& more = "") {
  return run_arbiter("resolve -v move-neutral --fen '" + fen + "' --white '" + white +
                     "' --black '" + black + "'" + (more.empty() ? "" : " " + more));
}

TEST(MoveNeutralResolveCli, KingMoveStandsThoughItWalksIntoCheck) {
  const auto r = resolve("4k3/8/2n5/8/8/8/8/4K3 w - - 0 1", "Ke2", "Nd4");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "before 4k3/8/2n5/8/8/8/8/4K3 w - - 0 1\n"
            "white  Ke2 (e1e2): stood\n"
            "black  Nd4 (c6d4): stood\n"
            "  executed: White's king e1e2: stands\n"
            "  executed: Black's knight c6d4: stands\n"
            "after  4k3/8/8/8/3n4/8/4K3/8 w - - 1 2\n"
            "status game goes on\n");
}

TEST(MoveNeutralResolveCli, MutualCapturesTradePlaces) {
  const auto r = resolve("4k3/8/8/6q1/8/8/8/2B4K w - - 0 1", "Bxg5", "Qxc1");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("white  Bxg5 (c1g5): stood\nblack  Qxc1 (g5c1): stood\n"
                               "  trade-places: g5: White's bishop c1g5 and Black's queen g5c1 "
                               "take each other's square: both stand, nothing is taken\n"));
  EXPECT_THAT(r.out, HasSubstr("after  4k3/8/8/6B1/8/8/8/2q4K w - - 1 2\n"));
}

TEST(MoveNeutralResolveCli, CaptureWhoseTargetLeftTakesNothing) {
  const auto r = resolve("4k3/8/5n2/6B1/8/8/8/4K3 w - - 0 1", "Bxf6", "Ne4");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("  target-left: f6: the piece White's bishop g5f6 meant to take "
                               "has left: it takes nothing\n"));
  EXPECT_THAT(r.out, HasSubstr("after  4k3/8/5B2/8/4n3/8/8/4K3 w - - 1 2\n"));
}

TEST(MoveNeutralResolveCli, PawnCaptureThatFindsNoTargetStillLandsDiagonally) {
  const auto r = resolve("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", "d4");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("  target-left: d5: the piece White's pawn e4d5 meant to take "
                               "has left: it takes nothing\n"));
  EXPECT_THAT(r.out, HasSubstr("after  4k3/8/8/3P4/3p4/8/8/4K3 w - - 0 2\n"));
}

TEST(MoveNeutralResolveCli, TwoPiecesReachingOneSquareShareItOnTheBoard) {
  const auto r = resolve("4k3/5p2/8/8/8/3Q4/8/4K3 w - - 0 1", "Qf5", "f5", "--board");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "before 4k3/5p2/8/8/8/3Q4/8/4K3 w - - 0 1\n"
            "white  Qf5 (d3f5): stood\n"
            "black  f5 (f7f5): stood\n"
            "  shared-square: f5: White's queen d3f5 and Black's pawn f7f5 both arrive: they "
            "share the square, neither is taken\n"
            "  executed: White's queen d3f5: stands\n"
            "  executed: Black's pawn f7f5: stands\n"
            "after  4k3/8/8/5(Qp)2/8/8/8/4K3 w - f6 0 2\n"
            "8  .  .  .  .  k  .  .  .\n"
            "7  .  .  .  .  .  .  .  .\n"
            "6  .  .  .  .  .  .  .  .\n"
            "5  .  .  .  .  . Qp  .  .\n"
            "4  .  .  .  .  .  .  .  .\n"
            "3  .  .  .  .  .  .  .  .\n"
            "2  .  .  .  .  .  .  .  .\n"
            "1  .  .  .  .  K  .  .  .\n"
            "   a  b  c  d  e  f  g  h\n"
            "status game goes on\n");
}

TEST(MoveNeutralResolveCli, KingsMayEndAdjacentBothInCheck) {
  const auto r = resolve("8/8/4k3/8/8/4K3/8/8 w - - 0 1", "Ke4", "Ke5");
  EXPECT_EQ(r.status, 0) << r.err;
  // Both kings stand on adjacent squares e4 and e5 (each checks the other), and the game goes
  // on.
  EXPECT_THAT(r.out, HasSubstr("  executed: White's king e3e4: stands\n"
                               "  executed: Black's king e6e5: stands\n"
                               "after  8/8/8/4k3/4K3/8/8/8 w - - 1 2\n"
                               "status game goes on\n"));
}

TEST(MoveNeutralResolveCli, JsonHasTheDiplomacyShape) {
  const auto r = resolve("4k3/8/8/6q1/8/8/8/2B4K w - - 0 1", "c1g5", "Qxc1", "--json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\"moves\":{\"white\":{\"written\":\"c1g5\",\"san\":\"Bxg5\","
                               "\"uci\":\"c1g5\"},"));
  EXPECT_THAT(r.out, HasSubstr("\"fates\":{\"white\":\"stood\",\"black\":\"stood\"}"));
  EXPECT_THAT(r.out, HasSubstr("{\"clause\":\"trade-places\",\"square\":\"g5\",\"tick\":0,"));
  EXPECT_THAT(r.out, HasSubstr("\"fen_after\":\"4k3/8/8/6B1/8/8/8/2q4K w - - 1 2\","
                               "\"status\":{\"over\":false,\"result\":null,\"reason\":null}}"));
}

TEST(MoveNeutralResolveCli, VoidFateUnderAKnob) {
  // en-passant-moved-on=void: exd6 e.p. while the d5 pawn moves on to d4.
  const auto r =
      resolve("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", "d4", "--knob en-passant-moved-on=void");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("white  exd6 (e5d6): void\nblack  d4 (d5d4): stood\n"
                               "  en-passant-moved-on: d5: the pawn taken en passant moves on"));
}

TEST(MoveNeutralResolveCli, Refusals) {
  auto r = resolve("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "Kf2", "Kd8");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err,
              HasSubstr("White may not submit 'Kf2': it would leave the king in check; White "
                        "may submit Kd1, Kf1, Kxe2"));
  r = resolve("4k3/8/8/5(Qp)2/8/8/8/4KR2 w - - 0 1", "Rxf5", "Kd8");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("White may not submit 'Rxf5': f5 is shared: neither piece there can "
                               "be taken until one moves away"));
  r = resolve("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Kd1", "-");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("Black must submit a move"));
}

}  // namespace
}  // namespace arbiter
