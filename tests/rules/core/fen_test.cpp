// FEN: round trips of the standard positions, and one test per class of malformed FEN, each
// checking that the message names the problem and that column() points at it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "tests/support/perft_positions.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// Columns (1-based) of the fields of kStart.
constexpr int kSideColumn = 45;
constexpr int kCastlingColumn = 47;
constexpr int kEnPassantColumn = 52;
constexpr int kHalfmoveColumn = 54;
constexpr int kFullmoveColumn = 56;

struct FenFailure {
  std::string message;
  int column = 0;
};

FenFailure fen_failure_of(const std::string& fen) {
  try {
    parse_fen(test::orthodox(), fen);
  } catch (const FenError& e) {
    return FenFailure{e.what(), e.column()};
  }
  ADD_FAILURE() << "parse_fen accepted the malformed FEN \"" << fen << "\"";
  return {};
}

/// 1-based column of the first occurrence of `needle` in `fen` at or after `from`.
int column_of(const std::string& fen, const std::string& needle, std::size_t from = 0) {
  const std::size_t at = fen.find(needle, from);
  EXPECT_NE(at, std::string::npos) << needle << " not in " << fen;
  return static_cast<int>(at) + 1;
}

// ---------------------------------------------------------------------------------------------
// Valid FENs

class FenRoundTrip : public ::testing::TestWithParam<test::PerftPosition> {};

TEST_P(FenRoundTrip, PerftPositionPrintsBackUnchanged) {
  const std::string& fen = GetParam().fen;
  const Position pos = parse_fen(test::orthodox(), fen);
  EXPECT_EQ(to_fen(pos), fen);
  EXPECT_EQ(pos.key(), pos.compute_key());
  EXPECT_TRUE(parse_fen(test::orthodox(), to_fen(pos)) == pos);
}

TEST_P(FenRoundTrip, FourFieldFormDefaultsTheClocksToZeroAndOne) {
  const std::string& fen = GetParam().fen;
  // Cut the two clock fields off.
  const std::size_t fullmove = fen.rfind(' ');
  const std::size_t halfmove = fen.rfind(' ', fullmove - 1);
  const std::string four = fen.substr(0, halfmove);
  const Position pos = parse_fen(test::orthodox(), four);
  EXPECT_EQ(pos.halfmove_clock(), 0);
  EXPECT_EQ(pos.fullmove_number(), 1);
  EXPECT_EQ(to_fen(pos), four + " 0 1");
}

// The "Fen" prefix keeps these under --gtest_filter=Fen*.
INSTANTIATE_TEST_SUITE_P(FenOrthodox, FenRoundTrip, ::testing::ValuesIn(test::perft_positions()),
                         [](const auto& param_info) { return param_info.param.name; });

TEST(Fen, StartPositionFieldsAreRead) {
  const Position pos = parse_fen(test::orthodox(), kStart);
  EXPECT_EQ(pos.side_to_move(), kWhite);
  std::uint8_t all_rights = 0;
  for (Color c : {kWhite, kBlack})
    for (const CastlingMove& cm : test::orthodox()->castling(c)) all_rights |= cm.right;
  EXPECT_EQ(test::orthodox()->castling(kWhite).size(), 2U);
  EXPECT_EQ(test::orthodox()->castling(kBlack).size(), 2U);
  EXPECT_EQ(pos.castling_rights(), all_rights);
  EXPECT_EQ(pos.en_passant(), kNoSquare);
  EXPECT_EQ(pos.halfmove_clock(), 0);
  EXPECT_EQ(pos.fullmove_number(), 1);
  EXPECT_EQ(pos.king_square(kWhite), make_square(4, 0));
  EXPECT_EQ(pos.king_square(kBlack), make_square(4, 7));
  EXPECT_EQ(popcount(pos.occupied()), 32);
}

TEST(Fen, EnPassantSquareAndClocksRoundTrip) {
  const std::string fen = "rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR b KQkq e3 0 3";
  const Position pos = parse_fen(test::orthodox(), fen);
  EXPECT_EQ(pos.en_passant(), make_square(4, 2));
  EXPECT_EQ(pos.side_to_move(), kBlack);
  EXPECT_EQ(pos.fullmove_number(), 3);
  EXPECT_EQ(to_fen(pos), fen);

  const std::string white = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
  EXPECT_EQ(to_fen(parse_fen(test::orthodox(), white)), white);
  const std::string clocks = "8/8/4k3/8/8/4K3/8/8 w - - 37 112";
  EXPECT_EQ(to_fen(parse_fen(test::orthodox(), clocks)), clocks);
}

TEST(Fen, ExtraSpacesAndCastlingOrderAreNormalised) {
  const Position pos = parse_fen(
      test::orthodox(), "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  qkQK  -  0   1 ");
  EXPECT_EQ(to_fen(pos), kStart);
}

TEST(Fen, PartialCastlingRightsRoundTrip) {
  for (const char* rights : {"K", "Q", "k", "q", "Kq", "Qk", "KQ", "kq"}) {
    const std::string fen = std::string("r3k2r/8/8/8/8/8/8/R3K2R w ") + rights + " - 0 1";
    EXPECT_EQ(to_fen(parse_fen(test::orthodox(), fen)), fen);
  }
}

// ---------------------------------------------------------------------------------------------
// Malformed FENs: one test per class

/// The fields of `fen` as "begin:text" strings.
std::vector<std::string> fields(std::string_view fen, std::string_view separators) {
  std::vector<std::string> out;
  for (const FenField& f : split_fen_fields(fen, separators))
    out.push_back(std::to_string(f.begin) + ":" + std::string(f.text));
  return out;
}

TEST(FenFields, AreTheRunsBetweenSeparatorsWithTheirOffsets) {
  EXPECT_THAT(fields("  8/8 w\t- ", kFenBlanks), ElementsAre("2:8/8", "6:w", "8:-"));
  EXPECT_TRUE(split_fen_fields(" \t ", kFenBlanks).empty());
  EXPECT_TRUE(split_fen_fields("", kFenWhitespace).empty());
}

TEST(FenFields, ExtendedFensSplitAtBlanksOnlyAndOrthodoxOnesAtAnyWhitespace) {
  EXPECT_THAT(fields("w\n-\r0", kFenBlanks), ElementsAre("0:w\n-\r0"));
  EXPECT_THAT(fields("w\n-\r0\v1\f2", kFenWhitespace),
              ElementsAre("0:w", "2:-", "4:0", "6:1", "8:2"));
}

TEST(FenFields, AFieldsColumnIsItsOffsetPlusOne) {
  EXPECT_EQ(split_fen_fields("8/8 w", kFenBlanks)[1].column(), 5);
}

TEST(FenFields, AnErrorNamesItsColumnInTheMessageAndInColumn) {
  try {
    throw_fen_error(12, "bad thing");
    FAIL() << "throw_fen_error returned";
  } catch (const FenError& e) {
    EXPECT_STREQ(e.what(), "FEN column 12: bad thing");
    EXPECT_EQ(e.column(), 12);
  }
}

TEST(FenMalformed, EmptyFen) {
  for (const char* fen : {"", "   "}) {
    const FenFailure f = fen_failure_of(fen);
    EXPECT_THAT(f.message, HasSubstr("empty FEN")) << '"' << fen << '"';
    EXPECT_EQ(f.column, 1);
  }
}

TEST(FenMalformed, TooFewFields) {
  const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq";
  const FenFailure f = fen_failure_of(fen);
  EXPECT_THAT(f.message, AllOf(HasSubstr("has 3 field(s)"), HasSubstr("expected 6"),
                               HasSubstr("or 4 without the clocks")));
  EXPECT_EQ(f.column, static_cast<int>(fen.size()) + 1);

  const FenFailure one = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  EXPECT_THAT(one.message, HasSubstr("has 1 field(s)"));
}

TEST(FenMalformed, HalfmoveClockWithoutFullmoveNumber) {
  const FenFailure f = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0");
  EXPECT_THAT(f.message, HasSubstr("halfmove clock but no fullmove number"));
  EXPECT_EQ(f.column, kHalfmoveColumn);
}

// "rnbqkbnr/... KQkq - 0 1": the side to move is missing, not the fullmove number; the error
// names field 2, what it expects, and points at the field that stands in its place.
TEST(Fen, MissingSideToMoveIsNamed) {
  for (const std::string rest : {"KQkq - 0 1", "- - 0 1", "KQkq -", "KQkq - 0"}) {
    const FenFailure f = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR " + rest);
    EXPECT_THAT(f.message, AllOf(HasSubstr("the side to move is missing"),
                                 HasSubstr("field 2 should be the side to move ('w' or 'b')"),
                                 Not(HasSubstr("fullmove number:"))))
        << rest;
    EXPECT_EQ(f.column, kSideColumn) << rest;
  }
  const FenFailure f = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1");
  EXPECT_THAT(f.message, HasSubstr("'KQkq' looks like the castling field"));
  // Side to move and castling both left out: two fields, said as such.
  const FenFailure two = fen_failure_of("8/8/8/8/8/8/8/K6k - 0 1");
  EXPECT_THAT(two.message, HasSubstr("the side to move and the field after it are missing"));
}

TEST(Fen, MissingCastlingFieldIsNamed) {
  const FenFailure f = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w e3 0 1");
  EXPECT_THAT(f.message, AllOf(HasSubstr("the castling field is missing"),
                               HasSubstr("'e3' looks like the en-passant field")));
  EXPECT_EQ(f.column, kCastlingColumn);
  // One '-' for the two fields: either may be the one left out.
  const FenFailure dash = fen_failure_of("4k3/8/8/8/8/8/8/4K3 w - 0 1");
  EXPECT_THAT(dash.message, HasSubstr("the castling or en-passant field is missing"));
  EXPECT_EQ(dash.column, column_of("4k3/8/8/8/8/8/8/4K3 w - 0 1", "0 1"));
}

TEST(Fen, MissingEnPassantFieldIsNamed) {
  const FenFailure f = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 0 1");
  EXPECT_THAT(f.message, AllOf(HasSubstr("the en-passant field is missing"),
                               HasSubstr("field 4 should be the en-passant field")));
  EXPECT_EQ(f.column, kEnPassantColumn);
}

// A '-' or castling rights in the wrong field: the field's own error says what it looks like.
TEST(Fen, FieldsInTheWrongOrderSayWhatTheyLookLike) {
  const FenFailure swapped =
      fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - KQkq 0 1");
  EXPECT_THAT(swapped.message, AllOf(HasSubstr("bad en-passant field 'KQkq'"),
                                     HasSubstr("'KQkq' looks like the castling field, which "
                                               "comes before the en-passant field")));
  const FenFailure side_last =
      fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq w - 0 1");
  EXPECT_THAT(side_last.message, AllOf(HasSubstr("bad side to move 'KQkq'"),
                                       HasSubstr("looks like the castling field, which comes "
                                                 "after the side to move")));
  EXPECT_EQ(side_last.column, kSideColumn);
  const FenFailure ep_for_castling =
      fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w e3 - 0 1");
  EXPECT_THAT(ep_for_castling.message,
              HasSubstr("'e3' looks like the en-passant field, which comes after the castling"));
}

// Seven ranks, or nine squares in a rank, are said as such whatever else is wrong after them.
TEST(Fen, PlacementMistakesAreNamedByRank) {
  const FenFailure seven = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_THAT(seven.message, HasSubstr("the piece placement has 7 ranks, expected 8"));
  EXPECT_EQ(seven.column, 1);
  const FenFailure nine =
      fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1");
  EXPECT_THAT(nine.message, HasSubstr("rank 1 describes more than 8 squares, expected 8"));
}

TEST(FenMalformed, ExtraField) {
  const FenFailure f = fen_failure_of(std::string(kStart) + " extra");
  EXPECT_THAT(f.message, HasSubstr("unexpected text 'extra' after the fullmove number"));
  EXPECT_EQ(f.column, kFullmoveColumn + 2);
}

TEST(FenMalformed, RankTooLong) {
  const std::string nine_pieces = "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const FenFailure f = fen_failure_of(nine_pieces);
  EXPECT_THAT(f.message, HasSubstr("rank 7 describes more than 8 squares, expected 8"));
  EXPECT_EQ(f.column, column_of(nine_pieces, "ppppppppp"));

  const std::string digits = "rnbqkbnr/pppppppp/8/8/8/k71/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const FenFailure g = fen_failure_of(digits);
  EXPECT_THAT(g.message, HasSubstr("rank 3 describes more than 8 squares, expected 8"));
  EXPECT_EQ(g.column, column_of(digits, "k71"));
}

TEST(FenMalformed, RankTooShort) {
  const std::string fen = "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const FenFailure f = fen_failure_of(fen);
  EXPECT_THAT(f.message, HasSubstr("rank 7 describes 7 squares, expected 8"));
  EXPECT_EQ(f.column, column_of(fen, "ppppppp/"));

  // The last rank is checked too.
  const std::string last = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1";
  const FenFailure g = fen_failure_of(last);
  EXPECT_THAT(g.message, HasSubstr("rank 1 describes 7 squares, expected 8"));
  EXPECT_EQ(g.column, column_of(last, "RNBQKBN"));

  const FenFailure empty_rank =
      fen_failure_of("rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_THAT(empty_rank.message, HasSubstr("rank 6 describes 0 squares, expected 8"));
}

TEST(FenMalformed, TooFewRanks) {
  const FenFailure f = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_THAT(f.message, HasSubstr("the piece placement has 7 ranks, expected 8"));
  EXPECT_EQ(f.column, 1);
}

TEST(FenMalformed, TooManyRanks) {
  const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const FenFailure f = fen_failure_of(fen);
  EXPECT_THAT(f.message, HasSubstr("more than 8 ranks"));
  // The '/' that starts a ninth rank.
  EXPECT_EQ(f.column, column_of(fen, "/RNBQKBNR"));
}

TEST(FenMalformed, BadPieceLetterListsTheTableLetters) {
  const std::string fen = "rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const FenFailure f = fen_failure_of(fen);
  EXPECT_THAT(f.message, AllOf(HasSubstr("unknown piece letter 'X'"), HasSubstr("orthodox"),
                               HasSubstr("K Q R B N P"), HasSubstr("digits 1-8")));
  EXPECT_EQ(f.column, column_of(fen, "X"));

  const std::string lower = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNz w KQkq - 0 1";
  const FenFailure g = fen_failure_of(lower);
  EXPECT_THAT(g.message, HasSubstr("unknown piece letter 'z'"));
  EXPECT_EQ(g.column, column_of(lower, "z"));

  const FenFailure nine =
      fen_failure_of("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_THAT(nine.message, AllOf(HasSubstr("'9'"), HasSubstr("1 to 8 empty squares")));
  EXPECT_EQ(nine.column, 19);
}

TEST(FenMalformed, MissingWhiteKing) {
  const FenFailure f = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1");
  EXPECT_THAT(f.message, HasSubstr("White has no king (K): expected exactly one"));
  EXPECT_EQ(f.column, 1);
}

TEST(FenMalformed, TwoBlackKings) {
  const FenFailure f = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/7k/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_THAT(f.message, HasSubstr("Black has 2 kings (k): expected exactly one"));
  EXPECT_EQ(f.column,
            column_of("rnbqkbnr/pppppppp/8/8/8/7k/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7k") + 1);
}

TEST(FenMalformed, WhitePawnOnTheFirstRank) {
  const FenFailure f = fen_failure_of("4k3/8/8/8/8/8/8/P3K3 w - - 0 1");
  EXPECT_THAT(f.message, AllOf(HasSubstr("white pawn on a1"), HasSubstr("first rank")));
  EXPECT_EQ(f.column, column_of("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "P3K3") + 0);
}

TEST(FenMalformed, WhitePawnOnItsPromotionRank) {
  const FenFailure f = fen_failure_of("3Pk3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_THAT(f.message, AllOf(HasSubstr("white pawn on d8"), HasSubstr("promotes")));
  EXPECT_EQ(f.column, column_of("3Pk3/8/8/8/8/8/8/4K3 w - - 0 1", "Pk3") + 0);
}

TEST(FenMalformed, BlackPawnOnRankOneItsPromotionRank) {
  const FenFailure f = fen_failure_of("4k3/8/8/8/8/8/8/4K2p b - - 0 1");
  EXPECT_THAT(f.message, AllOf(HasSubstr("black pawn on h1"), HasSubstr("promotes")));
  EXPECT_EQ(f.column, column_of("4k3/8/8/8/8/8/8/4K2p b - - 0 1", "K2p") + 2);
}

TEST(FenMalformed, BlackPawnOnItsFirstRank) {
  const FenFailure f = fen_failure_of("4k2p/8/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_THAT(f.message, AllOf(HasSubstr("black pawn on h8"), HasSubstr("first rank")));
  EXPECT_EQ(f.column, column_of("4k2p/8/8/8/8/8/8/4K3 b - - 0 1", "k2p") + 2);
}

TEST(FenMalformed, SideToMoveNotWOrB) {
  for (const char* side : {"x", "W", "white", "-"}) {
    const FenFailure f = fen_failure_of(
        std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ") + side + " KQkq - 0 1");
    EXPECT_THAT(f.message,
                HasSubstr(std::string("bad side to move '") + side + "': expected 'w' or 'b'"));
    EXPECT_EQ(f.column, kSideColumn);
  }
}

TEST(FenMalformed, BadCastlingLetter) {
  const FenFailure f = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1");
  EXPECT_THAT(f.message, AllOf(HasSubstr("bad castling field 'KQkx'"),
                               HasSubstr("'x' is not a castling right"), HasSubstr("'KQkq'")));
  EXPECT_EQ(f.column, kCastlingColumn + 3);
}

TEST(FenMalformed, DuplicateCastlingLetter) {
  const FenFailure f = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkK - 0 1");
  EXPECT_THAT(f.message,
              AllOf(HasSubstr("bad castling field 'KQkK'"), HasSubstr("'K' appears twice")));
  EXPECT_EQ(f.column, kCastlingColumn + 3);
}

TEST(FenMalformed, CastlingRightWithoutTheRookInPlace) {
  const FenFailure f = fen_failure_of("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_THAT(f.message, AllOf(HasSubstr("right 'k'"), HasSubstr("black king on e8"),
                               HasSubstr("rook on h8")));
  EXPECT_EQ(f.column, kCastlingColumn + 2);

  // A rook of the wrong colour does not count.
  const FenFailure g = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/rNBQKBNR w KQkq - 0 1");
  EXPECT_THAT(g.message, AllOf(HasSubstr("right 'Q'"), HasSubstr("rook on a1")));
  EXPECT_EQ(g.column, kCastlingColumn + 1);
}

TEST(FenMalformed, CastlingRightWithoutTheKingInPlace) {
  const FenFailure f = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w KQkq - 0 1");
  EXPECT_THAT(f.message, AllOf(HasSubstr("right 'K'"), HasSubstr("white king on e1"),
                               HasSubstr("rook on h1")));
  EXPECT_EQ(f.column, kCastlingColumn);
}

TEST(FenMalformed, EnPassantFieldNotASquare) {
  for (const char* ep : {"z9", "e", "e33", "E6"}) {
    const FenFailure f = fen_failure_of(
        std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq ") + ep + " 0 1");
    EXPECT_THAT(f.message, AllOf(HasSubstr(std::string("bad en-passant field '") + ep + "'"),
                                 HasSubstr("expected '-' or a square on rank 6")))
        << ep;
    EXPECT_EQ(f.column, kEnPassantColumn);
  }
}

TEST(FenMalformed, EnPassantSquareOnTheWrongRank) {
  // White to move: the target must be on rank 6. e3 would be right for Black to move.
  const FenFailure f =
      fen_failure_of("rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR w KQkq e3 0 3");
  EXPECT_THAT(f.message, AllOf(HasSubstr("bad en-passant square e3"), HasSubstr("rank 6")));
  EXPECT_EQ(f.column,
            column_of("rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR w KQkq e3 0 3", " e3") + 1);

  const FenFailure g = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e6 0 1");
  EXPECT_THAT(g.message, AllOf(HasSubstr("bad en-passant square e6"), HasSubstr("rank 3")));
  EXPECT_EQ(g.column, kEnPassantColumn);
}

TEST(FenMalformed, EnPassantSquareWithNoPawnBehindIt) {
  // Rank 6 is right for White to move, but no black pawn stands on e5.
  const FenFailure f = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1");
  EXPECT_THAT(f.message,
              AllOf(HasSubstr("bad en-passant square e6"), HasSubstr("behind a black pawn")));
  EXPECT_EQ(f.column, kEnPassantColumn);

  // A black pawn on d5 but the square it came from (d7) is occupied: no double step happened.
  const FenFailure g =
      fen_failure_of("rnbqkbnr/pppppppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
  EXPECT_THAT(g.message, HasSubstr("bad en-passant square d6"));
}

TEST(FenMalformed, BadHalfmoveClock) {
  for (const char* clock : {"-1", "x", "1.5", "100001"}) {
    const FenFailure f = fen_failure_of(
        std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ") + clock + " 1");
    EXPECT_THAT(f.message, AllOf(HasSubstr(std::string("bad halfmove clock '") + clock + "'"),
                                 HasSubstr("whole number from 0 to 100000")))
        << clock;
    EXPECT_EQ(f.column, kHalfmoveColumn);
  }
}

// Published puzzle collections write "0 0": the fullmove number 0 is read as 1 (so the first
// move is numbered 1), as python-chess reads it; a negative number is still an error.
TEST(Fen, FullmoveNumberZeroReadsAsOne) {
  const Position pos =
      test::orthodox_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0");
  EXPECT_EQ(pos.fullmove_number(), 1);
  EXPECT_EQ(to_fen(pos), kStart);
  const FenFailure f = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1");
  EXPECT_THAT(f.message, AllOf(HasSubstr("bad fullmove number '-1'"),
                               HasSubstr("whole number from 0 to 100000")));
  EXPECT_EQ(f.column, kFullmoveColumn);
}

TEST(FenMalformed, SideNotToMoveInCheck) {
  const std::string fen = "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1";
  const FenFailure f = fen_failure_of(fen);
  EXPECT_THAT(f.message, AllOf(HasSubstr("Black is not to move but its king on e8 is attacked"),
                               HasSubstr("cannot be in check")));
  EXPECT_EQ(f.column, column_of(fen, " w ") + 1);

  const std::string black = "4k3/8/8/8/8/8/3q4/4K3 b - - 0 1";
  const FenFailure g = fen_failure_of(black);
  EXPECT_THAT(g.message, HasSubstr("White is not to move but its king on e1 is attacked"));
  EXPECT_EQ(g.column, column_of(black, " b ") + 1);
}

// A '/' after the eighth rank is a stray separator, not a ninth rank.
TEST(FenMalformed, TrailingSlashIsReportedAsAStraySeparator) {
  const FenFailure f = fen_failure_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1");
  EXPECT_THAT(f.message, AllOf(Not(HasSubstr("more than 8 ranks")), HasSubstr("stray '/'")));
  EXPECT_EQ(f.column, 44);
}

// Any whitespace separates fields: a tab between them reads like a space.
TEST(Fen, TabBetweenFieldsIsWhitespace) {
  const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1";
  EXPECT_EQ(to_fen(parse_fen(test::orthodox(), fen)), kStart);
}

TEST(FenMalformed, SideToMoveInCheckIsFine) {
  // The mirror image of the above: the side to move may be in check. The position reads back
  // unchanged, Black is in check from the rook, and its legal moves are the king's escapes.
  const std::string fen = "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1";
  const Position pos = parse_fen(test::orthodox(), fen);
  EXPECT_EQ(to_fen(pos), fen);
  EXPECT_TRUE(pos.in_check());
  EXPECT_TRUE(pos.attacked(pos.king_square(kBlack), kWhite));
  EXPECT_FALSE(pos.king_in_check(kWhite));
  MoveList moves;
  generate_legal(pos, moves);
  std::vector<std::string> uci;
  for (Move m : moves) uci.push_back(to_uci(pos, m));
  std::sort(uci.begin(), uci.end());
  EXPECT_EQ(uci, (std::vector<std::string>{"e8d7", "e8d8", "e8f7", "e8f8"}));
}

}  // namespace
}  // namespace arbiter
