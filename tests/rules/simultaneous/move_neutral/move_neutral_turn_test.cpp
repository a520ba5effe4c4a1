// The decisions of one Move-Neutral turn over square sets (move_neutral_turn.hpp), the part the
// engine's resolver and the Z3 step share: each test names the rule text's example or clause
// (shared/rules-text/move-neutral-chess.txt) it pins, on Bitboards.
#include <gtest/gtest.h>

#include "rules/simultaneous/move_neutral/move_neutral_turn.hpp"

namespace arbiter {
namespace {

Bitboard turn_at(std::string_view name) {
  return bb(*parse_square(name));
}

/// White's move from `wf` to `wt`, Black's from `bf` to `bt`; each aims at the destination
/// when the enemy stands there.
MoveNeutralTurnInputs<Bitboard> moves(Bitboard white, Bitboard black, std::string_view wf,
                                      std::string_view wt, std::string_view bf,
                                      std::string_view bt) {
  MoveNeutralTurnInputs<Bitboard> in{};
  in.occupied[kWhite] = white;
  in.occupied[kBlack] = black;
  in.leaves[kWhite] = turn_at(wf);
  in.lands[kWhite] = turn_at(wt);
  in.aims[kWhite] = turn_at(wt);
  in.leaves[kBlack] = turn_at(bf);
  in.lands[kBlack] = turn_at(bt);
  in.aims[kBlack] = turn_at(bt);
  return in;
}

// Example 2: Bc1xQg5 and Qg5xBc1 trade places; nothing is taken.
TEST(MoveNeutralTurn, MutualCapturesTradePlacesExample) {
  const auto in =
      moves(turn_at("c1") | turn_at("e1"), turn_at("g5") | turn_at("e8"), "c1", "g5", "g5", "c1");
  const auto out = decide_move_neutral_turn(in);
  EXPECT_EQ(out.captured[kWhite] | out.captured[kBlack], Bitboard{0});
  EXPECT_EQ(out.missed[kWhite], turn_at("g5"));
  EXPECT_EQ(out.missed[kBlack], turn_at("c1"));
  EXPECT_EQ(out.after[kWhite], turn_at("g5") | turn_at("e1"));
  EXPECT_EQ(out.after[kBlack], turn_at("c1") | turn_at("e8"));
}

// Example 3: Bg5xNf6 while Nf6-e4: the bishop lands on an empty f6, the knight stands on e4.
TEST(MoveNeutralTurn, CaptureWhoseTargetLeftTakesNothingExample) {
  const auto in = moves(turn_at("g5"), turn_at("f6"), "g5", "f6", "f6", "e4");
  const auto out = decide_move_neutral_turn(in);
  EXPECT_EQ(out.captured[kBlack], Bitboard{0});
  EXPECT_EQ(out.missed[kWhite], turn_at("f6"));
  EXPECT_EQ(out.after[kWhite], turn_at("f6"));
  EXPECT_EQ(out.after[kBlack], turn_at("e4"));
}

// Example 5: Qd3-f5 and f7-f5 end on one square, shared; neither is captured.
TEST(MoveNeutralTurn, BothMovingToOneSquareShareItExample) {
  const auto in = moves(turn_at("d3"), turn_at("f7"), "d3", "f5", "f7", "f5");
  const auto out = decide_move_neutral_turn(in);
  EXPECT_EQ(out.captured[kWhite] | out.captured[kBlack], Bitboard{0});
  EXPECT_EQ(out.shared, turn_at("f5"));
  EXPECT_EQ(out.after[kWhite] & out.after[kBlack], turn_at("f5"));
}

// "Shall stand": a capture whose target stays takes it; the capturer's square and the taken
// square both cost castling rights.
TEST(MoveNeutralTurn, CaptureOfAStandingPieceTakesItAndTouchesBothSquares) {
  const auto in =
      moves(turn_at("h1") | turn_at("e1"), turn_at("h8") | turn_at("a7"), "h1", "h8", "a7", "a6");
  const auto out = decide_move_neutral_turn(in);
  EXPECT_EQ(out.captured[kBlack], turn_at("h8"));
  EXPECT_EQ(out.after[kBlack], turn_at("a6"));
  EXPECT_EQ(out.touched, turn_at("h1") | turn_at("h8") | turn_at("a7") | turn_at("a6"));
}

// Knob ep-landing-entered: an enemy piece arriving on an en-passant capture's landing square
// shares it (co-occupy) or is taken (capture).
TEST(MoveNeutralTurn, EpLandingEnteredKnobDecidesTheArrivingPiece) {
  // White e5xd6 e.p. takes d5; Black's knight c8-d6 arrives on d6.
  MoveNeutralTurnInputs<Bitboard> in =
      moves(turn_at("e5"), turn_at("d5") | turn_at("c8"), "e5", "d6", "c8", "d6");
  in.aims[kWhite] = turn_at("d5");
  in.ep_lands[kWhite] = turn_at("d6");
  const auto co_occupy = decide_move_neutral_turn(in);
  EXPECT_EQ(co_occupy.captured[kBlack], turn_at("d5"));
  EXPECT_EQ(co_occupy.taken_arriving[kBlack], Bitboard{0});
  EXPECT_EQ(co_occupy.shared, turn_at("d6"));
  in.ep_landing_captures = true;
  const auto capture = decide_move_neutral_turn(in);
  EXPECT_EQ(capture.taken_arriving[kBlack], turn_at("d6"));
  EXPECT_EQ(capture.after[kBlack], Bitboard{0});
  EXPECT_EQ(capture.shared, Bitboard{0});
}

}  // namespace
}  // namespace arbiter
