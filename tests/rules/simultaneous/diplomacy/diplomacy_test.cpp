// Diplomacy Chess (shared/rules-text/diplomacy-chess.txt): every example of the rule text on a
// position built to match its narrative (the diagrams are lost), every clause of the resolver
// and every knob alternative, each with a named test.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/core/notation.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::diplomacy;

SimState at(const std::string& fen, const KnobSettings& knobs = {}) {
  return parse_sim_fen(diplomacy(knobs), fen);
}

/// The submission of colour `c` written in coordinates ("a2h2"); a failure if there is none.
Move sub(const SimState& s, Color c, std::string_view uci) {
  return test::submission(s, c, uci);
}

DiplomacyResolution turn(const SimState& s, std::string_view white, std::string_view black) {
  return resolve_diplomacy(s, sub(s, kWhite, white), sub(s, kBlack, black));
}

bool traced(const DiplomacyResolution& r, const std::string& clause, const std::string& square) {
  return std::any_of(r.trace.begin(), r.trace.end(), [&](const TraceEntry& e) {
    return e.clause == clause && square_name(e.square) == square;
  });
}

std::string trace_text(const DiplomacyResolution& r) {
  std::string out;
  for (const TraceEntry& e : r.trace) out += e.clause + ": " + e.text + "\n";
  return out;
}

/// The piece letter on a square of the resolved board ('.' empty; lower case black).
char on(const DiplomacyResolution& r, const std::string& square) {
  const Square sq = *parse_square(square);
  const Position& p = r.after.pos;
  if (p.piece_on(kWhite, sq) != kNoPiece) return p.variant().piece(p.piece_on(kWhite, sq)).letter;
  if (p.piece_on(kBlack, sq) != kNoPiece)
    return static_cast<char>(p.variant().piece(p.piece_on(kBlack, sq)).letter + ('a' - 'A'));
  return '.';
}

// ---- Conflict rule 1: the same destination ----------------------------------------------

// White: Kh1, Qc2, Bf3. Black: Ke8, Nb8, Ne3 (rule 1's two examples).
constexpr const char* kRule1 = "1n2k3/8/8/8/8/4nB2/2Q5/7K w - - 0 1";

TEST(DiplomacyRuleText, QueenTakesKnightOnTheSameDestination) {
  const DiplomacyResolution r = turn(at(kRule1), "c2c6", "b8c6");  // Qc6 and Nc6
  EXPECT_EQ(r.fates[0], Fate::kExecuted);
  EXPECT_EQ(r.fates[1], Fate::kCaptured);
  EXPECT_EQ(on(r, "c6"), 'Q');
  EXPECT_EQ(on(r, "b8"), '.');
  EXPECT_TRUE(traced(r, "same-destination", "c6")) << trace_text(r);
}

TEST(DiplomacyRuleText, BishopAndKnightOfEqualRankBounce) {
  const DiplomacyResolution r = turn(at(kRule1), "f3d1", "e3d1");  // Bd1 and Nd1
  EXPECT_EQ(r.fates[0], Fate::kFailed);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_EQ(on(r, "f3"), 'B');
  EXPECT_EQ(on(r, "e3"), 'n');
  EXPECT_EQ(on(r, "d1"), '.');
  EXPECT_TRUE(traced(r, "same-destination", "d1")) << trace_text(r);
}

TEST(DiplomacyClauses, SameStepSameDestinationIsDecidedByRank) {
  // The rook f5-e5 and the knight c6-e5 both land in step 1: the rook outranks the knight.
  const DiplomacyResolution r = turn(at("4k3/8/2n5/5R2/8/8/8/4K3 w - - 0 1"), "f5e5", "c6e5");
  EXPECT_EQ(r.fates[0], Fate::kExecuted);
  EXPECT_EQ(r.fates[1], Fate::kCaptured);
  EXPECT_EQ(on(r, "e5"), 'R');
  EXPECT_EQ(on(r, "c6"), '.');
}

// White: Ke1, Pe2. Black: Ke8, Pe5. e2-e4 lands in step 2, e5-e4 in step 1 (issue 21, item 1).
constexpr const char* kPawnsForE4 = "4k3/8/8/4p3/8/8/4P3/4K3 w - - 0 1";

TEST(DiplomacyClauses, SameDestinationEqualRanksBothFailWhateverArrivesFirst) {
  // Rule 1 speaks of ranks, not of arrival: the black pawn standing on e4 since step 1 does
  // not make the white pawn's move a straight capture; the two equal ranks bounce.
  const DiplomacyResolution r = turn(at(kPawnsForE4), "e2e4", "e5e4");
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_TRUE(traced(r, "same-destination", "e4")) << trace_text(r);
  EXPECT_FALSE(traced(r, "obstacle", "e4")) << trace_text(r);
  EXPECT_EQ(on(r, "e2"), 'P');
  EXPECT_EQ(on(r, "e5"), 'p');
  EXPECT_EQ(on(r, "e4"), '.');
}

TEST(DiplomacyClauses, SameDestinationHigherRankTakesAStraightPawnThatArrivesLater) {
  // Nf6-e4 lands in step 1, the pawn's double step in step 2: the knight outranks the pawn.
  const DiplomacyResolution r = turn(at("4k3/8/5n2/8/8/8/4P3/4K3 w - - 0 1"), "e2e4", "f6e4");
  EXPECT_EQ(r.fates[0], Fate::kCaptured) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_EQ(on(r, "e4"), 'n');
  EXPECT_EQ(on(r, "e2"), '.');
}

TEST(DiplomacyKnobs, SameDestinationByArrivalStopsTheLaterStraightPawn) {
  // Under same-destination=arrival the pawn that got there first stands in the way of a pawn
  // that cannot take straight ahead.
  const DiplomacyResolution r =
      turn(at(kPawnsForE4, {{"same-destination", "arrival"}}), "e2e4", "e5e4");
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_TRUE(traced(r, "obstacle", "e4")) << trace_text(r);
}

// White: Ke1, Pb7. Black: Ke8, Nd7. b7-b8=Q and Nd7-b8 both land on b8 in step 1.
constexpr const char* kPromotion = "4k3/1P1n4/8/8/8/8/8/4K3 w - - 0 1";

TEST(DiplomacyKnobs, PromotionRankIsThePawnsByDefault) {
  const DiplomacyResolution r = turn(at(kPromotion), "b7b8q", "d7b8");
  EXPECT_EQ(r.fates[0], Fate::kCaptured) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_EQ(on(r, "b8"), 'n');
}

TEST(DiplomacyKnobs, PromotionRankIsTheNewPiecesUnderTheKnob) {
  const SimState s = at(kPromotion, {{"promotion-rank", "new-piece"}});
  const DiplomacyResolution r = turn(s, "b7b8q", "d7b8");
  EXPECT_EQ(r.fates[0], Fate::kExecuted) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kCaptured);
  EXPECT_EQ(on(r, "b8"), 'Q');
  EXPECT_NE(trace_text(r).find("P=Q outranks N"), std::string::npos) << trace_text(r);
  // Promoted to a knight, it meets the knight as an equal: both fail.
  const DiplomacyResolution n = turn(s, "b7b8n", "d7b8");
  EXPECT_EQ(n.fates[0], Fate::kFailed) << trace_text(n);
  EXPECT_EQ(n.fates[1], Fate::kFailed);
}

TEST(DiplomacyKnobs, PromotionRankCountsAtTheDestinationWhateverArrivesFirst) {
  // The pawn lands on b8 in step 1, the rook from h8 in step 6 (Black's king waits on a1).
  const char* fen = "7r/1P6/8/8/8/8/8/k3K3 w - - 0 1";
  const DiplomacyResolution pawn = turn(at(fen), "b7b8q", "h8b8");
  EXPECT_EQ(pawn.fates[0], Fate::kCaptured) << trace_text(pawn);
  EXPECT_EQ(on(pawn, "b8"), 'r');
  const DiplomacyResolution queen =
      turn(at(fen, {{"promotion-rank", "new-piece"}}), "b7b8q", "h8b8");
  EXPECT_EQ(queen.fates[0], Fate::kExecuted) << trace_text(queen);
  EXPECT_EQ(queen.fates[1], Fate::kCaptured);
  EXPECT_EQ(on(queen, "b8"), 'Q');
}

// ---- Conflict rule 3: meeting in transit, obstacles -------------------------------------

// White: Kh1, Qf3, Ra2, Ra6, Pd3. Black: Ke8, Ba4, Bg7, Nd6, Pc7 (rule 3's four examples).
constexpr const char* kRule3 = "4k3/2p3b1/R2n4/8/b7/3P1Q2/R7/7K w - - 0 1";

TEST(DiplomacyRuleText, QueenAndPawnNeverMeet) {
  const DiplomacyResolution r = turn(at(kRule3), "f3d5", "c7c5");  // Qd5 and c5
  EXPECT_EQ(r.fates[0], Fate::kExecuted);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_EQ(on(r, "d5"), 'Q');
  EXPECT_EQ(on(r, "c5"), 'p');
}

TEST(DiplomacyRuleText, RookAndBishopMeetOnC2) {
  const DiplomacyResolution r = turn(at(kRule3), "a2h2", "a4d1");  // Rh2 and Bd1
  EXPECT_EQ(r.fates[0], Fate::kFailed);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_TRUE(traced(r, "meet-in-transit", "c2")) << trace_text(r);
  EXPECT_EQ(on(r, "a2"), 'R');
  EXPECT_EQ(on(r, "a4"), 'b');
}

TEST(DiplomacyRuleText, KnightThatStaysBlocksTheRook) {
  const DiplomacyResolution r = turn(at(kRule3), "a6h6", "a4b5");  // Rh6; the knight stays
  EXPECT_EQ(r.fates[0], Fate::kFailed);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_TRUE(traced(r, "obstacle", "d6")) << trace_text(r);
}

TEST(DiplomacyRuleText, KnightThatLeavesLetsTheRookPass) {
  const DiplomacyResolution r = turn(at(kRule3), "a6h6", "d6b5");
  EXPECT_EQ(r.fates[0], Fate::kExecuted);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_EQ(on(r, "h6"), 'R');
}

TEST(DiplomacyRuleText, PawnArrivingFirstStopsTheBishop) {
  const DiplomacyResolution r = turn(at(kRule3), "d3d4", "g7a1");  // d4 and Ba1
  EXPECT_EQ(r.fates[0], Fate::kExecuted);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_TRUE(traced(r, "obstacle", "d4")) << trace_text(r);
  EXPECT_EQ(on(r, "d4"), 'P');
  EXPECT_EQ(on(r, "g7"), 'b');
}

TEST(DiplomacyClauses, MeetingAtTheSameStepWhateverTheRanks) {
  // The bishop a7-g1 and the queen d1-d7 both stand on d4 in step 3.
  const SimState s = at("4k3/b7/8/8/8/8/8/3QK3 w - - 0 1");
  const DiplomacyResolution r = turn(s, "d1d7", "a7g1");
  EXPECT_EQ(r.fates[0], Fate::kFailed);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_TRUE(traced(r, "meet-in-transit", "d4")) << trace_text(r);
}

// ---- Conflict rule 5: the king after resolution ------------------------------------------

// White: Ka8, Qf1. Black: Ka2, Rh7 (rule 5's two examples).
constexpr const char* kRule5 = "K7/7r/8/8/8/8/k7/5Q2 w - - 0 1";

TEST(DiplomacyRuleText, KingMayEnterASquareWhoseAttackerLeaves) {
  const DiplomacyResolution r = turn(at(kRule5), "a8b7", "h7h6");  // Kb7 and Rh6
  EXPECT_EQ(r.fates[0], Fate::kExecuted);
  EXPECT_EQ(on(r, "b7"), 'K');
}

TEST(DiplomacyRuleText, KingMayNotEnterASquareThatStaysAttacked) {
  const DiplomacyResolution r = turn(at(kRule5), "a8b7", "a2b2");
  EXPECT_EQ(r.fates[0], Fate::kFailed);
  EXPECT_TRUE(traced(r, "king-safety", "b7")) << trace_text(r);
}

TEST(DiplomacyRuleText, KingMayNotEnterASquareThatBecomesAttacked) {
  const DiplomacyResolution r = turn(at(kRule5), "f1c4", "a2b3");  // Qc4 and Kb3
  EXPECT_EQ(r.fates[0], Fate::kExecuted);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_EQ(on(r, "a2"), 'k');
  EXPECT_TRUE(traced(r, "king-safety", "b3")) << trace_text(r);
}

// White: Kd4, Re1. Black: Kf6 (issue 21, item 2).
constexpr const char* kTwoKings = "8/8/5k2/8/3K4/8/8/4R3 w - - 0 1";

TEST(DiplomacyClauses, KingSafetyIsJudgedAgainAfterEachFailure) {
  // Kd5 and ...Ke6 both stand attacked at first; e6 stays attacked (by the rook) with White's
  // king move withdrawn, d5 does not with Black's: only Black's king fails, and on f6 it is
  // no danger to d5.
  const DiplomacyResolution r = turn(at(kTwoKings), "d4d5", "f6e6");
  EXPECT_EQ(r.fates[0], Fate::kExecuted) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_TRUE(traced(r, "king-safety", "e6")) << trace_text(r);
  EXPECT_FALSE(traced(r, "king-safety", "d5")) << trace_text(r);
  EXPECT_EQ(on(r, "d5"), 'K');
  EXPECT_EQ(on(r, "f6"), 'k');
}

TEST(DiplomacyClauses, KingSafetyFailsKingsThatOnlyEndangerEachOther) {
  // Without the rook each king is attacked only by the other: either could stand alone, no
  // rule prefers one, and both fail (as equal ranks bound for one square).
  for (const char* rejudge : {"fixed-point", "all-at-once"}) {
    SCOPED_TRACE(rejudge);
    const DiplomacyResolution r = turn(
        at("8/8/5k2/8/3K4/8/8/8 w - - 0 1", {{"king-safety-rejudge", rejudge}}), "d4d5", "f6e6");
    EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
    EXPECT_EQ(r.fates[1], Fate::kFailed);
  }
}

TEST(DiplomacyClauses, KingSafetyJudgesAgainWithTheFailedKingOnItsSquare) {
  // Kd5 and ...Kf7: f7 is attacked by the rook, d5 is not at first. Black's king stays on e6,
  // next to d5, so White's king fails in the next pass.
  const DiplomacyResolution r = turn(at("8/8/4k3/8/3K4/8/8/5R2 w - - 0 1"), "d4d5", "e6f7");
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_TRUE(traced(r, "king-safety", "f7")) << trace_text(r);
  EXPECT_TRUE(traced(r, "king-safety", "d5")) << trace_text(r);
}

TEST(DiplomacyKnobs, KingSafetyRejudgeAllAtOnceFailsBothKings) {
  const DiplomacyResolution r =
      turn(at(kTwoKings, {{"king-safety-rejudge", "all-at-once"}}), "d4d5", "f6e6");
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_TRUE(traced(r, "king-safety", "d5")) << trace_text(r);
}

// White: Ke1, Rh1. Black: Ke8, Bc8. O-O against ...Ba6, which attacks f1 once there.
constexpr const char* kCastlingTransit = "2b1k3/8/8/8/8/8/8/4K2R w K - 0 1";

TEST(DiplomacyClauses, KingSafetyJudgesTheSquaresACastlingKingCrosses) {
  const DiplomacyResolution r = turn(at(kCastlingTransit), "e1g1", "c8a6");
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_TRUE(traced(r, "king-safety", "f1")) << trace_text(r);
  EXPECT_EQ(on(r, "e1"), 'K');
  EXPECT_EQ(on(r, "h1"), 'R');
}

TEST(DiplomacyKnobs, CastlingTransitLandingOnlyJudgesTheLandingSquare) {
  const DiplomacyResolution r =
      turn(at(kCastlingTransit, {{"castling-transit", "landing-only"}}), "e1g1", "c8a6");
  EXPECT_EQ(r.fates[0], Fate::kExecuted) << trace_text(r);
  EXPECT_EQ(on(r, "g1"), 'K');
  EXPECT_EQ(on(r, "f1"), 'R');
}

TEST(DiplomacyClauses, MeetInTransitOnTheCastlingRooksPath) {
  // O-O-O against ...Na3-b1: the knight lands on b1 in step 1, when the rook passes it.
  const DiplomacyResolution r = turn(at("4k3/8/8/8/8/n7/8/R3K3 w Q - 0 1"), "e1c1", "a3b1");
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_TRUE(traced(r, "meet-in-transit", "b1")) << trace_text(r);
}

// White: Ke1, Ne2. Black: Ke8, Re7, which pins the knight.
constexpr const char* kPinned = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";

TEST(DiplomacyKnobs, ExposingMoveIsRefusedByDefault) {
  const SimState s = at(kPinned);
  EXPECT_FALSE(is_diplomacy_submission(s, kWhite, Move(*parse_square("e2"), *parse_square("c3"))));
}

TEST(DiplomacyKnobs, ExposingMoveAllowedLeavesTheKingToBeTaken) {
  // Ne2-c3 leaves e2 in step 1; the rook passes it in step 5 and takes the king in step 6.
  const DiplomacyResolution r = turn(at(kPinned, {{"exposing-move", "allowed"}}), "e2c3", "e7e1");
  EXPECT_EQ(r.fates[0], Fate::kExecuted) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_TRUE(r.king_captured[kWhite]);
  EXPECT_EQ(diplomacy_status(r.after).result(), "0-1");
}

// exposing-move=after-resolution: the pinned knight's move is judged once the turn is
// resolved, as conflict rule 5 judges a king's square.
TEST(DiplomacyKnobs, ExposingMoveAfterResolutionFailsWhileTheKingStandsAttacked) {
  const SimState s = at(kPinned, {{"exposing-move", "after-resolution"}});
  EXPECT_TRUE(is_diplomacy_submission(s, kWhite, Move(*parse_square("e2"), *parse_square("c3"))));
  // Re6 keeps the pin: Nc3 fails and the knight stays on e2.
  DiplomacyResolution r = turn(s, "e2c3", "e7e6");
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_EQ(on(r, "e2"), 'N');
  // Rxe1 would take the king: Nc3 fails, and the knight left on e2 stops the rook.
  r = turn(s, "e2c3", "e7e1");
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_FALSE(r.king_captured[kWhite]);
}

TEST(DiplomacyKnobs, ExposingMoveAfterResolutionStandsWhenThePinIsGone) {
  const DiplomacyResolution r =
      turn(at(kPinned, {{"exposing-move", "after-resolution"}}), "e2c3", "e7a7");
  EXPECT_EQ(r.fates[0], Fate::kExecuted) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_EQ(on(r, "c3"), 'N');
}

TEST(DiplomacyKnobs, ExposingMoveAfterResolutionJudgesAnEnPassantCaptureAlongTheRank) {
  // White: Kh5, Pe5. Black: Kd8, Ra5, Pd5 (just double-stepped). exd6 e.p. empties the rank.
  const char* fen = "3k4/8/8/r2pP2K/8/8/8/8 w - d6 0 1";
  const KnobSettings after{{"exposing-move", "after-resolution"}};
  EXPECT_EQ(turn(at(fen, after), "e5d6", "d8c7").fates[0], Fate::kFailed);
  EXPECT_EQ(turn(at(fen, after), "e5d6", "a5a1").fates[0], Fate::kExecuted);
}

TEST(DiplomacyKnobs, KingSafetyCurrentPositionRefusesTheKingStep) {
  const SimState s = at(kRule5, {{"king-safety", "current-position"}});
  EXPECT_FALSE(is_diplomacy_submission(s, kWhite, Move(*parse_square("a8"), *parse_square("b7"))));
}

// ---- Simultaneously progressive examples -------------------------------------------------

TEST(DiplomacyRuleText, SimultaneouslyProgressiveConflictOnlyWherePiecesCanReach) {
  // White: Ra2 (Rh2). Black: Bc3 (Ba1) and Ba4 (Bd1). The rook and the c3 bishop meet on b2
  // in step 1, so the rook never reaches c2, where it would have met the a4 bishop.
  const SimState s = at("4k3/8/8/8/b7/2b5/R7/7K w - - 0 1");
  const DiplomacyResolution r = resolve_diplomacy(s, {{kWhite, sub(s, kWhite, "a2h2")},
                                                      {kBlack, sub(s, kBlack, "c3a1")},
                                                      {kBlack, sub(s, kBlack, "a4d1")}});
  EXPECT_EQ(r.fates[0], Fate::kFailed);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_EQ(r.fates[2], Fate::kExecuted);
  EXPECT_TRUE(traced(r, "meet-in-transit", "b2")) << trace_text(r);
  EXPECT_EQ(on(r, "d1"), 'b');
}

// White: Ka1, Qh8, Rf8. Black: Ka6, Rh6.
constexpr const char* kRuleTextThreePieces = "5R1Q/8/k6r/8/8/8/8/K7 w - - 0 1";

TEST(DiplomacyRuleText, QueenPassesTheSquareTheRookLeft) {
  // Qh1 and ...Ra6 (the black king waits on a4): the rook is on g6 when the queen is on h7
  // and on f6 when the queen passes h6. No square is shared at the same step.
  const SimState s = at("5R1Q/8/7r/8/k7/8/8/K7 w - - 0 1");
  const DiplomacyResolution r = turn(s, "h8h1", "h6a6");
  EXPECT_EQ(r.fates[0], Fate::kExecuted) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_EQ(on(r, "h1"), 'Q');
  EXPECT_EQ(on(r, "a6"), 'r');
}

TEST(DiplomacyRuleText, BouncedRooksGoHomeAndStopTheQueen) {
  // Qh1 and Rf6 against ...Rf6: the rooks bounce on f6 in step 2 and are home at once; the
  // queen reaches h6 in that step and meets the black rook there. Nothing moves.
  const SimState s = at(kRuleTextThreePieces);
  const DiplomacyResolution r = resolve_diplomacy(s, {{kWhite, sub(s, kWhite, "h8h1")},
                                                      {kWhite, sub(s, kWhite, "f8f6")},
                                                      {kBlack, sub(s, kBlack, "h6f6")}});
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_EQ(r.fates[2], Fate::kFailed);
  EXPECT_EQ(to_sim_fen(r.after).substr(0, 24), "5R1Q/8/k6r/8/8/8/8/K7 w ");
}

// Simultaneously progressive, example 3: the rooks are back home "exactly at the same time" as
// the queen passes h6, so the queen meets the black rook there (conflict rule 3): the trace says
// meet-in-transit, not an obstacle that got there first.
// A piece taken where it was bound is "captured", not "captured on the way": the trace says
// where (here the same-destination conflict on c6, the knight's destination).
TEST(DiplomacyRuleText, TakenAtItsDestinationIsCapturedNotOnTheWay) {
  EXPECT_EQ(to_string(Fate::kCaptured), "captured");
  const SimState s = at("1n2k3/8/8/8/8/4nB2/2Q5/7K w - - 0 1");
  const DiplomacyResolution r = turn(s, "c2c6", "b8c6");
  EXPECT_EQ(r.fates[1], Fate::kCaptured);
  EXPECT_TRUE(traced(r, "same-destination", "c6")) << trace_text(r);
}

TEST(DiplomacyRuleText, QueenMeetsTheRookComingHomeOnH6) {
  const SimState s = at(kRuleTextThreePieces);
  const DiplomacyResolution r = resolve_diplomacy(s, {{kWhite, sub(s, kWhite, "h8h1")},
                                                      {kWhite, sub(s, kWhite, "f8f6")},
                                                      {kBlack, sub(s, kBlack, "h6f6")}});
  EXPECT_TRUE(traced(r, "meet-in-transit", "h6")) << trace_text(r);
  EXPECT_FALSE(traced(r, "obstacle", "h6")) << trace_text(r);
  EXPECT_TRUE(traced(r, "same-destination", "f6")) << trace_text(r);
}

TEST(DiplomacyRuleText, QueenBoundForH6TakesTheReturningRook) {
  const SimState s = at(kRuleTextThreePieces);
  const DiplomacyResolution r = resolve_diplomacy(s, {{kWhite, sub(s, kWhite, "h8h6")},
                                                      {kWhite, sub(s, kWhite, "f8f6")},
                                                      {kBlack, sub(s, kBlack, "h6f6")}});
  EXPECT_EQ(r.fates[0], Fate::kExecuted) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_EQ(r.fates[2], Fate::kCaptured);
  EXPECT_EQ(on(r, "h6"), 'Q');
}

TEST(DiplomacyClauses, TwoPiecesOfOneSideNeverTakeEachOther) {
  // Simultaneously progressive: White's Qh8-f6 and Rf8-f6 both land on f6 in step 2.
  const SimState s = at("5R1Q/8/k7/8/8/8/8/K7 w - - 0 1");
  const DiplomacyResolution r =
      resolve_diplomacy(s, {{kWhite, sub(s, kWhite, "h8f6")}, {kWhite, sub(s, kWhite, "f8f6")}});
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_EQ(on(r, "h8"), 'Q');
  EXPECT_EQ(on(r, "f8"), 'R');
}

// ---- Knobs --------------------------------------------------------------------------------

// White: Ke1, Bc1. Black: Ke8, Qf4. Bc1xf4 and Qf4xc1 cross between d2 and e3 in step 2
// without sharing a square.
constexpr const char* kSwap = "4k3/8/8/8/5q2/8/8/2B1K3 w - - 0 1";

TEST(DiplomacyKnobs, HeadOnSwapPassesByDefault) {
  const DiplomacyResolution r = turn(at(kSwap), "c1f4", "f4c1");
  EXPECT_EQ(r.fates[0], Fate::kExecuted) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_EQ(on(r, "f4"), 'B');
  EXPECT_EQ(on(r, "c1"), 'q');
}

TEST(DiplomacyKnobs, HeadOnSwapConflictsUnderTheKnob) {
  const DiplomacyResolution r = turn(at(kSwap, {{"head-on-swap", "conflict"}}), "c1f4", "f4c1");
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_TRUE(traced(r, "head-on", "d2")) << trace_text(r);
}

TEST(DiplomacyClauses, SwapOverAnEvenDistanceMeetsOnASquare) {
  // Bc1xg5 and Qg5xc1 (the Move-Neutral text's trade of places) both stand on e3 in step 2.
  const DiplomacyResolution r = turn(at("4k3/8/8/6q1/8/8/8/2B1K3 w - - 0 1"), "c1g5", "g5c1");
  EXPECT_EQ(r.fates[0], Fate::kFailed);
  EXPECT_TRUE(traced(r, "meet-in-transit", "e3")) << trace_text(r);
}

// White: Ke1, Pe4, Bg5. Black: Ke8, Pd5, Nf6.
constexpr const char* kDeparted = "4k3/8/5n2/3p2B1/4P3/8/8/4K3 w - - 0 1";

TEST(DiplomacyKnobs, PawnCaptureOfADepartedPieceFailsByDefault) {
  const DiplomacyResolution r = turn(at(kDeparted), "e4d5", "d5d4");
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_TRUE(traced(r, "capture-of-departed", "d5"));
}

TEST(DiplomacyKnobs, PawnCaptureOfADepartedPieceLandsUnderTheKnob) {
  const DiplomacyResolution r =
      turn(at(kDeparted, {{"pawn-capture-of-departed", "lands"}}), "e4d5", "d5d4");
  EXPECT_EQ(r.fates[0], Fate::kExecuted) << trace_text(r);
  EXPECT_EQ(on(r, "d5"), 'P');
  EXPECT_EQ(on(r, "d4"), 'p');
}

TEST(DiplomacyKnobs, CaptureOfADepartedPieceMovesInByDefault) {
  const DiplomacyResolution r = turn(at(kDeparted), "g5f6", "f6e4");
  EXPECT_EQ(r.fates[0], Fate::kExecuted) << trace_text(r);
  EXPECT_EQ(on(r, "f6"), 'B');
}

TEST(DiplomacyKnobs, CaptureOfADepartedPieceFailsUnderTheKnob) {
  const DiplomacyResolution r =
      turn(at(kDeparted, {{"capture-of-departed", "fails"}}), "g5f6", "f6h7");
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(on(r, "g5"), 'B');
}

// White: Ke1, Qd1. Black: Kd8. Qd1xd8 against ...Kd7: the king stands on d7 first and stops
// the queen, but d7 is then attacked by the queen on d1, so the king's move fails; resolved
// again without it, the queen reaches d8 with the king still there.
constexpr const char* kKingCapture = "3k4/8/8/8/8/8/8/3QK3 w - - 0 1";

TEST(DiplomacyKnobs, KingWhoseEscapeFailedIsTakenAndLoses) {
  const SimState s = at(kKingCapture);
  const DiplomacyResolution r = turn(s, "d1d8", "d8d7");
  EXPECT_TRUE(r.king_captured[kBlack]) << trace_text(r);
  const SimStatus st = diplomacy_status(r.after);
  EXPECT_TRUE(st.over);
  EXPECT_EQ(st.result(), "1-0");
}

TEST(DiplomacyKnobs, KingCaptureIllegalMakesTheCaptureFail) {
  const SimState s = at(kKingCapture, {{"king-capture", "illegal"}});
  const DiplomacyResolution r = turn(s, "d1d8", "d8d7");
  EXPECT_FALSE(r.king_captured[kBlack]) << trace_text(r);
  EXPECT_EQ(r.fates[0], Fate::kFailed);
  EXPECT_TRUE(traced(r, "king-capture", "d8"));
}

// White: Ke1, Ng1, Pg2. Black: Ke8, Bh5. Ng1-f3 against ...Bh5-d1, which passes f3 in step 2.
constexpr const char* kKnight = "4k3/8/8/7b/8/8/6P1/4K1N1 w - - 0 1";

TEST(DiplomacyKnobs, OneTickKnightLandsFirstAndStopsTheBishop) {
  const DiplomacyResolution r = turn(at(kKnight), "g1f3", "h5d1");
  EXPECT_EQ(r.fates[0], Fate::kExecuted) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_TRUE(traced(r, "obstacle", "f3"));
}

TEST(DiplomacyKnobs, TwoTickKnightMeetsTheBishopOnF3) {
  const DiplomacyResolution r = turn(at(kKnight, {{"knight-timing", "two-ticks"}}), "g1f3", "h5d1");
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kFailed);
  EXPECT_TRUE(traced(r, "meet-in-transit", "f3"));
}

TEST(DiplomacyKnobs, TwoStepPathKnightIsBlockedByItsOwnPawn) {
  // Its path goes g1-g2-f3, and g2 holds White's pawn: the knight stays, the bishop passes.
  const DiplomacyResolution r =
      turn(at(kKnight, {{"knight-timing", "two-step-path"}}), "g1f3", "h5d1");
  EXPECT_EQ(r.fates[0], Fate::kFailed) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_TRUE(traced(r, "obstacle", "g2"));
}

TEST(DiplomacyKnobs, VacatedSquareBlockedRefusesPathsThroughPieces) {
  const SimState s = at(kRule3, {{"vacated-square", "blocked"}});
  EXPECT_FALSE(is_diplomacy_submission(s, kWhite, Move(*parse_square("a6"), *parse_square("h6"))));
  EXPECT_TRUE(
      is_diplomacy_submission(at(kRule3), kWhite, Move(*parse_square("a6"), *parse_square("h6"))));
}

// White: Ka1, Qc5. Black: Kh8, Bf3. Qc5-c6 lands in step 1, Bf3-c6 in step 3.
constexpr const char* kLateBishop = "7k/8/8/2Q5/8/5b2/8/K7 w - - 0 1";

TEST(DiplomacyKnobs, SameDestinationByRankWhateverArrivesFirst) {
  const DiplomacyResolution r = turn(at(kLateBishop), "c5c6", "f3c6");
  EXPECT_EQ(r.fates[0], Fate::kExecuted) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kCaptured);
  EXPECT_EQ(on(r, "c6"), 'Q');
}

TEST(DiplomacyKnobs, SameDestinationByArrivalLetsTheLaterPieceTake) {
  const DiplomacyResolution r =
      turn(at(kLateBishop, {{"same-destination", "arrival"}}), "c5c6", "f3c6");
  EXPECT_EQ(r.fates[0], Fate::kCaptured) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_EQ(on(r, "c6"), 'b');
}

// ---- FEN -----------------------------------------------------------------------------------

TEST(DiplomacyFen, TwoEnPassantSquaresRoundTrip) {
  const std::string fen = "4k3/8/8/3pP3/4Pp2/8/8/4K3 w - e3d6 0 1";
  EXPECT_EQ(to_sim_fen(at(fen)), fen);
  const DiplomacyResolution r = turn(at(fen), "e5d6", "f4e3");  // both take en passant
  EXPECT_EQ(r.fates[0], Fate::kExecuted) << trace_text(r);
  EXPECT_EQ(r.fates[1], Fate::kExecuted);
  EXPECT_EQ(on(r, "d5"), '.');
  EXPECT_EQ(on(r, "e4"), '.');
}

TEST(DiplomacyFen, BothKingsMayStandInCheck) {
  // Moves 1: both players move at once, so there is no side to move whose opponent must not
  // be in check (docs/diplomacy.md: "Either side may be in check"). Each rook checks the king
  // beside it; the position reads, both kings are in check, and play goes on.
  const SimState s = at("4k3/4R3/8/8/8/8/4r3/4K3 w - - 0 1");
  EXPECT_EQ(to_sim_fen(s), "4k3/4R3/8/8/8/8/4r3/4K3 w - - 0 1");
  EXPECT_TRUE(s.pos.attacked(s.pos.king_square(kWhite), kBlack));
  EXPECT_TRUE(s.pos.attacked(s.pos.king_square(kBlack), kWhite));
  EXPECT_TRUE(s.pos.king_in_check(kWhite));
  EXPECT_TRUE(s.pos.king_in_check(kBlack));
  EXPECT_TRUE(view_for(s, kWhite).in_check());
  EXPECT_TRUE(view_for(s, kBlack).in_check());
  const SimStatus st = diplomacy_status(s);
  EXPECT_FALSE(st.over) << st.reason;
  EXPECT_EQ(st.result(), "");
  // Each side has submissions, among them the king taking the checking rook; made together,
  // both execute and neither king is in check any more.
  for (Color c : {kWhite, kBlack}) {
    MoveList moves;
    diplomacy_submissions(s, c, moves);
    EXPECT_FALSE(moves.empty()) << int(c);
  }
  const DiplomacyResolution r = turn(s, "e1e2", "e8e7");
  EXPECT_EQ(r.fates, (SmallVector<Fate, 2>{Fate::kExecuted, Fate::kExecuted})) << trace_text(r);
  EXPECT_EQ(to_sim_fen(r.after).substr(0, to_sim_fen(r.after).find(' ')), "8/4k3/8/8/8/8/4K3/8");
  EXPECT_FALSE(r.after.pos.king_in_check(kWhite));
  EXPECT_FALSE(r.after.pos.king_in_check(kBlack));
  EXPECT_FALSE(diplomacy_status(r.after).over);
}

TEST(DiplomacyFen, Errors) {
  const auto error = [](const std::string& fen) {
    try {
      at(fen);
    } catch (const FenError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error("4k3/8/8/8/8/8/8/4K3 b - - 0 1").find("expected 'w'"), std::string::npos);
  EXPECT_NE(error("4k3/8/8/8/8/8/8/4K3 w - e4 0 1").find("rank 4"), std::string::npos);
  EXPECT_NE(error("4k3/8/8/8/8/8/8/4K3 w - e3 0 1").find("no white pawn on e4"), std::string::npos);
  EXPECT_NE(error("4k3/8/8/8/4PP2/8/8/4K3 w - e3f3 0 1").find("at most one"), std::string::npos);
  EXPECT_NE(error("4k3/8/8/8/8/8/8/4K3 w - e3d 0 1").find("two squares"), std::string::npos);
}

// ---- Game end -----------------------------------------------------------------------------

TEST(DiplomacyStatus, CheckmateAndBothMated) {
  EXPECT_EQ(diplomacy_status(at("R5k1/5ppp/8/8/8/8/8/6K1 w - - 0 1")).result(), "1-0");
  // Rd8 and ...Ra1 both mate: neither rook can block (the d2 pawn closes White's d-file).
  const SimStatus both = diplomacy_status(at("3R2k1/5ppp/8/8/8/8/3P1PPP/r5K1 w - - 0 1"));
  EXPECT_TRUE(both.over);
  EXPECT_EQ(both.reason, "both mated");
  EXPECT_EQ(both.result(), "1/2-1/2");
}

TEST(DiplomacyStatus, StalemateDraws) {
  const SimStatus st = diplomacy_status(at("k7/8/1Q6/8/8/8/8/7K w - - 0 1"));
  EXPECT_TRUE(st.over);
  EXPECT_EQ(st.reason, "stalemate");
}

// The back-rank mate of CheckmateAndBothMated: Black's king may still be submitted to f8 or h8.
constexpr const char* kBackRank = "R5k1/5ppp/8/8/8/8/8/6K1 w - - 0 1";

TEST(DiplomacyKnobs, GameEndMovesOrthodoxJudgesMateByTheLegalMoves) {
  EXPECT_EQ(diplomacy_status(at(kBackRank, {{"game-end-moves", "orthodox"}})).result(), "1-0");
}

TEST(DiplomacyKnobs, GameEndMovesSubmissionsJudgesMateByWhatMayBeSubmitted) {
  const SimStatus mate = diplomacy_status(at(kBackRank, {{"game-end-moves", "submissions"}}));
  EXPECT_FALSE(mate.over) << mate.reason;
  const SimStatus stalemate =
      diplomacy_status(at("k7/8/1Q6/8/8/8/8/7K w - - 0 1", {{"game-end-moves", "submissions"}}));
  EXPECT_FALSE(stalemate.over) << stalemate.reason;
  // With king steps judged on the current board, the submissions are the legal moves again.
  const SimStatus strict = diplomacy_status(
      at(kBackRank, {{"game-end-moves", "submissions"}, {"king-safety", "current-position"}}));
  EXPECT_EQ(strict.result(), "1-0");
}

}  // namespace
}  // namespace arbiter
