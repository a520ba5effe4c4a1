// Records and moves as users write them (issue 35): annotations anywhere a move may stand, also
// inside variations; coordinate moves of every piece and dashed long algebraic, read by the one
// move reader (parse_san); a broken game of a file of many that does not hide the next; and the
// table a [Variant] tag names.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/core/fen.hpp"
#include "rules/core/game_record.hpp"
#include "rules/core/notation.hpp"
#include "rules/core/record_tokens.hpp"
#include "rules/core/record_variant.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::record_forms {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using K = RecordTokenKind;

ReplayResult replay(const std::string& record) {
  return replay_record(test::orthodox(), record);
}

std::vector<K> kinds(const std::vector<RecordToken>& tokens) {
  std::vector<K> out;
  for (const RecordToken& t : tokens) out.push_back(t.kind);
  return out;
}

std::vector<std::string> messages(const ReplayResult& r) {
  std::vector<std::string> out;
  for (const ReplayNote& n : r.warnings) out.push_back(n.message);
  return out;
}

// ---- annotations inside variations ----------------------------------------------------------

TEST(RecordReader, NagBeforeVariationCloseKeepsTheVariation) {
  // The regression of issue 35: "$5)" was read as a move number "5)", so the variation never
  // closed.
  const ReplayResult r = replay("1. c4 Nf6 2. Nc3 $6 (2. Nf3 $5) (2. g3 $5) 2... e5 *");
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.plies, 4);
  EXPECT_EQ(r.result, "*");
  EXPECT_THAT(
      kinds(tokenize_record("2. Nc3 $6 (2. Nf3 $5) (2. g3 $5) e5")),
      ElementsAre(K::kMoveNumber, K::kMove, K::kNag, K::kVariation, K::kVariation, K::kMove));
}

TEST(RecordReader, AnnotationsStandWhereverAMoveMayAtAnyNesting) {
  // NAGs, comments of both kinds and marks: after a move, before ')' at every depth, between a
  // variation's close and the next move, and before the result.
  const ReplayResult r = replay(
      "1. e4 $1 {best by test} e5 !? (1... c5 $14 (1... e6 ?! {French} $6) ; a line comment\n"
      "2. Nf3 !! d6 += {c} ) (1... d5 +- $2 ) 2. Nf3 ?? Nc6 ! (2... d6 (2... f5 $4 !?) $1) "
      "3. Bb5 a6 $10 {end} ; done\n"
      " 1-0");
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.plies, 6);
  EXPECT_EQ(r.result, "1-0");
  EXPECT_TRUE(r.warnings.empty()) << ::testing::PrintToString(messages(r));
}

TEST(RecordReader, CheckMarksWrittenApartAndInformantSymbolsAreAnnotations) {
  // "Qh5 +" as some books set it; "\u25A1" (only move) and "\u2192" (attack) as the Informant
  // prints them.
  const ReplayResult r =
      replay("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 \xE2\x96\xA1 (3... g6 \xE2\x86\x92) 4. Qxf7 # 1-0");
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.plies, 7);
  EXPECT_THAT(
      kinds(tokenize_record("Qh5 + Qf7 # Nf3 ++")),
      ElementsAre(K::kMove, K::kAnnotation, K::kMove, K::kAnnotation, K::kMove, K::kAnnotation));
}

TEST(RecordTokens, ATagValueWithUnescapedQuotesReadsToItsClosingQuote) {
  // [White ""Mephisto""]: a database's export of a program's name (pychess's mate_in_4.pgn).
  const auto tokens = tokenize_record("[White \"\"Mephisto\"\"] [Black \"A\"]\n1. e4 *");
  ASSERT_EQ(tokens[0].kind, K::kTag);
  EXPECT_EQ(tokens[0].tag_value, "\"Mephisto\"");
  ASSERT_EQ(tokens[1].kind, K::kTag);  // two tag pairs on one line still read as two
  EXPECT_EQ(tokens[1].tag_value, "A");
}

TEST(RecordReader, MoveNumbersWithAParenthesisStillReadInsideVariations) {
  // "12)" as books number moves, next to the NAGs that end a variation.
  const ReplayResult r = replay("1) e4 e5 2) Nf3 (2) Bc4 $1) (2) d4 $2 exd4) Nc6 *");
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.plies, 4);
}

TEST(RecordReader, AVariationOrCommentRunningIntoTheNextGameIsNeverClosed) {
  const auto unclosed = tokenize_record("1. e4 (1. d4 d5 *\n\n[Event \"next\"]\n1. c4 *)");
  ASSERT_EQ(unclosed.back().kind, K::kError);
  EXPECT_THAT(unclosed.back().message,
              HasSubstr("the variation opened at line 1, column 7 is never closed (no ')' "
                        "before the tag pair at line 3, column 1)"));
  const auto comment = tokenize_record("1. e4 {no end\n[Event \"next\"]\n1. c4 {x} *");
  ASSERT_EQ(comment.back().kind, K::kError);
  EXPECT_THAT(comment.back().message,
              HasSubstr("the comment opened at line 1, column 7 is never closed (no '}' before "
                        "the next game's tag pairs)"));
}

TEST(RecordReader, AFenTagsImpossibleCastlingRightsAreDroppedWithAWarning) {
  // lichess studies write rights whose king has moved ('q' with the black king on g8); none
  // can be used, so the game reads the same without them.
  const ReplayResult r = replay(
      "[FEN \"rnbq1rk1/pppn1ppp/4p3/3pP3/1b1P4/2NB1N2/PPP2PPP/R1BQK2R w KQq - 0 1\"]\n"
      "1. Bxh7+ Kxh7 *");
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.start_fen, "rnbq1rk1/pppn1ppp/4p3/3pP3/1b1P4/2NB1N2/PPP2PPP/R1BQK2R w KQ - 0 1");
  ASSERT_EQ(r.warnings.size(), 1U);
  EXPECT_THAT(r.warnings[0].message, HasSubstr("right 'q' needs the black king on e8"));
  EXPECT_THAT(r.warnings[0].message, HasSubstr("read without the castling rights the position "
                                               "cannot have"));
  EXPECT_EQ(r.warnings[0].line, 1);
  // Any other fault of the tag is still an error, and so is a bad --fen.
  EXPECT_FALSE(replay("[FEN \"8/8/8/8/8/8/8/K6K w Q - 0 1\"]\n*").valid());
  ReplayOptions fen;
  fen.fen = "rnbq1rk1/pppn1ppp/4p3/3pP3/1b1P4/2NB1N2/PPP2PPP/R1BQK2R w KQq - 0 1";
  EXPECT_THROW(replay_record(test::orthodox(), "*", fen), FenError);
}

// ---- one move reader for every form ---------------------------------------------------------

Move read(const std::string& fen, const std::string& text, SanDetails* d = nullptr) {
  return parse_san(parse_fen(test::orthodox(), fen), text, d);
}

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* kCastle = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
constexpr const char* kPromote = "8/4P3/8/8/8/8/k7/7K w - - 0 1";

TEST(Notation, CoordinateMovesOfPiecesNameThePieceByItsSquare) {
  SanDetails d;
  EXPECT_EQ(read(kStart, "g1f3", &d), read(kStart, "Nf3"));
  EXPECT_TRUE(d.coordinate);
  EXPECT_EQ(read(kStart, "e2e4"), read(kStart, "e4"));
  // Castling written as the king's move, both sides.
  EXPECT_EQ(read(kCastle, "e1g1"), read(kCastle, "O-O"));
  EXPECT_EQ(read(kCastle, "e1c1"), read(kCastle, "O-O-O"));
  // Promotion with a bare letter in either case, or with '='.
  for (const char* text : {"e7e8q", "e7e8Q", "e7e8=Q"})
    EXPECT_EQ(read(kPromote, text), read(kPromote, "e8=Q")) << text;
  EXPECT_EQ(read(kPromote, "e7e8n"), read(kPromote, "e8=N"));
  // An empty origin square is named.
  try {
    read(kStart, "g3f5");
    ADD_FAILURE() << "no piece on g3";
  } catch (const NotationError& e) {
    EXPECT_EQ(e.kind(), NotationErrorKind::kIllegal);
    EXPECT_THAT(e.what(), HasSubstr("the side to move has no piece on g3"));
  }
}

TEST(Notation, DashedLongAlgebraicReadsAsTheSanMove) {
  EXPECT_EQ(read(kStart, "e2-e4"), read(kStart, "e4"));
  EXPECT_EQ(read(kStart, "Ng1-f3"), read(kStart, "Nf3"));
  EXPECT_EQ(read(kStart, "Ng1f3"), read(kStart, "Nf3"));
  EXPECT_EQ(read(kPromote, "e7-e8=Q"), read(kPromote, "e8=Q"));
  EXPECT_EQ(read(kCastle, "O-O"), read(kCastle, "0-0"));
  const char* capture = "rnbqkbnr/pppppppp/8/8/8/5p2/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  SanDetails d;
  EXPECT_EQ(read(capture, "Ng1xf3", &d), read(capture, "Nxf3"));
  EXPECT_TRUE(d.capture_mark);
  EXPECT_FALSE(d.coordinate);
}

TEST(Notation, ConversionSuffixesReadAfterEveryForm) {
  // Conversion Chess (docs/replay.md): after 1. e4 e5, Qh5 converts the pawn on e5. The same
  // move written as SAN, long algebraic and a coordinate move, each with its conversion stated.
  const Position pos = parse_fen(test::conversion(),
                                 "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
  const Move m = parse_san(pos, "Qh5/Pe5");
  ASSERT_EQ(to_san(pos, m), "Qh5/Pe5");
  for (const char* text : {"Qd1-h5/Pe5", "Qd1h5/Pe5", "d1h5/Pe5", "d1-h5/e5"})
    EXPECT_EQ(parse_san(pos, text), m) << text;
  EXPECT_THROW(parse_san(pos, "d1h5"), NotationError);  // the conversion must be stated
}

TEST(GameRecordReplay, CoordinateMovesWriteNoCaptureOrCheckMarks) {
  // "e4d5" takes, "f1b5" checks: coordinate notation has no 'x' or '+', so none is missing.
  const ReplayResult r = replay("1. e2e4 d7d5 2. e4d5 c7c6 3. d2d4 c6d5 4. f1b5 b8c6 5. g1f3 *");
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.plies, 9);
  EXPECT_TRUE(r.warnings.empty()) << ::testing::PrintToString(messages(r));
  // Long algebraic with a piece letter writes them, and is held to them as SAN is.
  const ReplayResult lan = replay("1. e2-e4 f7-f6 2. Qd1-h5 *");
  ASSERT_TRUE(lan.valid()) << lan.error->message;
  EXPECT_THAT(messages(lan), ElementsAre("the move gives check: '+' missing"));
  const ReplayResult castle = replay("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. e1g1 g8f6 *");
  ASSERT_TRUE(castle.valid()) << castle.error->message;
  EXPECT_EQ(castle.san[6], "O-O");
}

// ---- a file of many games -------------------------------------------------------------------

std::vector<std::vector<RecordToken>> games_of(const std::string& text) {
  std::vector<std::vector<RecordToken>> out;
  RecordGames games(text);
  for (std::vector<RecordToken> game; games.next(game);) out.push_back(game);
  return out;
}

TEST(RecordGames, ABrokenGameEndsAtItsErrorAndTheNextGameIsStillRead) {
  struct Case {
    const char* broken;   // game 1's movetext
    const char* message;  // its error
  };
  const Case cases[] = {
      {"1. e4 {never closed e5 *", "the comment opened at line 2, column 7 is never closed"},
      {"1. e4 (1. d4 d5 e5 *", "the variation opened at line 2, column 7 is never closed"},
      {"1. e4 ) e5 *", "')' without a matching '('"},
      {"1. e4 } e5 *", "'}' without a matching '{'"},
      {"1. e4 $x e5 *", "'$' must be followed by a number"},
  };
  for (const Case& c : cases) {
    const std::string text = std::string("[Event \"one\"]\n") + c.broken +
                             "\n\n[Event \"two\"]\n1. d4 d5 *\n\n[Event \"three\"]\n1. c4 *\n";
    const auto games = games_of(text);
    ASSERT_EQ(games.size(), 3U) << c.broken;
    EXPECT_EQ(games[0].back().kind, K::kError) << c.broken;
    EXPECT_THAT(games[0].back().message, HasSubstr(c.message)) << c.broken;
    EXPECT_EQ(games[1].front().tag_value, "two") << c.broken;
    const ReplayResult two = replay_record(test::orthodox(), games[1], {});
    EXPECT_TRUE(two.valid()) << c.broken;
    EXPECT_EQ(two.plies, 2) << c.broken;
    EXPECT_EQ(games[2].front().tag_value, "three") << c.broken;
  }
  // A malformed tag pair is the next game's, and the one after it is read.
  const auto games =
      games_of("1. e4 *\n\n[Event \"two\" oops\n1. d4 *\n\n[Event \"three\"]\n1. c4 *\n");
  ASSERT_EQ(games.size(), 3U);
  EXPECT_EQ(games[0].back().text, "*");
  EXPECT_EQ(games[1].front().kind, K::kError);
  EXPECT_EQ(games[1].front().line, 3);
  EXPECT_EQ(games[2].front().tag_value, "three");
}

TEST(RecordGames, AnUnclosedCommentAfterAResultStaysWithItsGame) {
  const auto games = games_of("1. e4 1-0 {no end\n\n[Event \"two\"]\n1. d4 *\n");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[0].back().kind, K::kError);
  EXPECT_EQ(games[1].front().tag_value, "two");
}

// ---- the [Variant] tag ----------------------------------------------------------------------

TEST(RecordVariant, VariantTagNamesABundledTableInTheSpellingsPeopleUse) {
  for (const char* value : {"Standard", "standard", "Chess", "From Position", "orthodox"})
    EXPECT_EQ(table_of_variant_tag(value), "orthodox") << value;
  for (const char* value : {"Conversion", "Conversion Chess", "CONVERSION", "conversion-chess"})
    EXPECT_EQ(table_of_variant_tag(value), "conversion") << value;
  for (const char* value : {"Move-Neutral Chess", "move neutral", "Move_Neutral"})
    EXPECT_EQ(table_of_variant_tag(value), "move-neutral") << value;
  EXPECT_EQ(table_of_variant_tag("Diplomacy Chess"), "diplomacy");
  EXPECT_EQ(table_of_variant_tag("Conditional"), "conditional");
  for (const char* value : {"Crazyhouse", "Chess960", "Three-check", "conversions"})
    EXPECT_EQ(table_of_variant_tag(value), std::nullopt) << value;
}

}  // namespace
}  // namespace arbiter::record_forms
