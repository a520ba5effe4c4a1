// The retro counting rules of puzzles/legality.hpp, one hand-made position per rule (and a
// near miss that passes), named after the rule it pins.
#include <gtest/gtest.h>

#include <algorithm>

#include "puzzles/legality.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

bool legality_breaks(const Position& pos, LegalityRule rule) {
  const std::vector<LegalityFailure> f = legality_failures(pos);
  return std::any_of(f.begin(), f.end(), [&](const LegalityFailure& x) { return x.rule == rule; });
}

bool legality_passes(const std::string& fen) {
  return legality_failures(test::orthodox_position(fen)).empty();
}

/// A position the FEN reader would refuse: both kings, then `extra` pieces put by hand.
Position legality_by_hand(Square wk, Square bk, Color to_move) {
  const VariantPtr& v = test::orthodox();
  Position pos(v);
  pos.put(kWhite, v->royal(), wk);
  pos.put(kBlack, v->royal(), bk);
  pos.set_side_to_move(to_move);
  return pos;
}

Square legality_square(const char* name) {
  return *parse_square(name);
}

TEST(PuzzleLegality, TheGameArrayAndASparseProblemPass) {
  EXPECT_TRUE(legality_passes("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
  EXPECT_TRUE(legality_passes("4k3/8/4K3/8/8/8/8/7R w - - 0 1"));
}

TEST(PuzzleLegality, KingCountOneKingASide) {
  Position pos = legality_by_hand(legality_square("e1"), legality_square("e8"), kWhite);
  pos.put(kWhite, pos.variant().royal(), legality_square("a1"));
  EXPECT_TRUE(legality_breaks(pos, LegalityRule::kKingCount));
}

TEST(PuzzleLegality, PawnCountEightAtMost) {
  EXPECT_TRUE(legality_breaks(test::orthodox_position("4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1"),
                              LegalityRule::kPawnCount));
}

TEST(PuzzleLegality, MenCountSixteenAtMost) {
  const Position pos = test::orthodox_position("4k3/8/8/8/8/N7/PPPPPPPP/RNBQKBNR w - - 0 1");
  EXPECT_TRUE(legality_breaks(pos, LegalityRule::kMenCount));
  const std::vector<LegalityFailure> f = legality_failures(pos);
  ASSERT_FALSE(f.empty());
  EXPECT_NE(f.front().reason.find("17 men"), std::string::npos) << f.front().reason;
}

TEST(PuzzleLegality, PawnOnBackRankNever) {
  Position pos = legality_by_hand(legality_square("e1"), legality_square("e8"), kWhite);
  pos.put(kBlack, pos.variant().type_of_letter('P'), legality_square("a1"));
  EXPECT_TRUE(legality_breaks(pos, LegalityRule::kPawnOnBackRank));
}

TEST(PuzzleLegality, PromotionsEachExtraPieceNeedsAMissingPawn) {
  EXPECT_TRUE(legality_breaks(test::orthodox_position("4k3/8/8/8/8/QQ6/PPPPPPPP/4K3 w - - 0 1"),
                              LegalityRule::kPromotions));
  // With two pawns gone, the two extra queens are promotions.
  EXPECT_TRUE(legality_passes("4k3/8/8/8/8/QQQ5/2PPPPPP/4K3 w - - 0 1"));
}

TEST(PuzzleLegality, BishopColoursTwoOnOneColourOnlyByPromotion) {
  // b1 and d1 are both light squares; with all eight pawns there, neither was promoted.
  EXPECT_TRUE(legality_breaks(test::orthodox_position("4k3/8/8/8/8/8/PPPPPPPP/1B1BK3 w - - 0 1"),
                              LegalityRule::kBishopColours));
  EXPECT_TRUE(legality_passes("4k3/8/8/8/8/8/1PPPPPPP/1B1BK3 w - - 0 1"));
  EXPECT_TRUE(legality_passes("4k3/8/8/8/8/8/PPPPPPPP/1BB1K3 w - - 0 1"));
}

TEST(PuzzleLegality, PawnCapturesCoveredByMissingEnemyMen) {
  // Doubled a-pawns: one came from another file by a capture, but Black has all 16 men.
  const std::string doubled = "rnbqkbnr/pppppppp/8/8/8/P7/P1PPPPPP/RNBQKBNR w - - 0 1";
  EXPECT_TRUE(legality_breaks(test::orthodox_position(doubled), LegalityRule::kPawnCaptures));
  EXPECT_TRUE(legality_passes("rnbqkbnr/ppppppp1/8/8/8/P7/P1PPPPPP/RNBQKBNR w - - 0 1"));
  // Tripled h-pawns come from the f-, g- and h-files at best: 2 + 1 captures, and Black
  // misses one man only.
  EXPECT_TRUE(legality_breaks(
      test::orthodox_position("rnbqkbnr/ppppppp1/8/7P/7P/7P/PPPPP3/RNBQKBNR w - - 0 1"),
      LegalityRule::kPawnCaptures));
}

TEST(PuzzleLegality, OpponentInCheckNot) {
  Position pos = legality_by_hand(legality_square("g1"), legality_square("e8"), kWhite);
  pos.put(kWhite, pos.variant().type_of_letter('R'), legality_square("e1"));
  EXPECT_TRUE(legality_breaks(pos, LegalityRule::kOpponentInCheck));
}

TEST(PuzzleLegality, ImpossibleCheckTwoKnights) {
  EXPECT_TRUE(legality_breaks(test::orthodox_position("4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1"),
                              LegalityRule::kImpossibleCheck));
}

TEST(PuzzleLegality, ImpossibleCheckTwoRooksNoLastMoveUnmasks) {
  // Neither rook can have left the other's line: a8 is not reachable from e2-e7, nor e1
  // from b8-d8.
  EXPECT_TRUE(legality_breaks(test::orthodox_position("R3k3/8/8/8/8/8/8/4R1K1 b - - 0 1"),
                              LegalityRule::kImpossibleCheck));
  // The bishop came from e2 and unmasked the rook: a legal double check.
  EXPECT_TRUE(legality_passes("4k3/8/8/1B6/8/8/8/4R1K1 b - - 0 1"));
  // exd6 en passant unmasked both the rook (through e5) and the bishop (through d5).
  EXPECT_TRUE(legality_passes("8/8/3Pk3/8/8/8/B7/4R2K b - - 0 1"));
  // The same checkers with the pawn elsewhere: nothing unmasked both.
  EXPECT_TRUE(legality_breaks(test::orthodox_position("8/8/4k3/8/8/3P4/B7/4R2K b - - 0 1"),
                              LegalityRule::kImpossibleCheck));
  // A pawn on d7 took on c8, promoting to a knight, and unmasked the rook on a7.
  EXPECT_TRUE(legality_passes("2N5/R3k3/8/8/8/8/8/6K1 b - - 0 1"));
}

TEST(PuzzleLegality, CastlingRightsNeedKingAndRookAtHome) {
  Position pos = legality_by_hand(legality_square("e1"), legality_square("e8"), kWhite);
  pos.set_castling_rights(pos.variant().castling(kWhite).front().right);
  EXPECT_TRUE(legality_breaks(pos, LegalityRule::kCastlingRights));
}

TEST(PuzzleLegality, EnPassantTargetBehindADoubleStep) {
  Position pos = legality_by_hand(legality_square("e1"), legality_square("e8"), kWhite);
  pos.set_en_passant(legality_square("d6"));
  EXPECT_TRUE(legality_breaks(pos, LegalityRule::kEnPassant));
  EXPECT_TRUE(legality_passes("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"));
}

TEST(PuzzleLegality, ConversionTablesSkipOnlyTheCountingRules) {
  // A man may change sides in Conversion Chess: nine white pawns prove nothing there, but the
  // side not to move in check is illegal in every table.
  const VariantPtr& conversion = test::bundled_variant("conversion");
  const Position nine = parse_fen(conversion, "4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1");
  EXPECT_FALSE(legality_breaks(nine, LegalityRule::kPawnCount));
  EXPECT_TRUE(legality_failures(nine).empty()) << legality_text(legality_failures(nine));
  Position check(conversion);
  check.put(kWhite, conversion->royal(), legality_square("g1"));
  check.put(kBlack, conversion->royal(), legality_square("e8"));
  check.put(kWhite, conversion->type_of_letter('R'), legality_square("e1"));
  EXPECT_TRUE(legality_breaks(check, LegalityRule::kOpponentInCheck));
}

TEST(PuzzleLegality, FailuresAreNamedInTheText) {
  const std::vector<LegalityFailure> f =
      legality_failures(test::orthodox_position("4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1"));
  EXPECT_EQ(legality_text(f).rfind("impossible-check: ", 0), 0U) << legality_text(f);
}

}  // namespace
}  // namespace arbiter::puzzles
