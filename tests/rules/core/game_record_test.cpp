// Game records: the tokenizer (every token form, positions, malformed text, deep nesting) and
// the replay (a famous orthodox game checked to the final FEN, errors with their exact move
// number, side, text and reason, warnings for sloppy marks, results, Conversion Chess suffixes).
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rules/core/fen.hpp"
#include "rules/core/game_record.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/record_tokens.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::slurp;

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using K = RecordTokenKind;

constexpr const char* kRecordStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Morphy - Duke Karl / Count Isouard, Paris 1858 (the Opera Game).
constexpr const char* kOperaGame =
    "1.e4 e5 2.Nf3 d6 3.d4 Bg4 4.dxe5 Bxf3 5.Qxf3 dxe5 6.Bc4 Nf6 7.Qb3 Qe7 8.Nc3 c6 9.Bg5 b5 "
    "10.Nxb5 cxb5 11.Bxb5+ Nbd7 12.O-O-O Rd8 13.Rxd7 Rxd7 14.Rd1 Qe6 15.Bxd7+ Nxd7 16.Qb8+ Nxb8 "
    "17.Rd8# 1-0";
// The position after 17.Rd8#, as the famous diagram shows it.
constexpr const char* kOperaFinal = "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17";

// Sam Loyd's stalemate in ten moves.
constexpr const char* kLoydStalemate =
    "1.e3 a5 2.Qh5 Ra6 3.Qxa5 h5 4.h4 Rah6 5.Qxc7 f6 6.Qxd7+ Kf7 7.Qxb7 Qd3 8.Qxb8 Qh7 "
    "9.Qxc8 Kg6 10.Qe6";
constexpr const char* kLoydFinal = "5bnr/4p1pq/4Qpkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR b KQ - 2 10";

// A Conversion Chess game found with `arbiter moves -v conversion --play ...`: the queen pairs
// with her own king, so 2.Qh5 makes e5 a co-square and converts the pawn there. '~' marks the
// converted pieces in the FEN.
constexpr const char* kConversionGame =
    "1. e4 e5 2. Qh5/Pe5 Qg5/Pe5 3. Qxg5/Pe5+ Be7 4. Qxg7/Be7# 1-0";
constexpr const char* kConversionFinal =
    "rnb1k1nr/ppppB~pQp/8/4P~3/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 4";

using test::conversion;

std::vector<K> kinds(const std::vector<RecordToken>& tokens) {
  std::vector<K> out;
  for (const RecordToken& t : tokens) out.push_back(t.kind);
  return out;
}
std::vector<std::string> texts(const std::vector<RecordToken>& tokens) {
  std::vector<std::string> out;
  for (const RecordToken& t : tokens) out.push_back(t.text);
  return out;
}

ReplayResult replay(const std::string& record, ReplayOptions options = {}) {
  return replay_record(test::orthodox(), record, options);
}

std::vector<std::string> warning_messages(const ReplayResult& r) {
  std::vector<std::string> out;
  for (const ReplayNote& w : r.warnings) out.push_back(w.text + ": " + w.message);
  return out;
}

// ---- tokenizer ------------------------------------------------------------------------------

TEST(GameRecordTokenizer, MoveNumbersWithAndWithoutSpace) {
  const auto tokens =
      tokenize_record("1.e4 e5 2. Nf3 2...Nc6 12...Nf6 3 Bb5 4. ... a6 5\xE2\x80\xA6O-O");
  EXPECT_THAT(texts(tokens),
              ElementsAre("1.", "e4", "e5", "2.", "Nf3", "2...", "Nc6", "12...", "Nf6", "3", "Bb5",
                          "4.", "...", "a6", "5\xE2\x80\xA6", "O-O"));
  EXPECT_THAT(kinds(tokens), ElementsAre(K::kMoveNumber, K::kMove, K::kMove, K::kMoveNumber,
                                         K::kMove, K::kMoveNumber, K::kMove, K::kMoveNumber,
                                         K::kMove, K::kMoveNumber, K::kMove, K::kMoveNumber,
                                         K::kEllipsis, K::kMove, K::kMoveNumber, K::kMove));
  EXPECT_EQ(tokens[0].number, 1);
  EXPECT_EQ(tokens[0].dots, 1);
  EXPECT_EQ(tokens[7].number, 12);
  EXPECT_EQ(tokens[7].dots, 3);
  EXPECT_EQ(tokens[9].dots, 0);
  EXPECT_EQ(tokens[14].dots, 3);  // the one-character ellipsis
}

TEST(GameRecordTokenizer, PositionsAreLineAndColumn) {
  const auto tokens = tokenize_record("1.e4 e5\n  2.Nf3");
  ASSERT_EQ(tokens.size(), 5U);
  EXPECT_EQ(tokens[1].line, 1);
  EXPECT_EQ(tokens[1].column, 3);  // "e4" after "1."
  EXPECT_EQ(tokens[3].line, 2);
  EXPECT_EQ(tokens[3].column, 3);
  EXPECT_EQ(tokens[4].column, 5);
}

TEST(GameRecordTokenizer, CastlingWithZerosIsAMoveNotAResult) {
  EXPECT_THAT(kinds(tokenize_record("0-0 0-0-0 O-O-O 0-1")),
              ElementsAre(K::kMove, K::kMove, K::kMove, K::kResult));
}

TEST(GameRecordTokenizer, AnnotationsAndNags) {
  const auto tokens =
      tokenize_record("e4! e5? Nf3!? Nc6?! Bb5!! a6?? ! ? !? ?! !! ?? $1 $142 +- e.p.");
  EXPECT_THAT(texts(tokens), ElementsAre("e4!", "e5?", "Nf3!?", "Nc6?!", "Bb5!!", "a6??", "!", "?",
                                         "!?", "?!", "!!", "??", "$1", "$142", "+-", "e.p."));
  for (int i = 0; i < 6; ++i) EXPECT_EQ(tokens[i].kind, K::kMove) << i;  // SAN reads its own
  for (int i = 6; i < 12; ++i) EXPECT_EQ(tokens[i].kind, K::kAnnotation) << i;
  EXPECT_EQ(tokens[12].kind, K::kNag);
  EXPECT_EQ(tokens[12].number, 1);
  EXPECT_EQ(tokens[13].number, 142);
  EXPECT_EQ(tokens[14].kind, K::kAnnotation);
  EXPECT_EQ(tokens[15].kind, K::kAnnotation);
  // A NAG right after a move splits off.
  EXPECT_THAT(texts(tokenize_record("e4$1")), ElementsAre("e4", "$1"));
}

TEST(GameRecordTokenizer, CommentsInBracesSpanLinesAndSemicolonsEndAtTheLine) {
  const auto tokens =
      tokenize_record("1.e4 {a comment\nover (two) lines; with e5} e5 ; rest ) {\n2.Nf3");
  EXPECT_THAT(kinds(tokens), ElementsAre(K::kMoveNumber, K::kMove, K::kComment, K::kMove,
                                         K::kComment, K::kMoveNumber, K::kMove));
  EXPECT_EQ(tokens[2].text, "{a comment\nover (two) lines; with e5}");
  EXPECT_EQ(tokens[4].text, "; rest ) {");
  EXPECT_EQ(tokens[5].line, 3);
  EXPECT_EQ(tokens[5].column, 1);
  // A comment glued to a move.
  EXPECT_THAT(texts(tokenize_record("e4{x}e5")), ElementsAre("e4", "{x}", "e5"));
}

TEST(GameRecordTokenizer, Results) {
  const auto tokens = tokenize_record("1-0 0-1 1/2-1/2 \xC2\xBD-\xC2\xBD *");
  EXPECT_THAT(kinds(tokens),
              ElementsAre(K::kResult, K::kResult, K::kResult, K::kResult, K::kResult));
  std::vector<std::string> results;
  for (const RecordToken& t : tokens) results.push_back(t.result);
  EXPECT_THAT(results, ElementsAre("1-0", "0-1", "1/2-1/2", "1/2-1/2", "*"));
}

TEST(GameRecordTokenizer, ResignsInAnyCase) {
  EXPECT_THAT(kinds(tokenize_record("Resigns resigns RESIGNS Resign")),
              ElementsAre(K::kResign, K::kResign, K::kResign, K::kMove));
}

TEST(GameRecordTokenizer, TagPairs) {
  const auto tokens = tokenize_record(
      "[Event \"Paris \\\"Opera\\\" \\\\ 1858\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - -\"]"
      "\n\n1.e4");
  ASSERT_EQ(tokens.size(), 4U);
  EXPECT_EQ(tokens[0].kind, K::kTag);
  EXPECT_EQ(tokens[0].tag_name, "Event");
  EXPECT_EQ(tokens[0].tag_value, "Paris \"Opera\" \\ 1858");
  EXPECT_EQ(tokens[1].tag_name, "FEN");
  EXPECT_EQ(tokens[1].tag_value, "8/8/8/8/8/8/8/K6k w - -");
  EXPECT_EQ(tokens[2].line, 4);
}

TEST(GameRecordTokenizer, VariationsAreSkippedWholeWithNesting) {
  const auto tokens =
      tokenize_record("1.e4 (1.d4 d5 (1...Nf6 {a ) in a comment} 2.c4) ; ) here\n2.c4) e5");
  EXPECT_THAT(kinds(tokens), ElementsAre(K::kMoveNumber, K::kMove, K::kVariation, K::kMove));
  EXPECT_EQ(tokens[2].text, "(1.d4 d5 (1...Nf6 {a ) in a comment} 2.c4) ; ) here\n2.c4)");
  EXPECT_EQ(tokens[3].line, 2);
}

TEST(GameRecordTokenizer, EscapeLinesAndByteOrderMark) {
  EXPECT_THAT(texts(tokenize_record("\xEF\xBB\xBF%escape 1.d4\n1.e4")), ElementsAre("1.", "e4"));
}

TEST(GameRecordTokenizer, MalformedTextEndsWithAnError) {
  struct Case {
    const char* text;
    const char* token;
    const char* message;
  };
  const Case cases[] = {
      {"1.e4 {never closed", "{", "the comment opened at line 1, column 6 is never closed"},
      {"1.e4 (1.d4 (1.c4)", "(", "the variation opened at line 1, column 6 is never closed"},
      {"1.e4 (1.d4 {x", "{", "the comment opened at line 1, column 12 (in the variation"},
      {"1.e4 ) e5", ")", "')' without a matching '('"},
      {"1.e4 } e5", "}", "'}' without a matching '{'"},
      {"1.e4 ] e5", "]", "']' without a matching '['"},
      {"[Event \"no end\n1.e4", "[Event \"no end", "malformed tag pair"},
      {"[Event]", "[Event]", "malformed tag pair"},
      {"1.e4 $x", "$", "'$' must be followed by a number"},
  };
  for (const Case& c : cases) {
    const auto tokens = tokenize_record(c.text);
    ASSERT_FALSE(tokens.empty()) << c.text;
    EXPECT_EQ(tokens.back().kind, K::kError) << c.text;
    EXPECT_EQ(tokens.back().text, c.token) << c.text;
    EXPECT_THAT(tokens.back().message, HasSubstr(c.message)) << c.text;
  }
}

TEST(GameRecordTokenizer, DeepNestingIsLinearWithoutRecursion) {
  const std::string deep = "1.e4 " + std::string(500000, '(') + std::string(500000, ')') + " e5";
  const auto t0 = std::chrono::steady_clock::now();
  const auto tokens = tokenize_record(deep);
  EXPECT_THAT(kinds(tokens), ElementsAre(K::kMoveNumber, K::kMove, K::kVariation, K::kMove));
  const auto unclosed = tokenize_record(std::string(500000, '(') + std::string(1000000, '{'));
  EXPECT_EQ(unclosed.back().kind, K::kError);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5.0);
}

TEST(GameRecordTokenizer, LongTextsAreShortenedInErrors) {
  const auto tokens = tokenize_record("[" + std::string(1000, 'x'));
  ASSERT_EQ(tokens.size(), 1U);
  EXPECT_EQ(tokens[0].text, "[" + std::string(39, 'x') + "...");
}

RC_GTEST_PROP(GameRecordTokenizer, AnyTextTokenizesAndReplaysWithoutThrowing,
              (const std::string& text)) {
  const auto tokens = tokenize_record(text);
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i) RC_ASSERT(tokens[i].kind != K::kError);
  const ReplayResult r = replay(text);
  RC_ASSERT(r.plies == static_cast<int>(r.san.size()));
}

// ---- replay ---------------------------------------------------------------------------------

TEST(GameRecordReplay, OperaGameReachesTheFamousFinalPosition) {
  const ReplayResult r = replay(kOperaGame);
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.plies, 33);
  EXPECT_EQ(r.start_fen, kRecordStart);
  EXPECT_EQ(r.final_fen, kOperaFinal);
  EXPECT_EQ(r.result, "1-0");
  EXPECT_EQ(r.termination, Termination::kCheckmate);
  EXPECT_TRUE(r.warnings.empty()) << ::testing::PrintToString(warning_messages(r));
  EXPECT_EQ(r.san.back(), "Rd8#");
  EXPECT_EQ(r.san[22], "O-O-O");
}

TEST(GameRecordReplay, OperaGameFileWithTagsAndComments) {
  const ReplayResult r = replay(slurp(test::data_path("games/opera_game.pgn")));
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.final_fen, kOperaFinal);
  EXPECT_TRUE(r.warnings.empty());
  ASSERT_FALSE(r.tags.empty());
  EXPECT_EQ(r.tags[0], std::make_pair(std::string("Event"), std::string("A Night at the Opera")));
}

TEST(GameRecordReplay, EveryTokenFormInOneRecord) {
  const ReplayResult r = replay(
      "; a record that uses every form\n"
      "[Event \"?\"]\n"
      "% an escape line\n"
      "1. e4 {multi\nline} e5! 2.Nf3 $1 Nc6 ?! 3.Bb5 (3.Bc4 (3.d4) Bc5) 3...a6!? 4.Ba4 Nf6??\n"
      "5.O-O Be7 !! 6. Re1 b5 ? 7.Bb3 d6 8.c3 O-O 9.h3 Nb8 10.d4 Nbd7 \xC2\xBD-\xC2\xBD");
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.plies, 20);
  EXPECT_EQ(r.result, "1/2-1/2");
  EXPECT_TRUE(r.warnings.empty()) << ::testing::PrintToString(warning_messages(r));
  EXPECT_EQ(r.final_fen, "r1bq1rk1/2pnbppp/p2p1n2/1p2p3/3PP3/1BP2N1P/PP3PP1/RNBQR1K1 w - - 1 11");
}

TEST(GameRecordReplay, EmptyRecordIsValidWithNoPlies) {
  for (const char* text : {"", "  \n", "{just a comment}", "[Event \"x\"]\n", "*"}) {
    const ReplayResult r = replay(text);
    EXPECT_TRUE(r.valid()) << text;
    EXPECT_EQ(r.plies, 0) << text;
    EXPECT_EQ(r.final_fen, kRecordStart) << text;
    EXPECT_EQ(r.termination, Termination::kNone);
  }
  EXPECT_FALSE(replay("").result.has_value());
  EXPECT_EQ(replay("*").result, "*");
}

TEST(GameRecordReplay, IllegalMoveNamesMoveSideTextAndReason) {
  const ReplayResult r = replay("1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.O-O Nxe5 6.Nxe5");
  ASSERT_TRUE(r.error.has_value());
  const ReplayNote& e = *r.error;
  EXPECT_EQ(e.ply, 10);
  EXPECT_EQ(e.move_number, 5);
  EXPECT_EQ(e.side, kBlack);
  EXPECT_EQ(e.text, "Nxe5");
  EXPECT_EQ(e.reason, "illegal");
  EXPECT_EQ(e.message, "no knight of the side to move can go to e5");
  EXPECT_EQ(e.fen_before, "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5");
  EXPECT_EQ(note_location(e), "move 5 (Black) 'Nxe5'");
  EXPECT_EQ(r.plies, 9);
  EXPECT_EQ(r.final_fen, e.fen_before);
  EXPECT_FALSE(r.valid());
}

TEST(GameRecordReplay, IllegalBecauseOfAPin) {
  const ReplayResult r =
      replay("1.e4 e5 2.Nf3 d6 3.d4 Bg4 4.Nbd2 Nf6 5.h3 Bh5 6.g4 Bg6 7.Bb5+ Nfd7 8.Nxe5");
  ASSERT_TRUE(r.valid()) << r.error->message;
  const ReplayResult bad = replay("1.d4 e5 2.Nf3 Bb4+ 3.Nbd2 Nf6 4.Nc4");
  ASSERT_TRUE(bad.error.has_value());
  EXPECT_EQ(bad.error->reason, "illegal");
  EXPECT_EQ(bad.error->message, "it would leave the king in check");
  EXPECT_EQ(note_location(*bad.error), "move 4 (White) 'Nc4'");
}

TEST(GameRecordReplay, AmbiguousMove) {
  const ReplayResult r = replay("1. d4 d5 2. Nf3 Nf6 3. Nd2");
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(note_location(*r.error), "move 3 (White) 'Nd2'");
  EXPECT_EQ(r.error->ply, 5);
  EXPECT_EQ(r.error->reason, "ambiguous");
  EXPECT_EQ(r.error->message, "it matches Nbd2, Nfd2");
  EXPECT_TRUE(replay("1. d4 d5 2. Nf3 Nf6 3. Nbd2").valid());
}

TEST(GameRecordReplay, UnknownPieceLetter) {
  const ReplayResult r = replay("1. e4 e5 2. Zf3");
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(note_location(*r.error), "move 2 (White) 'Zf3'");
  EXPECT_EQ(r.error->reason, "unknown piece letter");
  EXPECT_EQ(r.error->message,
            "'Z' is not a piece letter of table 'orthodox' (its letters: K Q R B N P)");
  const ReplayResult promo = replay("[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"] 1. e8=A");
  ASSERT_TRUE(promo.error.has_value());
  EXPECT_EQ(promo.error->reason, "unknown piece letter");
  EXPECT_THAT(promo.error->message, HasSubstr("promotion to 'A' is not a piece letter"));
}

TEST(GameRecordReplay, SyntaxErrorInAMove) {
  const ReplayResult r = replay("1. e4 e5 2. Nf3 hello");
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(note_location(*r.error), "move 2 (Black) 'hello'");
  EXPECT_EQ(r.error->ply, 4);
  EXPECT_EQ(r.error->reason, "syntax");
  EXPECT_THAT(r.error->message, HasSubstr("not a move"));
}

TEST(GameRecordReplay, SyntaxErrorsInTheRecord) {
  struct Case {
    const char* record;
    const char* location;
    const char* message;
  };
  const Case cases[] = {
      {"1. e4 {open", "move 1 (Black) '{'", "never closed"},
      {"1. e4 e5 ) 2. Nf3", "move 2 (White) ')'", "without a matching '('"},
      {"1. e4 [Event \"late\"]", "move 1 (Black) '[Event \"late\"]'", "tag pair after the moves"},
      {"1. e4 1-0 e5", "move 1 (Black) 'e5'", "text after the result '1-0'"},
      {"1. e4 Resigns e5", "move 1 (Black) 'e5'", "text after 'Resigns'"},
  };
  for (const Case& c : cases) {
    const ReplayResult r = replay(c.record);
    ASSERT_TRUE(r.error.has_value()) << c.record;
    EXPECT_EQ(note_location(*r.error), c.location) << c.record;
    EXPECT_EQ(r.error->reason, "syntax") << c.record;
    EXPECT_THAT(r.error->message, HasSubstr(c.message)) << c.record;
  }
}

TEST(GameRecordReplay, TheFirstErrorWins) {
  // The bad move comes before the unclosed comment.
  const ReplayResult r = replay("1. e4 e5 2. Ke3 {never closed");
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(r.error->text, "Ke3");
}

TEST(GameRecordReplay, MovesAfterCheckmateAreAnError) {
  const ReplayResult r = replay("1.f3 e5 2.g4 Qh4# 3.Kf2");
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(note_location(*r.error), "move 3 (White) 'Kf2'");
  EXPECT_EQ(r.error->reason, "illegal");
  EXPECT_EQ(r.error->message, "the game is over: White is checkmated");
  EXPECT_EQ(r.termination, Termination::kCheckmate);
  EXPECT_EQ(r.plies, 4);
}

TEST(GameRecordReplay, WrongAndMissingCheckMarksAreWarnings) {
  const ReplayResult r = replay("1. e4+ e5 2. Bc4 Nc6 3. Qh5# Nf6 4. Qxf7 1-0");
  ASSERT_TRUE(r.valid());
  ASSERT_EQ(r.warnings.size(), 3U) << ::testing::PrintToString(warning_messages(r));
  EXPECT_EQ(note_location(r.warnings[0]), "move 1 (White) 'e4+'");
  EXPECT_EQ(r.warnings[0].ply, 1);
  EXPECT_EQ(r.warnings[0].message, "'+' written, but the move gives no check");
  EXPECT_EQ(note_location(r.warnings[1]), "move 3 (White) 'Qh5#'");
  EXPECT_EQ(r.warnings[1].message, "'#' written, but the move gives no check");
  EXPECT_EQ(note_location(r.warnings[2]), "move 4 (White) 'Qxf7'");
  EXPECT_EQ(r.warnings[2].message, "the move mates: '#' missing");
  EXPECT_EQ(r.final_fen, "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
}

TEST(GameRecordReplay, CheckMarkOnCheckAndMateConfusions) {
  const ReplayResult r = replay("1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7+");
  ASSERT_EQ(r.warnings.size(), 1U);
  EXPECT_EQ(r.warnings[0].message, "the move mates: '#', not '+'");
  const ReplayResult check = replay("1.e4 f6 2.Qh5#");
  ASSERT_EQ(check.warnings.size(), 1U);
  EXPECT_EQ(check.warnings[0].message, "'#' written, but the move gives check, not mate ('+')");
  const ReplayResult missing = replay("1.e4 f6 2.Qh5");
  ASSERT_EQ(missing.warnings.size(), 1U);
  EXPECT_EQ(missing.warnings[0].message, "the move gives check: '+' missing");
  EXPECT_EQ(missing.warnings[0].side, kWhite);
  EXPECT_EQ(missing.warnings[0].move_number, 2);
}

TEST(GameRecordReplay, CaptureMarksAreWarnings) {
  const ReplayResult r = replay("1.e4 d5 2.ed5 Qxd5 3.Nxc3");
  ASSERT_TRUE(r.valid());
  ASSERT_EQ(r.warnings.size(), 2U) << ::testing::PrintToString(warning_messages(r));
  EXPECT_EQ(r.warnings[0].text, "ed5");
  EXPECT_EQ(r.warnings[0].message, "the move captures: 'x' missing");
  EXPECT_EQ(r.warnings[1].text, "Nxc3");
  EXPECT_EQ(r.warnings[1].message, "'x' written, but the move captures nothing");
  // En passant is a capture.
  EXPECT_TRUE(replay("1.e4 a6 2.e5 d5 3.exd6 e.p.").warnings.empty());
}

TEST(GameRecordReplay, MoveNumberMismatchesAreWarnings) {
  const ReplayResult r = replay("1. e4 e5 3. Nf3 2... Nc6 3...Bb5 Nf6");
  ASSERT_TRUE(r.valid()) << r.error->message;
  ASSERT_EQ(r.warnings.size(), 2U) << ::testing::PrintToString(warning_messages(r));
  EXPECT_EQ(note_location(r.warnings[0]), "move 2 (White) '3.'");
  EXPECT_EQ(r.warnings[0].ply, 3);
  EXPECT_EQ(r.warnings[0].message, "move number '3.' does not match the game: expected 2.");
  EXPECT_EQ(note_location(r.warnings[1]), "move 3 (White) '3...'");
  EXPECT_EQ(r.warnings[1].message, "move number '3...' does not match the game: expected 3.");
  // Right numbers, in every accepted form, give no warning.
  EXPECT_TRUE(replay("1.e4 1...e5 2. Nf3 2. ... Nc6 3 Bb5").warnings.empty());
}

TEST(GameRecordReplay, MoveNumbersFollowTheStartPosition) {
  const ReplayResult r = replay(
      "[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"]\n"
      "3. Bb5 a6 4. Ba4 Nf6");
  ASSERT_TRUE(r.valid());
  EXPECT_TRUE(r.warnings.empty());
  const ReplayResult black =
      replay("[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"] 1... e5 2. Nf3");
  EXPECT_TRUE(black.valid());
  EXPECT_TRUE(black.warnings.empty());
  EXPECT_EQ(black.plies, 2);
}

TEST(GameRecordReplay, StalemateIsDetectedAndComparedWithTheResult) {
  const ReplayResult r = replay(std::string(kLoydStalemate) + " 1/2-1/2");
  ASSERT_TRUE(r.valid());
  EXPECT_EQ(r.final_fen, kLoydFinal);
  EXPECT_EQ(r.termination, Termination::kStalemate);
  EXPECT_TRUE(r.warnings.empty());
  const ReplayResult wrong = replay(std::string(kLoydStalemate) + " 1-0");
  ASSERT_TRUE(wrong.valid());
  ASSERT_EQ(wrong.warnings.size(), 1U);
  EXPECT_EQ(note_location(wrong.warnings[0]), "move 10 (Black) '1-0'");
  EXPECT_EQ(wrong.warnings[0].ply, 20);
  EXPECT_EQ(wrong.warnings[0].message,
            "the record says 1-0 but Black is stalemated, so the result is 1/2-1/2");
  const ReplayResult after = replay(std::string(kLoydStalemate) + " Kf5");
  ASSERT_TRUE(after.error.has_value());
  EXPECT_EQ(after.error->message, "the game is over: Black is stalemated");
}

TEST(GameRecordReplay, CheckmateResultMismatchIsAWarning) {
  const ReplayResult r = replay("1.f3 e5 2.g4 Qh4# 1-0");
  ASSERT_TRUE(r.valid());
  ASSERT_EQ(r.warnings.size(), 1U);
  EXPECT_EQ(r.warnings[0].message,
            "the record says 1-0 but White is checkmated, so the result is 0-1");
  EXPECT_EQ(r.result, "1-0");  // as stated
  EXPECT_EQ(replay("1.f3 e5 2.g4 Qh4# *").warnings.size(), 1U);
  // No stated result: nothing to compare.
  EXPECT_TRUE(replay("1.f3 e5 2.g4 Qh4#").warnings.empty());
}

TEST(GameRecordReplay, ResignsGivesTheResultToTheOtherSide) {
  const ReplayResult r = replay("1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 Resigns");
  ASSERT_TRUE(r.valid());
  EXPECT_EQ(r.resigned, kWhite);
  EXPECT_EQ(r.result, "0-1");
  EXPECT_TRUE(r.warnings.empty());
  const ReplayResult agree = replay("1.e4 resigns 1-0");
  EXPECT_EQ(agree.result, "1-0");
  EXPECT_TRUE(agree.warnings.empty());
  const ReplayResult disagree = replay("1.e4 Resigns 0-1");
  ASSERT_EQ(disagree.warnings.size(), 1U);
  EXPECT_EQ(disagree.warnings[0].message,
            "'Resigns' by Black means 1-0, but the record states 0-1");
}

TEST(GameRecordReplay, FenTagAndFenOption) {
  const std::string record = "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 30\"]\n30. O-O Kd7 31. Rf7+";
  const ReplayResult r = replay(record);
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.start_fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 30");
  EXPECT_EQ(r.final_fen, "8/3k1R2/8/8/8/8/8/6K1 b - - 3 31");
  // --fen wins over the tag, with a warning.
  ReplayOptions o;
  o.fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 30";
  const ReplayResult over = replay("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 30\"]\n30. O-O-O", o);
  ASSERT_TRUE(over.valid()) << over.error->message;
  EXPECT_EQ(over.final_fen, "4k3/8/8/8/8/8/8/2KR4 b - - 1 30");
  ASSERT_EQ(over.warnings.size(), 1U);
  EXPECT_THAT(over.warnings[0].message, HasSubstr("ignored"));
  // A bad option FEN is the caller's error; a bad tag is the record's.
  o.fen = "8/8/8 w - - 0 1";
  EXPECT_THROW(replay("1. e4", o), FenError);
  const ReplayResult bad = replay("[Event \"x\"]\n[FEN \"8/8/8 w - - 0 1\"]\n1. e4");
  ASSERT_TRUE(bad.error.has_value());
  EXPECT_EQ(bad.error->reason, "bad FEN");
  EXPECT_FALSE(bad.error->side.has_value());
  EXPECT_EQ(bad.error->line, 2);
  EXPECT_EQ(note_location(*bad.error), "line 2 '[FEN \"8/8/8 w - - 0 1\"]'");
  EXPECT_TRUE(bad.error->fen_before.empty());
}

TEST(GameRecordReplay, VariationsAreNotChecked) {
  const ReplayResult r = replay("1.e4 (1.Zz9?? (nonsense) {(}) e5 2.Nf3 (2.Qh5 (2.Ke3)) *");
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.plies, 3);
}

TEST(GameRecordReplay, RefusesTablesWithoutTheSequentialProtocol) {
  const VariantPtr v = load_variant(test::data_path("tables/grandchild.toml"));
  try {
    replay_record(v, "1. e4");
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(std::string(e.what()), HasSubstr("simultaneous protocol"));
  }
}

TEST(GameRecordReplay, ConversionGameWithSuffixes) {
  const ReplayResult r = replay_record(conversion(), kConversionGame);
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.plies, 7);
  EXPECT_EQ(r.final_fen, kConversionFinal);
  EXPECT_EQ(r.termination, Termination::kCheckmate);
  EXPECT_EQ(r.result, "1-0");
  EXPECT_TRUE(r.warnings.empty()) << ::testing::PrintToString(warning_messages(r));
  EXPECT_THAT(r.san,
              ElementsAre("e4", "e5", "Qh5/Pe5", "Qg5/Pe5", "Qxg5/Pe5+", "Be7", "Qxg7/Be7#"));
  const ReplayResult file =
      replay_record(conversion(), slurp(test::data_path("games/conversion_mate.pgn")));
  ASSERT_TRUE(file.valid()) << file.error->message;
  EXPECT_EQ(file.final_fen, kConversionFinal);
}

TEST(GameRecordReplay, ConversionSuffixOmittedOrWrongIsAnError) {
  const ReplayResult omitted = replay_record(conversion(), "1. e4 e5 2. Qh5 Qg5/Pe5");
  ASSERT_TRUE(omitted.error.has_value());
  EXPECT_EQ(note_location(*omitted.error), "move 2 (White) 'Qh5'");
  EXPECT_EQ(omitted.error->reason, "conversion mismatch");
  EXPECT_THAT(omitted.error->message, HasSubstr("the move converts Pe5"));
  const ReplayResult wrong =
      replay_record(conversion(), "1. e4 e5 2. Qh5/Pe5 Qg5/Pe5 3. Qxg5/Pe5+ Be7 4. Qxg7/Ne7#");
  ASSERT_TRUE(wrong.error.has_value());
  EXPECT_EQ(note_location(*wrong.error), "move 4 (White) 'Qxg7/Ne7#'");
  EXPECT_EQ(wrong.error->reason, "conversion mismatch");
  EXPECT_THAT(wrong.error->message, HasSubstr("the piece converted there is Be7"));
  EXPECT_EQ(wrong.error->fen_before,
            "rnb1k1nr/ppppbppp/8/4P~1Q1/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 1 4");
  // A suffix where nothing converts (orthodox rules) is a mismatch too.
  const ReplayResult orthodox = replay("1. e4 e5 2. Qh5/Pe5");
  ASSERT_TRUE(orthodox.error.has_value());
  EXPECT_EQ(orthodox.error->reason, "conversion mismatch");
  // The Opera Game is not a Conversion Chess game: 5...dxe5 converts nothing but checks.
  const ReplayResult opera = replay_record(conversion(), kOperaGame);
  ASSERT_TRUE(opera.error.has_value());
  EXPECT_EQ(note_location(*opera.error), "move 6 (White) 'Bc4'");
}

}  // namespace
}  // namespace arbiter
