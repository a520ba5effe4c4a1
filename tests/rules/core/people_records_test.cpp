// Orthodox and Conversion Chess records as people write them (docs/replay.md, "Move text as
// people write it"): commas, "++", typeset and figurine moves, other languages' piece letters,
// and null moves, refused by name or played as a pass.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "rules/core/game_record.hpp"
#include "rules/core/move_words.hpp"
#include "rules/core/notation.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

ReplayResult people_replay(const std::string& record, ReplayOptions options = {}) {
  return replay_record(test::orthodox(), record, options);
}

ReplayOptions letters(const char* code) {
  ReplayOptions o;
  o.letters = find_piece_letters(code);
  return o;
}

const char* kPeopleOperaFinal = "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17";

TEST(PeopleRecords, CommasAnnotationsAndMoveNumbersAsWritten) {
  const ReplayResult r =
      people_replay("1. e4, e5 2. Nf3, Nc6!? 3. Bb5 a6?! 4. Ba4 !! Nf6 5. O-O, 1-0");
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.plies, 9);
  EXPECT_TRUE(r.warnings.empty());
}

TEST(PeopleRecords, MoveNumbersWithAParenthesis) {
  // "1) e4 e5 2) Nf3": as books and web pages number moves; a variation still reads as one.
  ReplayResult r = people_replay("1) e4 e5 2) Nf3 Nc6 3) Bb5 (3) Bc4 Bc5) a6 *");
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.plies, 6);
  // A ')' after anything but a move number still has no '(' to close.
  r = people_replay("1. e4) e5");
  ASSERT_FALSE(r.valid());
  EXPECT_THAT(r.error->message, HasSubstr("')' without a matching '('"));
}

TEST(PeopleRecords, DoublePlusStandsForCheckOrMateWithoutAWarning) {
  // Old books write ++ for mate, newer ones for a double check: either is taken.
  const ReplayResult mate = people_replay("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7++ 1-0");
  ASSERT_TRUE(mate.valid());
  EXPECT_TRUE(mate.warnings.empty()) << mate.warnings.front().message;
  EXPECT_EQ(mate.termination, Termination::kCheckmate);
  const ReplayResult none = people_replay("1. e4++");
  ASSERT_EQ(none.warnings.size(), 1U);
  EXPECT_EQ(none.warnings[0].message, "'+' written, but the move gives no check");
}

TEST(PeopleRecords, TypesetFigurineLongAlgebraicGame) {
  const ReplayResult r =
      people_replay(test::slurp(test::data_path("games/opera_game_figurine.pgn")));
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front().message;
  EXPECT_EQ(r.final_fen, kPeopleOperaFinal);
  EXPECT_EQ(r.result, "1-0");
}

TEST(PeopleRecords, GermanPieceLetters) {
  const ReplayResult r =
      people_replay(test::slurp(test::data_path("games/opera_game_de.pgn")), letters("de"));
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.final_fen, kPeopleOperaFinal);
  // The canonical SAN stays English.
  EXPECT_EQ(r.san[2], "Nf3");
}

TEST(PeopleRecords, EveryLanguageReadsItsOwnLetters) {
  const std::string english = "1. Nf3 Nf6 2. e4 Nxe4 3. Bc4 e6 4. Ke2 Qe7 5. Rf1 Rg8";
  for (const auto& [code, record] : std::vector<std::pair<const char*, std::string>>{
           {"pt", "1. Cf3 Cf6 2. e4 Cxe4 3. Bc4 e6 4. Re2 De7 5. Tf1 Tg8"},
           {"de", "1. Sf3 Sf6 2. e4 Sxe4 3. Lc4 e6 4. Ke2 De7 5. Tf1 Tg8"},
           {"fr", "1. Cf3 Cf6 2. e4 Cxe4 3. Fc4 e6 4. Re2 De7 5. Tf1 Tg8"},
           {"es", "1. Cf3 Cf6 2. e4 Cxe4 3. Ac4 e6 4. Re2 De7 5. Tf1 Tg8"},
           {"it", "1. Cf3 Cf6 2. e4 Cxe4 3. Ac4 e6 4. Re2 De7 5. Tf1 Tg8"},
           {"nl", "1. Pf3 Pf6 2. e4 Pxe4 3. Lc4 e6 4. Ke2 De7 5. Tf1 Tg8"}}) {
    const ReplayResult r = people_replay(record, letters(code));
    ASSERT_TRUE(r.valid()) << code << ": " << r.error->message;
    EXPECT_EQ(r.final_fen, "rnb1kbr1/ppppqppp/4p3/8/2B1n3/5N2/PPPPKPPP/RNBQ1R2 w q - 4 6") << code;
  }
}

TEST(PeopleRecords, AnEnglishLetterInAGermanRecordIsAnError) {
  const ReplayResult r = people_replay("1. e4 e5 2. Nf3", letters("de"));
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->reason, "unknown piece letter");
  EXPECT_EQ(r.error->text, "Nf3");
  EXPECT_EQ(r.error->message, "'N' is not a piece letter of --letters de (German: K D T L S B)");
}

TEST(PeopleRecords, ConversionSuffixesInAnotherLanguage) {
  ReplayOptions o = letters("de");
  const ReplayResult r =
      replay_record(test::bundled_variant("conversion"),
                    "1. e4 e5 2. Dh5/Be5 Dg5/Be5 3. Dxg5/Be5+ Le7 4. Dxg7/Le7# 1-0", o);
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.termination, Termination::kCheckmate);
}

TEST(PeopleRecords, ANullMoveIsNamedNeverNotAMove) {
  for (const char* null_move : {"--", "Z0", "0000", "@@@@"}) {
    const ReplayResult r = people_replay(std::string("1. e4 e5 2. ") + null_move + " Nc6");
    ASSERT_TRUE(r.error) << null_move;
    EXPECT_EQ(r.error->reason, "null move");
    EXPECT_EQ(r.error->text, null_move);
    EXPECT_THAT(r.error->message, HasSubstr("is a null move (a pass)"));
    EXPECT_THAT(r.error->message, HasSubstr("--null-move=pass"));
    EXPECT_EQ(r.error->move_number, 2);
    EXPECT_EQ(*r.error->side, kWhite);
  }
}

TEST(PeopleRecords, ANullMoveIsAPassWhenAsked) {
  ReplayOptions o;
  o.null_moves = NullMoves::kPass;
  // White passes instead of taking en passant: the right lapses, the clocks run.
  const ReplayResult r = people_replay("1. e4 d5 2. e5 f5 3. --", o);
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.final_fen, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3");
  const ReplayResult ok = people_replay("1. e4 e5 2. Z0 Nc6 3. Nf3", o);
  ASSERT_TRUE(ok.valid()) << ok.error->message;
  EXPECT_THAT(ok.san, ElementsAre("e4", "e5", "--", "Nc6", "Nf3"));
  EXPECT_EQ(ok.final_fen, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3");
}

// Outside records too (moves --play, resolve), a null move is named, never "not a move".
TEST(PeopleRecords, TheMoveParsersNameANullMove) {
  const Position pos = test::orthodox_position(test::orthodox()->table().setup_fen);
  for (const char* null_move : {"--", "Z0", "0000", "@@@@"}) {
    try {
      parse_san(pos, null_move);
      FAIL() << null_move;
    } catch (const NotationError& e) {
      EXPECT_EQ(std::string(e.what()), std::string("'") + null_move +
                                           "' is a null move (a pass), which the rules do not "
                                           "allow");
    }
  }
  EXPECT_TRUE(is_null_move_word("Z0"));
  EXPECT_FALSE(is_null_move_word("0-0"));
}

TEST(PeopleRecords, NoPassWhileInCheck) {
  ReplayOptions o;
  o.null_moves = NullMoves::kPass;
  const ReplayResult r = people_replay("1. e4 e5 2. Qh5 Nc6 3. Qxf7+ --", o);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->reason, "null move");
  EXPECT_EQ(r.error->message,
            "'--' is a null move (a pass): Black is in check, and a pass "
            "would leave its king attacked");
}

}  // namespace
}  // namespace arbiter
