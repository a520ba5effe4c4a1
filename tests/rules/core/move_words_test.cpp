// Move words as people write them (rules/core/move_words.hpp): the typeset forms books use and
// the piece letters of other languages, rewritten into the notation the parsers read.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "rules/core/move_words.hpp"
#include "rules/core/notation.hpp"

namespace arbiter {
namespace {

using ::testing::HasSubstr;

std::string plain(const std::string& word, const char* letters = nullptr) {
  return plain_move_word(word, letters ? find_piece_letters(letters) : nullptr);
}

TEST(MoveWords, TheParsersNotationComesBackUnchanged) {
  for (const char* w : {"e4", "Nf3", "exd5", "O-O", "0-0-0", "e8=Q", "Qh5/Pe5", "Nf3!?", "Kg8?",
                        "Qxf7#", "d2?Nh4/e6", "2Q?e4:Rd1", "~e5?e5:exf6", "!e4", "e2e4", "e7e8q"})
    EXPECT_EQ(plain(w), w) << w;
}

TEST(MoveWords, TypesetForms) {
  EXPECT_EQ(plain("B\xC3\x97"
                  "c6"),
            "Bxc6");  // ×
  EXPECT_EQ(plain("0\xE2\x80\x93"
                  "0\xE2\x80\x93"
                  "0"),
            "0-0-0");                         // en dashes
  EXPECT_EQ(plain("O\xE2\x88\x92O"), "O-O");  // minus sign
  EXPECT_EQ(plain("o-o"), "O-O");
  EXPECT_EQ(plain("o-o-o+"), "O-O-O+");
  EXPECT_EQ(plain("e2-e4"), "e2e4");  // long algebraic: the squares are kept, the dash goes
  EXPECT_EQ(plain("Ng1-f3"), "Ng1f3");
  EXPECT_EQ(plain("e2\xE2\x80\x93"
                  "e4"),
            "e2e4");
  EXPECT_EQ(plain("d4\xC3\x97"
                  "e5"),
            "d4xe5");
}

TEST(MoveWords, FigurinesOfBothColoursAreTheEnglishLetters) {
  EXPECT_EQ(plain("\xE2\x99\x98"
                  "f3"),
            "Nf3");  // ♘
  EXPECT_EQ(plain("\xE2\x99\x9E"
                  "c6"),
            "Nc6");  // ♞
  EXPECT_EQ(plain("\xE2\x99\x95"
                  "d1\xC3\x97"
                  "f3"),
            "Qd1xf3");  // ♕ with ×
  EXPECT_EQ(plain("e8=\xE2\x99\x95"), "e8=Q");
  EXPECT_EQ(plain("\xE2\x99\x94"
                  "e2"),
            "Ke2");  // ♔
  EXPECT_EQ(plain("\xE2\x99\x9F"
                  "e5"),
            "Pe5");  // ♟
  // Figurines are no language's letters: --letters leaves them be.
  EXPECT_EQ(plain("\xE2\x99\x98"
                  "f3",
                  "de"),
            "Nf3");
}

TEST(MoveWords, EveryLetterSetReadsItsPiecesAsTheEnglishLetters) {
  struct Case {
    const char* code;
    const char* king;
    const char* queen;
    const char* rook;
    const char* bishop;
    const char* knight;
  };
  for (const Case& c : {Case{"pt", "Re2", "Dd1", "Ta1", "Bc4", "Cf3"},
                        Case{"de", "Ke2", "Dd1", "Ta1", "Lc4", "Sf3"},
                        Case{"fr", "Re2", "Dd1", "Ta1", "Fc4", "Cf3"},
                        Case{"es", "Re2", "Dd1", "Ta1", "Ac4", "Cf3"},
                        Case{"it", "Re2", "Dd1", "Ta1", "Ac4", "Cf3"},
                        Case{"nl", "Ke2", "Dd1", "Ta1", "Lc4", "Pf3"}}) {
    EXPECT_EQ(plain(c.king, c.code), "Ke2") << c.code;
    EXPECT_EQ(plain(c.queen, c.code), "Qd1") << c.code;
    EXPECT_EQ(plain(c.rook, c.code), "Ra1") << c.code;
    EXPECT_EQ(plain(c.bishop, c.code), "Bc4") << c.code;
    EXPECT_EQ(plain(c.knight, c.code), "Nf3") << c.code;
  }
  EXPECT_EQ(piece_letter_codes(), "pt, de, fr, es, it, nl");
}

TEST(MoveWords, LettersInPromotionsSuffixesAndConditions) {
  EXPECT_EQ(plain("e8=D", "de"), "e8=Q");
  EXPECT_EQ(plain("e8D", "de"), "e8Q");
  EXPECT_EQ(plain("e8=d", "fr"), "e8=q");
  EXPECT_EQ(plain("e8(T)", "es"), "e8(R)");
  EXPECT_EQ(plain("Dh5/Be5", "de"), "Qh5/Pe5");  // German B is the pawn (Bauer)
  EXPECT_EQ(plain("Dh5/e5", "nl"), "Qh5/e5");    // Dutch has no pawn letter: a square only
  // Conditional Chess: the condition's piece and the moves; 'E' (any enemy) stays.
  EXPECT_EQ(plain("Lc4?*Sf6*/d6", "de"), "Bc4?*Nf6*/d6");
  EXPECT_EQ(plain("Eg7?Lxg7/Sf3=>Kh1", "de"), "Eg7?Bxg7/Nf3=>Kh1");
  // Diplomacy Chess: a condition's letter keeps its case (lower case: Black's pieces).
  EXPECT_EQ(plain("sh6?e6:Dg2", "de"), "nh6?e6:Qg2");
  EXPECT_EQ(plain("2d?e4:Td1", "fr"), "2q?e4:Rd1");
  EXPECT_EQ(plain("~e5?e5:exf6", "fr"), "~e5?e5:exf6");
  // Coordinates and castling have no piece letters to translate.
  EXPECT_EQ(plain("e7e8q", "de"), "e7e8q");
  EXPECT_EQ(plain("O-O-O", "fr"), "O-O-O");
  // A pawn capture written without 'x' next to an annotation is no condition.
  EXPECT_EQ(plain("bc4?", "fr"), "bc4?");
}

TEST(MoveWords, AnEnglishLetterTheLanguageLacksIsAnError) {
  try {
    plain("Nf3", "de");
    FAIL() << "no error";
  } catch (const NotationError& e) {
    EXPECT_EQ(e.kind(), NotationErrorKind::kUnknownPiece);
    EXPECT_EQ(std::string(e.what()),
              "'N' is not a piece letter of --letters de (German: K D T L S B)");
  }
  EXPECT_THROW(plain("Qh5", "fr"), NotationError);
  EXPECT_THROW(plain("2q?e4:Td1", "de"), NotationError);  // the condition's letter too
  try {
    plain("Kg1", "fr");  // K is no French letter: the French king is R (roi)
    FAIL() << "no error";
  } catch (const NotationError& e) {
    EXPECT_THAT(e.what(), HasSubstr("(French: R D T F C P)"));
  }
}

TEST(MoveWords, UnknownLetterSetsAreNull) {
  EXPECT_EQ(find_piece_letters("xx"), nullptr);
  EXPECT_EQ(find_piece_letters("de")->language, "German");
}

}  // namespace
}  // namespace arbiter
