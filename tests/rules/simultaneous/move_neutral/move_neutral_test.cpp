// Move-Neutral Chess (shared/rules-text/move-neutral-chess.txt): every example of the rule
// text on a position built to match its narrative, every clause and every knob alternative.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "rules/core/notation.hpp"
#include "rules/simultaneous/move_neutral/move_neutral.hpp"
#include "rules/simultaneous/move_neutral/move_neutral_turn.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::neutral;

SimState mn_at(const std::string& fen, const KnobSettings& knobs = {}) {
  return parse_sim_fen(neutral(knobs), fen);
}

Move mn_sub(const SimState& s, Color c, std::string_view uci) {
  return test::submission(s, c, uci);
}

bool can_submit(const SimState& s, Color c, std::string_view uci) {
  MoveList moves;
  move_neutral_submissions(s, c, moves);
  const Position view = view_for(s, c);
  return std::any_of(moves.begin(), moves.end(), [&](Move m) { return to_uci(view, m) == uci; });
}

MoveNeutralResolution mn_turn(const SimState& s, std::string_view white, std::string_view black) {
  return resolve_move_neutral(s, mn_sub(s, kWhite, white), mn_sub(s, kBlack, black));
}

std::string board_of(const MoveNeutralResolution& r) {
  const std::string fen = to_sim_fen(r.after);
  return fen.substr(0, fen.find(' '));
}

bool traced(const MoveNeutralResolution& r, const std::string& clause) {
  return std::any_of(r.trace.begin(), r.trace.end(),
                     [&](const TraceEntry& e) { return e.clause == clause; });
}

std::string trace_text(const MoveNeutralResolution& r) {
  std::string out;
  for (const TraceEntry& e : r.trace) out += e.clause + ": " + e.text + "\n";
  return out;
}

bool in_check(const SimState& s, Color c) {
  return view_for(s, c).in_check();
}

// ---- The rule text's examples -------------------------------------------------------------

TEST(MoveNeutralRuleText, KingMoveStandsThoughItWalksIntoCheck) {
  // White Ke1-e2 and Black Nc6-d4: the knight now attacks e2.
  const MoveNeutralResolution r = mn_turn(mn_at("4k3/8/2n5/8/8/8/8/4K3 w - - 0 1"), "e1e2", "c6d4");
  EXPECT_EQ(board_of(r), "4k3/8/8/8/3n4/8/4K3/8");
  EXPECT_TRUE(in_check(r.after, kWhite));
}

TEST(MoveNeutralRuleText, MutualCapturesTradePlaces) {
  // Bc1xQg5 and Qg5xBc1: both stand, the bishop on g5 and the queen on c1.
  const MoveNeutralResolution r =
      mn_turn(mn_at("4k3/8/8/6q1/8/8/8/2B4K w - - 0 1"), "c1g5", "g5c1");
  EXPECT_EQ(board_of(r), "4k3/8/8/6B1/8/8/8/2q4K") << trace_text(r);
  EXPECT_TRUE(traced(r, "trade-places"));
}

TEST(MoveNeutralRuleText, CaptureWhoseTargetLeftTakesNothing) {
  // Bg5xNf6 while Nf6-e4: the bishop ends on f6, the knight on e4.
  const MoveNeutralResolution r =
      mn_turn(mn_at("4k3/8/5n2/6B1/8/8/8/4K3 w - - 0 1"), "g5f6", "f6e4");
  EXPECT_EQ(board_of(r), "4k3/8/5B2/8/4n3/8/8/4K3") << trace_text(r);
  EXPECT_TRUE(traced(r, "target-left"));
}

TEST(MoveNeutralRuleText, PawnCaptureThatFindsNoTargetStillLandsDiagonally) {
  // Pe4xPd5 while Pd5-d4: White's pawn on d5, Black's on d4.
  const MoveNeutralResolution r =
      mn_turn(mn_at("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"), "e4d5", "d5d4");
  EXPECT_EQ(board_of(r), "4k3/8/8/3P4/3p4/8/8/4K3") << trace_text(r);
}

TEST(MoveNeutralRuleText, TwoPiecesReachingOneSquareShareIt) {
  // Qd3-f5 and Pf7-f5: both on f5, neither taken.
  const MoveNeutralResolution r =
      mn_turn(mn_at("4k3/5p2/8/8/8/3Q4/8/4K3 w - - 0 1"), "d3f5", "f7f5");
  EXPECT_EQ(board_of(r), "4k3/8/8/5(Qp)2/8/8/8/4K3") << trace_text(r);
  EXPECT_TRUE(traced(r, "shared-square"));
}

TEST(MoveNeutralRuleText, KingsMayEndAdjacentBothInCheck) {
  // Ke3-e4 and Ke6-e5.
  const MoveNeutralResolution r = mn_turn(mn_at("8/8/4k3/8/8/4K3/8/8 w - - 0 1"), "e3e4", "e6e5");
  EXPECT_EQ(board_of(r), "8/8/8/4k3/4K3/8/8/8");
  EXPECT_TRUE(in_check(r.after, kWhite));
  EXPECT_TRUE(in_check(r.after, kBlack));
}

// ---- Clauses ------------------------------------------------------------------------------

TEST(MoveNeutralClauses, SubmissionsAreLegalMovesOfThePresentBoard) {
  const SimState s = mn_at("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");  // White in check from e2
  EXPECT_TRUE(can_submit(s, kWhite, "e1e2"));                   // takes the checker
  EXPECT_TRUE(can_submit(s, kWhite, "e1d1"));                   // out of the rook's lines
  EXPECT_FALSE(can_submit(s, kWhite, "e1f2"));                  // on the rook's rank now
  EXPECT_FALSE(can_submit(s, kWhite, "e1e1"));                  // no such move
}

TEST(MoveNeutralClauses, APlayerInCheckMustGetOutOfIt) {
  // White Ke1, Ra8, Black Ke8 checked by a rook on e2... every White submission answers the
  // check, whatever Black does.
  const SimState s = mn_at("R3k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
  MoveList moves;
  move_neutral_submissions(s, kWhite, moves);
  ASSERT_FALSE(moves.empty());
  const Position view = view_for(s, kWhite);
  for (Move m : moves) {
    Position after = view;
    Undo undo;
    after.make(m, undo);
    EXPECT_FALSE(after.king_in_check(kWhite)) << to_uci(view, m);
  }
  EXPECT_FALSE(can_submit(s, kWhite, "a8a7"));
}

TEST(MoveNeutralClauses, NoMoveMayTakeAKing) {
  // Both kings are in check from enemy rooks; neither rook may take the king.
  const SimState s = mn_at("4k3/8/8/8/8/8/8/R3K2r w - - 0 1");
  EXPECT_FALSE(can_submit(s, kBlack, "h1e1"));
  const SimState t = mn_at("r3k2R/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_FALSE(can_submit(t, kWhite, "h8e8"));
}

TEST(MoveNeutralClauses, SharedPiecesCannotBeCapturedUntilOneLeaves) {
  // f5 holds White's queen and Black's pawn. White's rook on f1 and Black's rook on f8 look at
  // it; neither may take.
  const SimState s = mn_at("4kr2/8/8/5(Qp)2/8/8/8/4KR2 w - - 0 1");
  EXPECT_FALSE(can_submit(s, kWhite, "f1f5"));
  EXPECT_FALSE(can_submit(s, kBlack, "f8f5"));
  // Once the queen moves away, the pawn stands alone and may be taken next turn.
  const MoveNeutralResolution r = mn_turn(s, "f5a5", "e8d8");
  EXPECT_TRUE(can_submit(r.after, kWhite, "f1f5"));
}

TEST(MoveNeutralClauses, SharedSquareBlocksSlidersByDefault) {
  const SimState s = mn_at("4k3/8/8/5(Qp)2/8/8/8/4KR2 w - - 0 1");
  EXPECT_FALSE(can_submit(s, kWhite, "f1f7"));
}

TEST(MoveNeutralClauses, NoMoveEndsTheGame) {
  // Black is mated (Ra8, king on the back rank behind its pawns); White is not.
  const SimStatus mate = move_neutral_status(mn_at("R5k1/5ppp/8/8/8/8/8/6K1 w - - 0 1"));
  EXPECT_TRUE(mate.over);
  EXPECT_EQ(mate.result(), "1-0");
  const SimStatus stalemate = move_neutral_status(mn_at("k7/8/1Q6/8/8/8/8/7K w - - 0 1"));
  EXPECT_EQ(stalemate.reason, "stalemate");
  EXPECT_EQ(stalemate.result(), "1/2-1/2");
}

TEST(MoveNeutralClauses, BothMatedIsADraw) {
  const SimStatus st = move_neutral_status(mn_at("3R2k1/5ppp/8/8/8/8/3P1PPP/r5K1 w - - 0 1"));
  EXPECT_EQ(st.reason, "both mated");
  EXPECT_EQ(st.result(), "1/2-1/2");
}

// ---- Knobs --------------------------------------------------------------------------------

TEST(MoveNeutralKnobs, MatedAndStalematedByDefaultTheMateWins) {
  // Black (a8, pawns f3 and g2 that cannot move) is stalemated by the queen on b6; White's
  // king on h1 is mated by the g2 pawn, which the f3 pawn protects.
  const std::string fen = "k7/8/1Q6/8/8/5p2/5NpP/6BK w - - 0 1";
  const SimStatus st = move_neutral_status(mn_at(fen));
  EXPECT_EQ(st.result(), "0-1") << st.reason;
  const SimStatus draw = move_neutral_status(mn_at(fen, {{"mated-and-stalemated", "draw"}}));
  EXPECT_EQ(draw.result(), "1/2-1/2") << draw.reason;
}

// White: Ke1, Pe5. Black: Ke8, Pd5 (just double-stepped: e.p. square d6), Nb7.
constexpr const char* kEnPassant = "4k3/1n6/8/3pP3/8/8/8/4K3 w - d6 0 1";

TEST(MoveNeutralKnobs, EnPassantWhileThePawnMovesOnLandsEmpty) {
  const MoveNeutralResolution r = mn_turn(mn_at(kEnPassant), "e5d6", "d5d4");
  EXPECT_EQ(board_of(r), "4k3/1n6/3P4/8/3p4/8/8/4K3") << trace_text(r);
}

TEST(MoveNeutralKnobs, EnPassantWhileThePawnMovesOnIsVoidUnderTheKnob) {
  const MoveNeutralResolution r =
      mn_turn(mn_at(kEnPassant, {{"en-passant-moved-on", "void"}}), "e5d6", "d5d4");
  EXPECT_FALSE(r.executed[kWhite]);
  EXPECT_EQ(board_of(r), "4k3/1n6/8/4P3/3p4/8/8/4K3") << trace_text(r);
}

TEST(MoveNeutralKnobs, EnPassantLandingEnteredIsSharedByDefault) {
  // exd6 e.p. while the knight b7 jumps to d6.
  const MoveNeutralResolution r = mn_turn(mn_at(kEnPassant), "e5d6", "b7d6");
  EXPECT_EQ(board_of(r), "4k3/8/3(Pn)4/8/8/8/8/4K3") << trace_text(r);
}

TEST(MoveNeutralKnobs, EnPassantLandingEnteredCapturesUnderTheKnob) {
  const MoveNeutralResolution r =
      mn_turn(mn_at(kEnPassant, {{"ep-landing-entered", "capture"}}), "e5d6", "b7d6");
  EXPECT_EQ(board_of(r), "4k3/8/3P4/8/8/8/8/4K3") << trace_text(r);
}

// White castles queen-side (the rook crosses b1) while Black's knight d2 jumps to b1. A piece
// attacks the square it enters, so with orthodox pieces only b1 can be entered: the king
// may not castle across or onto an attacked square.
constexpr const char* kCastling = "4k3/8/8/8/8/8/3n4/R3K3 w Q - 0 1";

TEST(MoveNeutralKnobs, CastlingAcrossAnArrivingPieceStands) {
  const MoveNeutralResolution r = mn_turn(mn_at(kCastling), "e1c1", "d2b1");
  EXPECT_EQ(board_of(r), "4k3/8/8/8/8/8/8/1nKR4") << trace_text(r);
}

TEST(MoveNeutralKnobs, CastlingAcrossAnArrivingPieceIsVoidUnderTheKnob) {
  const MoveNeutralResolution r =
      mn_turn(mn_at(kCastling, {{"castling-path-entered", "void"}}), "e1c1", "d2b1");
  EXPECT_FALSE(r.executed[kWhite]);
  EXPECT_EQ(board_of(r), "4k3/8/8/8/8/8/8/Rn2K3") << trace_text(r);
  EXPECT_TRUE(traced(r, "castling-path-entered"));
}

TEST(MoveNeutralKnobs, SharedSquarePassableLetsSlidersCross) {
  const SimState s =
      mn_at("4k3/8/8/5(Qp)2/8/8/8/4KR2 w - - 0 1", {{"shared-square-sliding", "passable"}});
  EXPECT_TRUE(can_submit(s, kWhite, "f1f7"));
  EXPECT_FALSE(can_submit(s, kWhite, "f1f5"));  // still no capture on the shared square
}

// Castling needs empty squares; a shared square is not one, and sliding through it is no
// castling: the rook would land on its own bishop (issue: it vanished).
TEST(MoveNeutralKnobs, SharedSquarePassableGivesNoCastlingAcrossASharedSquare) {
  const std::string fen = "4k3/8/8/8/8/8/8/4K(Bn)1R w K - 0 1";
  for (const char* sliding : {"blocked", "passable"}) {
    const SimState s = mn_at(fen, {{"shared-square-sliding", sliding}});
    EXPECT_FALSE(can_submit(s, kWhite, "e1g1")) << sliding;
  }
}

TEST(MoveNeutralKnobs, SharedSquarePassableStillCastlesWhenThePathIsEmpty) {
  const SimState s =
      mn_at("4k3/8/8/8/8/8/8/(Bn)3K2R w K - 0 1", {{"shared-square-sliding", "passable"}});
  EXPECT_TRUE(can_submit(s, kWhite, "e1g1"));
}

TEST(MoveNeutralKnobs, SharedPieceAttacksByDefaultAndIsInertUnderTheKnob) {
  // White's rook shares e4 with Black's pawn and looks up the e-file at Black's king.
  const std::string fen = "4k3/8/8/8/4(Rp)3/8/8/K7 w - - 0 1";
  EXPECT_FALSE(can_submit(mn_at(fen), kBlack, "e8e7"));  // in check: stays on the file
  EXPECT_TRUE(can_submit(mn_at(fen), kBlack, "e8d7"));
  const SimState inert = mn_at(fen, {{"shared-piece-attacks", "inert"}});
  EXPECT_TRUE(can_submit(inert, kBlack, "e8e7"));
}

// "Neither may be captured until one of them moves away" holds for every capture path.
TEST(MoveNeutralSharedSquare, APawnSharingItsSquareCannotBeTakenEnPassant) {
  const SimState s = mn_at("4k3/8/8/8/3p(Pn)3/8/8/4K3 w - e3 0 1");
  EXPECT_FALSE(can_submit(s, kBlack, "d4e3"));
  EXPECT_TRUE(can_submit(s, kBlack, "d4d3"));
}

TEST(MoveNeutralSharedSquare, NoCaptureLandsOnASharedSquare) {
  // A pawn capture, a promotion that captures, and a king's capture, each aimed at a shared
  // square.
  const SimState s = mn_at("1(Rn)2k3/P7/8/8/8/8/3(Bp)4/3K4 w - - 0 1");
  EXPECT_FALSE(can_submit(s, kWhite, "a7b8q"));
  EXPECT_FALSE(can_submit(s, kWhite, "d1d2"));
  EXPECT_TRUE(can_submit(s, kWhite, "a7a8q"));
}

TEST(MoveNeutralSharedSquare, ResolutionNeverTakesAPieceThatSharesItsSquare) {
  // The decision itself keeps the rule even for an aim the submissions would not allow.
  MoveNeutralTurnInputs<Bitboard> in{};
  in.occupied[kWhite] = bb(*parse_square("e4"));
  in.occupied[kBlack] = bb(*parse_square("e4")) | bb(*parse_square("d4"));
  in.shared = bb(*parse_square("e4"));
  in.leaves[kBlack] = bb(*parse_square("d4"));
  in.lands[kBlack] = bb(*parse_square("e3"));
  in.aims[kBlack] = bb(*parse_square("e4"));
  EXPECT_EQ(decide_move_neutral_turn(in).captured[kWhite], Bitboard{0});
}

// ---- FEN ----------------------------------------------------------------------------------

TEST(MoveNeutralFen, SharedSquaresRoundTrip) {
  const std::string fen = "4k3/8/3(Pn)4/5(Qp)2/8/8/8/4K3 w - - 0 1";
  EXPECT_EQ(to_sim_fen(mn_at(fen)), fen);
}

TEST(MoveNeutralFen, SharedSquareErrors) {
  const auto error = [](const std::string& fen) {
    try {
      mn_at(fen);
    } catch (const FenError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error("4k3/8/8/5(QR)2/8/8/8/4K3 w - - 0 1").find("two white pieces"),
            std::string::npos);
  EXPECT_NE(error("4k3/8/8/5(Q)2/8/8/8/4K3 w - - 0 1").find("1 piece letter"), std::string::npos);
  EXPECT_NE(error("4k3/8/8/5(Qp2/8/8/8/4K3 w - - 0 1").find("unclosed '('"), std::string::npos);
  EXPECT_NE(error("4k3/8/8/5(Qx)2/8/8/8/4K3 w - - 0 1").find("unknown piece letter 'x'"),
            std::string::npos);
  // Only Move-Neutral positions may share squares.
  try {
    parse_sim_fen(test::bundled_variant("diplomacy"), "4k3/8/8/5(Qp)2/8/8/8/4K3 w - - 0 1");
    ADD_FAILURE() << "no error";
  } catch (const FenError& e) {
    EXPECT_NE(std::string(e.what()).find("only Move-Neutral"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace arbiter
