// The decisions of one Move-Neutral turn over square sets (move_neutral_turn.hpp), the part the
// engine's resolver and the Z3 step share: each test names the rule text's example or clause
// (shared/rules-text/move-neutral-chess.txt) it pins, on Bitboards.
#include <gtest/gtest.h>

#include "rules/simultaneous/move_neutral/move_neutral_turn.hpp"

namespace arbiter {
namespace {

Bitboard at(std::string_view name) {
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
  in.leaves[kWhite] = at(wf);
  in.lands[kWhite] = at(wt);
  in.aims[kWhite] = at(wt);
  in.leaves[kBlack] = at(bf);
  in.lands[kBlack] = at(bt);
  in.aims[kBlack] = at(bt);
  return in;
}

// Example 2: Bc1xQg5 and Qg5xBc1 trade places; nothing is taken.
TEST(MoveNeutralTurn, MutualCapturesTradePlacesExample) {
  const auto in = moves(at("c1") | at("e1"), at("g5") | at("e8"), "c1", "g5", "g5", "c1");
  const auto out = decide_move_neutral_turn(in);
  EXPECT_EQ(out.captured[kWhite] | out.captured[kBlack], Bitboard{0});
  EXPECT_EQ(out.missed[kWhite], at("g5"));
  EXPECT_EQ(out.missed[kBlack], at("c1"));
  EXPECT_EQ(out.after[kWhite], at("g5") | at("e1"));
  EXPECT_EQ(out.after[kBlack], at("c1") | at("e8"));
}

// Example 3: Bg5xNf6 while Nf6-e4: the bishop lands on an empty f6, the knight stands on e4.
TEST(MoveNeutralTurn, CaptureWhoseTargetLeftTakesNothingExample) {
  const auto in = moves(at("g5"), at("f6"), "g5", "f6", "f6", "e4");
  const auto out = decide_move_neutral_turn(in);
  EXPECT_EQ(out.captured[kBlack], Bitboard{0});
  EXPECT_EQ(out.missed[kWhite], at("f6"));
  EXPECT_EQ(out.after[kWhite], at("f6"));
  EXPECT_EQ(out.after[kBlack], at("e4"));
}

// Example 5: Qd3-f5 and f7-f5 end on one square, shared; neither is captured.
TEST(MoveNeutralTurn, BothMovingToOneSquareShareItExample) {
  const auto in = moves(at("d3"), at("f7"), "d3", "f5", "f7", "f5");
  const auto out = decide_move_neutral_turn(in);
  EXPECT_EQ(out.captured[kWhite] | out.captured[kBlack], Bitboard{0});
  EXPECT_EQ(out.shared, at("f5"));
  EXPECT_EQ(out.after[kWhite] & out.after[kBlack], at("f5"));
}

// "Shall stand": a capture whose target stays takes it; the capturer's square and the taken
// square both cost castling rights.
TEST(MoveNeutralTurn, CaptureOfAStandingPieceTakesItAndTouchesBothSquares) {
  const auto in = moves(at("h1") | at("e1"), at("h8") | at("a7"), "h1", "h8", "a7", "a6");
  const auto out = decide_move_neutral_turn(in);
  EXPECT_EQ(out.captured[kBlack], at("h8"));
  EXPECT_EQ(out.after[kBlack], at("a6"));
  EXPECT_EQ(out.touched, at("h1") | at("h8") | at("a7") | at("a6"));
}

// Knob ep-landing-entered: an enemy piece arriving on an en-passant capture's landing square
// shares it (co-occupy) or is taken (capture).
TEST(MoveNeutralTurn, EpLandingEnteredKnobDecidesTheArrivingPiece) {
  // White e5xd6 e.p. takes d5; Black's knight c8-d6 arrives on d6.
  MoveNeutralTurnInputs<Bitboard> in = moves(at("e5"), at("d5") | at("c8"), "e5", "d6", "c8", "d6");
  in.aims[kWhite] = at("d5");
  in.ep_lands[kWhite] = at("d6");
  const auto co_occupy = decide_move_neutral_turn(in);
  EXPECT_EQ(co_occupy.captured[kBlack], at("d5"));
  EXPECT_EQ(co_occupy.taken_arriving[kBlack], Bitboard{0});
  EXPECT_EQ(co_occupy.shared, at("d6"));
  in.ep_landing_captures = true;
  const auto capture = decide_move_neutral_turn(in);
  EXPECT_EQ(capture.taken_arriving[kBlack], at("d6"));
  EXPECT_EQ(capture.after[kBlack], Bitboard{0});
  EXPECT_EQ(capture.shared, Bitboard{0});
}

}  // namespace
}  // namespace arbiter
