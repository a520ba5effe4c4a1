// SAN and UCI: canonical output, forgiving input, precise errors, and an exhaustive round trip
// over every legal move of the standard perft positions and of each position one ply later.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "tests/support/perft_positions.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// Both sides may castle both ways.
constexpr const char* kCastles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
// 1.d4 d5 2.Nf3 Nf6: the knights on b1 and f3 both reach d2.
constexpr const char* kTwoKnights =
    "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3";
// A white pawn on e7 with e8 free, and one on b7 that can take the rook on a8.
constexpr const char* kPromotions = "r5k1/1P2P3/8/8/8/8/8/4K3 w - - 0 1";

Position pos_of(const std::string& fen) {
  return test::orthodox_position(fen);
}

using test::legal_move;

/// SAN of the legal move `uci`.
std::string san(const std::string& fen, std::string_view uci) {
  const Position pos = pos_of(fen);
  return to_san(pos, legal_move(pos, uci));
}

struct Failure {
  NotationErrorKind kind = NotationErrorKind::kSyntax;
  std::string message;
  bool thrown = false;
};

Failure san_failure(const std::string& fen, std::string_view text) {
  const Position pos = pos_of(fen);
  try {
    const Move m = parse_san(pos, text);
    ADD_FAILURE() << "parse_san accepted \"" << text << "\" as " << to_uci(pos, m);
  } catch (const NotationError& e) {
    return Failure{e.kind(), e.what(), true};
  }
  return {};
}

Failure uci_failure(const std::string& fen, std::string_view text) {
  const Position pos = pos_of(fen);
  try {
    const Move m = parse_uci(pos, text);
    ADD_FAILURE() << "parse_uci accepted \"" << text << "\" as " << to_uci(pos, m);
  } catch (const NotationError& e) {
    return Failure{e.kind(), e.what(), true};
  }
  return {};
}

/// parse_san(text) on `fen` gives the legal move `uci`.
::testing::AssertionResult san_reads_as(const std::string& fen, std::string_view text,
                                        std::string_view uci, SanDetails* details = nullptr) {
  const Position pos = pos_of(fen);
  try {
    const Move m = parse_san(pos, text, details);
    if (to_uci(pos, m) == uci) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << '"' << text << "\" read as " << to_uci(pos, m) << ", expected " << uci;
  } catch (const NotationError& e) {
    return ::testing::AssertionFailure() << '"' << text << "\" rejected: " << e.what();
  }
}

// ---------------------------------------------------------------------------------------------
// Canonical SAN output

TEST(NotationSanOutput, PawnPushes) {
  EXPECT_EQ(san(kStart, "e2e4"), "e4");
  EXPECT_EQ(san(kStart, "e2e3"), "e3");
  EXPECT_EQ(san("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "c7c5"), "c5");
}

TEST(NotationSanOutput, PawnCaptureNamesTheFile) {
  EXPECT_EQ(san("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4d5"), "exd5");
}

TEST(NotationSanOutput, EnPassantIsAPawnCapture) {
  const Position pos = pos_of("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
  const Move ep = legal_move(pos, "e5d6");
  EXPECT_EQ(ep.kind(), MoveKind::kEnPassant);
  EXPECT_EQ(to_san(pos, ep), "exd6");
}

TEST(NotationSanOutput, PromotionsAndCapturePromotions) {
  EXPECT_EQ(san(kPromotions, "e7e8q"), "e8=Q+");
  EXPECT_EQ(san(kPromotions, "e7e8r"), "e8=R+");
  EXPECT_EQ(san(kPromotions, "e7e8b"), "e8=B");
  EXPECT_EQ(san(kPromotions, "e7e8n"), "e8=N");
  EXPECT_EQ(san(kPromotions, "b7a8n"), "bxa8=N");
  // The queen on a8 or b8 sees g8 along the back rank.
  EXPECT_EQ(san(kPromotions, "b7a8q"), "bxa8=Q+");
  EXPECT_EQ(san(kPromotions, "b7b8q"), "b8=Q+");
}

TEST(NotationSanOutput, Castling) {
  EXPECT_EQ(san(kCastles, "e1g1"), "O-O");
  EXPECT_EQ(san(kCastles, "e1c1"), "O-O-O");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8"), "O-O");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"), "O-O-O");
  // The rook arriving on f1 checks the king on f8.
  EXPECT_EQ(san("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
}

TEST(NotationSanOutput, CheckAndMate) {
  EXPECT_EQ(san("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8+");
  EXPECT_EQ(san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
  // Fool's mate.
  EXPECT_EQ(san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "d8h4"), "Qh4#");
}

TEST(NotationSanOutput, DisambiguationByFile) {
  EXPECT_EQ(san(kTwoKnights, "b1d2"), "Nbd2");
  EXPECT_EQ(san(kTwoKnights, "f3d2"), "Nfd2");
  // Only the f3 knight reaches e5: no disambiguation.
  EXPECT_EQ(san(kTwoKnights, "f3e5"), "Ne5");
}

TEST(NotationSanOutput, DisambiguationByRank) {
  const std::string fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
  EXPECT_EQ(san(fen, "a1a3"), "R1a3");
  EXPECT_EQ(san(fen, "a5a3"), "R5a3");
  EXPECT_EQ(san(fen, "a1b1"), "Rb1");
}

TEST(NotationSanOutput, DisambiguationBySquareWithThreeQueens) {
  // Queens on h4, e4 and h1 all reach e1: h4 shares its file with h1 and its rank with e4.
  const std::string fen = "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
  EXPECT_EQ(san(fen, "h4e1"), "Qh4e1");
  EXPECT_EQ(san(fen, "e4e1"), "Qee1");
  EXPECT_EQ(san(fen, "h1e1"), "Q1e1");
}

TEST(NotationSanOutput, NoDisambiguationWhenTheOtherPieceIsPinned) {
  // The knight on c3 is pinned by the bishop on b4, so only the g1 knight can go to e2.
  const std::string fen = "4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1";
  EXPECT_EQ(san(fen, "g1e2"), "Ne2");
}

// ---------------------------------------------------------------------------------------------
// Forgiving SAN input

TEST(SanDisambiguation, NoRivalNeedsNothing) {
  EXPECT_EQ(san_disambiguation(*parse_square("b1"), 0), "");
}

TEST(SanDisambiguation, TheMovingPieceIsNotItsOwnRival) {
  EXPECT_EQ(san_disambiguation(*parse_square("b1"), bb(*parse_square("b1"))), "");
}

TEST(SanDisambiguation, ARivalOnAnotherFileIsToldApartByTheOriginFile) {
  // Knights on b1 and f3 (rank 1 and 3) or b1 and f1 (the same rank): the file is enough.
  EXPECT_EQ(san_disambiguation(*parse_square("b1"), bb(*parse_square("f3"))), "b");
  EXPECT_EQ(san_disambiguation(*parse_square("b1"), bb(*parse_square("f1"))), "b");
}

TEST(SanDisambiguation, ARivalOnTheSameFileIsToldApartByTheOriginRank) {
  EXPECT_EQ(san_disambiguation(*parse_square("a1"), bb(*parse_square("a5"))), "1");
}

TEST(SanDisambiguation, RivalsOnTheOriginFileAndRankNeedTheWholeSquare) {
  const Bitboard rivals = bb(*parse_square("h1")) | bb(*parse_square("e4"));
  EXPECT_EQ(san_disambiguation(*parse_square("h4"), rivals), "h4");
}

TEST(NotationSanInput, CaptureMarkXOrColonOrNone) {
  const std::string fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
  SanDetails d;
  EXPECT_TRUE(san_reads_as(fen, "exd5", "e4d5", &d));
  EXPECT_TRUE(d.capture_mark);
  EXPECT_TRUE(san_reads_as(fen, "e:d5", "e4d5", &d));
  EXPECT_TRUE(d.capture_mark);
  EXPECT_TRUE(san_reads_as(fen, "ed5", "e4d5", &d));
  EXPECT_FALSE(d.capture_mark);
  EXPECT_TRUE(san_reads_as(fen, "Bb5", "f1b5", &d));
  EXPECT_FALSE(d.capture_mark);
}

TEST(NotationSanInput, EnPassantWithOptionalSuffix) {
  const std::string fen = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
  EXPECT_TRUE(san_reads_as(fen, "exd6", "e5d6"));
  EXPECT_TRUE(san_reads_as(fen, "exd6e.p.", "e5d6"));
  EXPECT_TRUE(san_reads_as(fen, "exd6 e.p.", "e5d6"));
}

TEST(NotationSanInput, CastlingSpellings) {
  for (const char* text : {"O-O", "0-0", "00", "OO"})
    EXPECT_TRUE(san_reads_as(kCastles, text, "e1g1")) << text;
  for (const char* text : {"O-O-O", "0-0-0", "000", "OOO"})
    EXPECT_TRUE(san_reads_as(kCastles, text, "e1c1")) << text;
  SanDetails d;
  EXPECT_TRUE(san_reads_as("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "O-O+", "e1g1", &d));
  EXPECT_EQ(d.check_mark, '+');
}

TEST(NotationSanInput, CheckMarksAreRecorded) {
  SanDetails d;
  EXPECT_TRUE(san_reads_as("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8+", "a1a8", &d));
  EXPECT_EQ(d.check_mark, '+');
  EXPECT_TRUE(san_reads_as("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#", "a1a8", &d));
  EXPECT_EQ(d.check_mark, '#');
  EXPECT_TRUE(san_reads_as("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8", "a1a8", &d));
  EXPECT_EQ(d.check_mark, 0);
}

TEST(NotationSanInput, AnnotationsAreRecorded) {
  for (const char* annotation : {"!", "?", "!?", "?!", "!!", "??"}) {
    SanDetails d;
    EXPECT_TRUE(san_reads_as(kStart, std::string("Nf3") + annotation, "g1f3", &d));
    EXPECT_EQ(d.annotation, annotation);
    EXPECT_EQ(d.check_mark, 0);
  }
  SanDetails d;
  EXPECT_TRUE(san_reads_as("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8+!?", "a1a8", &d));
  EXPECT_EQ(d.check_mark, '+');
  EXPECT_EQ(d.annotation, "!?");
  // Details are reset on every call.
  EXPECT_TRUE(san_reads_as(kStart, "e4", "e2e4", &d));
  EXPECT_EQ(d.check_mark, 0);
  EXPECT_EQ(d.annotation, "");
}

TEST(NotationSanInput, PromotionSpellings) {
  for (const char* text : {"e8=Q", "e8Q", "e8(Q)", "e8=Q+"})
    EXPECT_TRUE(san_reads_as(kPromotions, text, "e7e8q")) << text;
  for (const char* text : {"e8=N", "e8N", "e8(N)"})
    EXPECT_TRUE(san_reads_as(kPromotions, text, "e7e8n")) << text;
  for (const char* text : {"bxa8=N", "bxa8N", "ba8N", "bxa8(N)", "b:a8=N"})
    EXPECT_TRUE(san_reads_as(kPromotions, text, "b7a8n")) << text;
}

TEST(NotationSanInput, ExplicitPawnLetter) {
  EXPECT_TRUE(san_reads_as(kStart, "Pe4", "e2e4"));
  EXPECT_TRUE(san_reads_as("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "Pexd5",
                           "e4d5"));
}

TEST(NotationSanInput, SuperfluousDisambiguation) {
  EXPECT_TRUE(san_reads_as(kStart, "Ngf3", "g1f3"));
  EXPECT_TRUE(san_reads_as(kStart, "N1f3", "g1f3"));
  EXPECT_TRUE(san_reads_as(kStart, "Ng1f3", "g1f3"));
  EXPECT_TRUE(san_reads_as(kStart, "e2e4", "e2e4"));
}

TEST(NotationSanInput, SurroundingWhitespace) {
  EXPECT_TRUE(san_reads_as(kStart, "  Nf3 ", "g1f3"));
}

// ---------------------------------------------------------------------------------------------
// SAN errors

TEST(NotationSanErrors, Syntax) {
  for (const char* text : {"Zz9", "", "   ", "e9", "+", "!?", "N", "Nf", "e2--e4", "nf3"}) {
    const Failure f = san_failure(kStart, text);
    EXPECT_EQ(f.kind, NotationErrorKind::kSyntax) << '"' << text << "\": " << f.message;
    EXPECT_THAT(f.message, HasSubstr("is not a move")) << '"' << text << '"';
  }
  EXPECT_THAT(san_failure(kStart, "e9").message, HasSubstr("destination square"));
  // "e2-e4" is long algebraic (record_forms_test.cpp); a dash anywhere else is not.
  EXPECT_THAT(san_failure(kStart, "e2--e4").message, HasSubstr("unexpected '-'"));
}

TEST(NotationSanErrors, UnknownPieceLetter) {
  const Failure f = san_failure(kStart, "Xe4");
  EXPECT_EQ(f.kind, NotationErrorKind::kUnknownPiece);
  EXPECT_THAT(f.message, HasSubstr("unknown piece letter 'X'"));

  const Failure g = san_failure(kPromotions, "e8=X");
  EXPECT_EQ(g.kind, NotationErrorKind::kUnknownPiece);
  EXPECT_THAT(g.message, HasSubstr("unknown promotion piece 'X'"));
}

TEST(NotationSanErrors, IllegalWhenNoPieceCanGoThere) {
  const Failure f = san_failure(kStart, "Nd4");
  EXPECT_EQ(f.kind, NotationErrorKind::kIllegal);
  EXPECT_THAT(f.message, HasSubstr("no knight of the side to move can go to d4"));

  const Failure g = san_failure(kStart, "e5");
  EXPECT_EQ(g.kind, NotationErrorKind::kIllegal);
  EXPECT_THAT(g.message, HasSubstr("no pawn of the side to move can go to e5"));

  const Failure h = san_failure(kStart, "Qd4");
  EXPECT_EQ(h.kind, NotationErrorKind::kIllegal);
  EXPECT_THAT(h.message, HasSubstr("no queen"));
}

TEST(NotationSanErrors, PinnedPieceMoveMentionsCheck) {
  const std::string pinned = "4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1";
  const Failure f = san_failure(pinned, "Nce2");
  EXPECT_EQ(f.kind, NotationErrorKind::kIllegal);
  EXPECT_THAT(f.message, AllOf(HasSubstr("'Nce2' is illegal"), HasSubstr("check")));

  const Failure g = san_failure(pinned, "Nd5");
  EXPECT_EQ(g.kind, NotationErrorKind::kIllegal);
  EXPECT_THAT(g.message, HasSubstr("check"));

  // A king stepping onto an attacked square.
  const Failure h = san_failure("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "Kd1");
  EXPECT_EQ(h.kind, NotationErrorKind::kIllegal);
  EXPECT_THAT(h.message, HasSubstr("check"));
}

TEST(NotationSanErrors, AmbiguousPieceMoveListsTheCandidates) {
  const Failure f = san_failure(kTwoKnights, "Nd2");
  EXPECT_EQ(f.kind, NotationErrorKind::kAmbiguous);
  EXPECT_THAT(f.message,
              AllOf(HasSubstr("'Nd2' is ambiguous"), HasSubstr("Nbd2"), HasSubstr("Nfd2")));

  const Failure rooks = san_failure("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "Ra3");
  EXPECT_EQ(rooks.kind, NotationErrorKind::kAmbiguous);
  EXPECT_THAT(rooks.message, AllOf(HasSubstr("R1a3"), HasSubstr("R5a3")));
}

TEST(NotationSanErrors, PromotionWithoutPieceIsAmbiguous) {
  const Failure f = san_failure(kPromotions, "e8");
  EXPECT_EQ(f.kind, NotationErrorKind::kAmbiguous);
  EXPECT_THAT(f.message, AllOf(HasSubstr("promotes"), HasSubstr("e8=Q")));

  const Failure g = san_failure(kPromotions, "bxa8");
  EXPECT_EQ(g.kind, NotationErrorKind::kAmbiguous);
  EXPECT_THAT(g.message, HasSubstr("promotes"));
}

TEST(NotationSanErrors, CastlingNotLegal) {
  const Failure f = san_failure(kStart, "O-O");
  EXPECT_EQ(f.kind, NotationErrorKind::kIllegal);
  EXPECT_THAT(f.message, HasSubstr("castling king-side is not legal"));

  const Failure g = san_failure(kStart, "0-0-0");
  EXPECT_EQ(g.kind, NotationErrorKind::kIllegal);
  EXPECT_THAT(g.message, HasSubstr("castling queen-side is not legal"));

  // Rights present but the king would pass through f1, attacked by the rook on f8.
  const Failure h = san_failure("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O");
  EXPECT_EQ(h.kind, NotationErrorKind::kIllegal);
  EXPECT_THAT(h.message, HasSubstr("castling king-side is not legal"));
  EXPECT_TRUE(san_reads_as("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", "e1c1"));
}

// A promotion to a piece that is not a choice, or "=Q" on a move that does not promote, is
// illegal for that reason - not blamed on check.
TEST(NotationSanErrors, BadPromotionPieceSaysWhatThePawnPromotesTo) {
  for (const char* text : {"e8=K", "e8=P"}) {
    const Failure f = san_failure(kPromotions, text);
    EXPECT_EQ(f.kind, NotationErrorKind::kIllegal) << text;
    EXPECT_THAT(f.message,
                AllOf(Not(HasSubstr("check")), HasSubstr("promotes to one of Q, R, B, N")))
        << text;
  }
  for (const char* text : {"e4=Q", "Nf3=Q"}) {
    const Failure f = san_failure(kStart, text);
    EXPECT_EQ(f.kind, NotationErrorKind::kIllegal) << text;
    EXPECT_THAT(f.message, AllOf(Not(HasSubstr("check")), HasSubstr("does not promote"))) << text;
  }
}

// "Kg1" (or "Kc1") where castling is legal points to O-O / O-O-O. With its origin square
// ("Ke1g1", "e1g1") it is castling written as the king's move (issue 35).
TEST(NotationSanErrors, KingMoveWrittenForCastlingPointsToCastlingNotation) {
  EXPECT_EQ(parse_san(pos_of(kCastles), "Ke1g1"), parse_san(pos_of(kCastles), "O-O"));
  for (const char* text : {"Kg1", "Kc1"}) {
    const Failure f = san_failure(kCastles, text);
    EXPECT_EQ(f.kind, NotationErrorKind::kIllegal) << text;
    EXPECT_THAT(f.message, AllOf(Not(HasSubstr("check")), HasSubstr("O-O"))) << text;
  }
  // Without castling rights the message is already right.
  const Failure g = san_failure("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "Kg1");
  EXPECT_THAT(g.message, HasSubstr("no king of the side to move can go to g1"));
}

TEST(NotationSanErrors, KindNames) {
  EXPECT_EQ(to_string(NotationErrorKind::kSyntax), "syntax");
  EXPECT_EQ(to_string(NotationErrorKind::kUnknownPiece), "unknown piece letter");
  EXPECT_EQ(to_string(NotationErrorKind::kIllegal), "illegal");
  EXPECT_EQ(to_string(NotationErrorKind::kAmbiguous), "ambiguous");
}

// ---------------------------------------------------------------------------------------------
// UCI

TEST(NotationUci, PrintsFromToAndLowerCasePromotion) {
  const Position start = pos_of(kStart);
  EXPECT_EQ(to_uci(start, Move(make_square(4, 1), make_square(4, 3), MoveKind::kDoubleStep)),
            "e2e4");
  const Position promo = pos_of(kPromotions);
  EXPECT_EQ(to_uci(promo, parse_san(promo, "e8=Q")), "e7e8q");
  EXPECT_EQ(to_uci(promo, parse_san(promo, "bxa8=N")), "b7a8n");
  const Position castles = pos_of(kCastles);
  EXPECT_EQ(to_uci(castles, parse_san(castles, "O-O")), "e1g1");
  EXPECT_EQ(to_uci(castles, parse_san(castles, "O-O-O")), "e1c1");
}

TEST(NotationUci, Parses) {
  const Position start = pos_of(kStart);
  const Move e4 = parse_uci(start, "e2e4");
  EXPECT_EQ(e4.from(), make_square(4, 1));
  EXPECT_EQ(e4.to(), make_square(4, 3));
  EXPECT_EQ(parse_uci(start, "g1f3"), parse_san(start, "Nf3"));

  const Position castles = pos_of(kCastles);
  const Move oo = parse_uci(castles, "e1g1");
  EXPECT_EQ(oo.kind(), MoveKind::kCastling);
  EXPECT_EQ(oo, parse_san(castles, "O-O"));

  const Position promo = pos_of(kPromotions);
  const Move q = parse_uci(promo, "e7e8q");
  EXPECT_EQ(q.kind(), MoveKind::kPromotion);
  EXPECT_EQ(q, parse_san(promo, "e8=Q"));
  EXPECT_EQ(parse_uci(promo, "e7e8Q"), q);
  EXPECT_EQ(parse_uci(promo, "b7a8n"), parse_san(promo, "bxa8=N"));

  const Position ep = pos_of("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
  EXPECT_EQ(parse_uci(ep, "e5d6").kind(), MoveKind::kEnPassant);
}

TEST(NotationUci, PromotionLetterRequired) {
  const Failure f = uci_failure(kPromotions, "e7e8");
  EXPECT_EQ(f.kind, NotationErrorKind::kAmbiguous);
  EXPECT_THAT(f.message, AllOf(HasSubstr("promotes"), HasSubstr("e7e8q")));
}

TEST(NotationUci, UnknownPromotionLetter) {
  const Failure f = uci_failure(kPromotions, "e7e8x");
  EXPECT_EQ(f.kind, NotationErrorKind::kUnknownPiece);
  EXPECT_THAT(f.message, HasSubstr("unknown promotion piece 'x'"));
}

TEST(NotationUci, IllegalMove) {
  for (const char* text : {"e2e5", "e1e2", "e7e5", "a1a8", "e2e4q"}) {
    const Failure f = uci_failure(kStart, text);
    EXPECT_EQ(f.kind, NotationErrorKind::kIllegal) << text;
    EXPECT_THAT(f.message, HasSubstr("is not a legal move")) << text;
  }
  // Promotion to a king or pawn is not among the choices.
  EXPECT_EQ(uci_failure(kPromotions, "e7e8k").kind, NotationErrorKind::kIllegal);
  EXPECT_EQ(uci_failure(kPromotions, "e7e8p").kind, NotationErrorKind::kIllegal);
  // The pinned knight.
  EXPECT_EQ(uci_failure("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1", "c3e2").kind,
            NotationErrorKind::kIllegal);
}

TEST(NotationUci, SyntaxErrors) {
  for (const char* text : {"", "e2", "e2e", "e2e9", "i2i4", "e2-e4", "e2e4qq", "0000", "Nf3"}) {
    const Failure f = uci_failure(kStart, text);
    EXPECT_EQ(f.kind, NotationErrorKind::kSyntax) << '"' << text << "\": " << f.message;
    EXPECT_THAT(f.message, HasSubstr("is not a coordinate move")) << '"' << text << '"';
  }
}

// ---------------------------------------------------------------------------------------------
// Exhaustive round trip

/// Checks every legal move of `pos`; returns how many there were.
std::uint64_t check_round_trips(const Position& pos, const std::string& where) {
  MoveList moves;
  generate_legal(pos, moves);
  std::set<std::string> sans, ucis;
  for (Move m : moves) {
    const std::string s = to_san(pos, m);
    const std::string u = to_uci(pos, m);
    EXPECT_TRUE(sans.insert(s).second) << where << ": SAN " << s << " printed twice";
    EXPECT_TRUE(ucis.insert(u).second) << where << ": UCI " << u << " printed twice";
    try {
      EXPECT_EQ(parse_san(pos, s), m) << where << ": SAN " << s;
    } catch (const NotationError& e) {
      ADD_FAILURE() << where << ": SAN " << s << " rejected: " << e.what();
    }
    try {
      EXPECT_EQ(parse_uci(pos, u), m) << where << ": UCI " << u;
    } catch (const NotationError& e) {
      ADD_FAILURE() << where << ": UCI " << u << " rejected: " << e.what();
    }
  }
  return static_cast<std::uint64_t>(moves.size());
}

class NotationRoundTrip : public ::testing::TestWithParam<test::PerftPosition> {};

TEST_P(NotationRoundTrip, EveryLegalMoveAtDepthZeroAndOne) {
  const Position pos = pos_of(GetParam().fen);
  const std::uint64_t root = check_round_trips(pos, GetParam().fen);
  MoveList moves;
  generate_legal(pos, moves);
  std::uint64_t replies = 0;
  for (Move m : moves) {
    Position after = pos;
    Undo undo;
    after.make(m, undo);
    replies += check_round_trips(after, GetParam().fen + " after " + to_uci(pos, m));
  }
  // Every move of perft depth 1 and 2 was checked.
  EXPECT_EQ(root, GetParam().nodes[0]);
  EXPECT_EQ(replies, GetParam().nodes[1]);
}

// The "Notation" prefix keeps these under --gtest_filter=Notation*.
INSTANTIATE_TEST_SUITE_P(NotationOrthodox, NotationRoundTrip,
                         ::testing::ValuesIn(test::perft_positions()),
                         [](const auto& param_info) { return param_info.param.name; });

}  // namespace
}  // namespace arbiter
