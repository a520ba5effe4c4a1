// Diplomacy Chess conditional moves (shared/rules-text/diplomacy-chess.txt, "Conditional
// Moves"): the text's four examples, each on positions where both branches are taken, the
// colour convention of piece letters, parse errors with their columns, and the print/parse
// round trip.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "rules/simultaneous/diplomacy/diplomacy_conditional.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_progressive.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::diplomacy;

SimState at(const std::string& fen, const KnobSettings& knobs = {}) {
  return parse_sim_fen(knobs.empty() ? diplomacy() : test::bundled_variant("diplomacy", knobs),
                       fen);
}

/// The coordinates of the move White (or Black) submits with `text` on `fen`, for one turn.
std::string turn(const std::string& fen, const std::string& text, Color c = kWhite,
                 const KnobSettings& knobs = {}) {
  const SimState s = at(fen, knobs);
  return to_uci(view_for(s, c), read_diplomacy_turn(s, c, text));
}

// ---- The text's four examples ----------------------------------------------------------

TEST(DiplomacyConditional, PieceOnSquare) {
  // White: Ka1, Qf1, Pe5, and a knight on h6 or g4. Black: Ka8.
  EXPECT_EQ(turn("k7/8/7N/4P3/8/8/8/K4Q2 w - - 0 1", "Nh6?e6:Qg2"), "e5e6");
  EXPECT_EQ(turn("k7/8/8/4P3/6N1/8/8/K4Q2 w - - 0 1", "Nh6?e6:Qg2"), "f1g2");
}

TEST(DiplomacyConditional, PieceCount) {
  // White: Kh1, Ra1, Pe2 and one or two queens. Black: Kh8.
  EXPECT_EQ(turn("7k/8/8/QQ6/8/8/4P3/R6K w - - 0 1", "2Q?e4:Rd1"), "e2e4");
  EXPECT_EQ(turn("7k/8/8/Q7/8/8/4P3/R6K w - - 0 1", "2Q?e4:Rd1"), "a1d1");
}

// Conditional Moves, questions 1 and 2: whose pieces a piece letter asks about is knob
// piece-condition-colour. By default either colour: the text glosses Nh6 as "a kNight in h6"
// and 2Q as "2 queens in the game", and writes both sides' moves in upper case.
constexpr const char* kBlackKnightOnH6 = "k7/8/7n/4P3/8/8/8/K4Q2 w - - 0 1";
constexpr const char* kWhiteKnightOnH6 = "k7/8/7N/4P3/8/8/8/K4Q2 w - - 0 1";
// White: Kh1, Ra1, Pe2, Qa5. Black: Kh8, Qb5. One queen of each colour.
constexpr const char* kQueenEach = "7k/8/8/Qq6/8/8/4P3/R6K w - - 0 1";
const KnobSettings kLetterColour{{"piece-condition-colour", "letter-colour"}};
const KnobSettings kOwnColour{{"piece-condition-colour", "own-colour"}};

TEST(DiplomacyConditional, PieceConditionCountsEitherColourByDefault) {
  // A black knight on h6 is "a kNight in h6", whichever case the letter is written in.
  EXPECT_EQ(turn(kBlackKnightOnH6, "Nh6?e6:Qg2"), "e5e6");
  EXPECT_EQ(turn(kBlackKnightOnH6, "nh6?e6:Qg2"), "e5e6");
  // A white queen and a black queen are "2 queens in the game".
  EXPECT_EQ(turn(kQueenEach, "2Q?e4:Rd1"), "e2e4");
  EXPECT_EQ(turn(kQueenEach, "2q?e4:Rd1"), "e2e4");
  EXPECT_EQ(turn(kQueenEach, "1Q?e4:Rd1"), "a1d1");
}

TEST(DiplomacyConditional, PieceConditionTakesTheLettersColourUnderTheKnob) {
  // 'N' is White's knight whoever asks: Black's knight on h6 does not count, 'n' does.
  EXPECT_EQ(turn(kBlackKnightOnH6, "Nh6?e6:Qg2", kWhite, kLetterColour), "f1g2");
  EXPECT_EQ(turn(kBlackKnightOnH6, "nh6?e6:Qg2", kWhite, kLetterColour), "e5e6");
  // One Q and one q are not two Q.
  EXPECT_EQ(turn(kQueenEach, "2Q?e4:Rd1", kWhite, kLetterColour), "a1d1");
  EXPECT_EQ(turn(kQueenEach, "1Q?e4:Rd1", kWhite, kLetterColour), "e2e4");
  EXPECT_EQ(turn(kQueenEach, "1q?e4:Rd1", kWhite, kLetterColour), "e2e4");
}

TEST(DiplomacyConditional, PieceConditionTakesTheMoversColourUnderTheKnob) {
  // White asks about White's knight, whichever case it writes.
  EXPECT_EQ(turn(kBlackKnightOnH6, "Nh6?e6:Qg2", kWhite, kOwnColour), "f1g2");
  EXPECT_EQ(turn(kBlackKnightOnH6, "nh6?e6:Qg2", kWhite, kOwnColour), "f1g2");
  EXPECT_EQ(turn(kWhiteKnightOnH6, "nh6?e6:Qg2", kWhite, kOwnColour), "e5e6");
  // Black's "1Q" counts Black's queens: one.
  EXPECT_EQ(turn(kQueenEach, "1Q?Qb6:Qc5", kBlack, kOwnColour), "b5b6");
  EXPECT_EQ(turn(kQueenEach, "2Q?e4:Rd1", kWhite, kOwnColour), "a1d1");
}

// The issue's start-position case: one white queen and one black queen are in the game, so
// "2Q" holds by default and e4 is played; only the letter's or the mover's colour gives Nf3.
TEST(DiplomacyConditional, StartPositionTwoQueensPlaysE4ByDefault) {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(turn(start, "2Q?e4:Nf3"), "e2e4");
  EXPECT_EQ(turn(start, "2Q?e4:Nf3", kWhite, kLetterColour), "g1f3");
  EXPECT_EQ(turn(start, "2Q?e4:Nf3", kWhite, kOwnColour), "g1f3");
  const test::CommandResult r =
      test::run_arbiter("resolve --variant diplomacy --white '2Q?e4:Nf3' --black e5");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("2Q?e4:Nf3 -> e4 (e2e4): executed"), std::string::npos) << r.out;
  const test::CommandResult letter = test::run_arbiter(
      "resolve --variant diplomacy --knob piece-condition-colour=letter-colour "
      "--white '2Q?e4:Nf3' --black e5");
  EXPECT_NE(letter.out.find("2Q?e4:Nf3 -> Nf3 (g1f3): executed"), std::string::npos) << letter.out;
}

TEST(DiplomacyConditional, EmptySquare) {
  // White: Ke1 and a pawn on e4 (e5 empty) or on e5 (e5 taken). Black: Ke8, Nf6.
  EXPECT_EQ(turn("4k3/8/5n2/8/4P3/8/8/4K3 w - - 0 1", "~e5?e5:exf6"), "e4e5");
  EXPECT_EQ(turn("4k3/8/5n2/4P3/8/8/8/4K3 w - - 0 1", "~e5?e5:exf6"), "e5f6");
  // Black may ask too; its moves are read from its own side.
  EXPECT_EQ(turn("4k3/8/5n2/4P3/8/8/8/4K3 w - - 0 1", "~e5?Ng4:Nh5", kBlack), "f6h5");
}

// White: Kh1, Ra2, Bc1, Nb1. Black: Ke8, Ba4. White's third move is Rh2; Black's third is Bb5
// (no conflict: Rh2 executes) or Bd1 (the rook and bishop meet on c2: Rh2 fails).
constexpr const char* kThird = "4k3/8/8/8/b7/8/R7/1NB4K w - - 0 1";
const std::vector<std::string> kThirdWhite = {"Kg1", "Kh1", "Rh2", "3?Ba3:Na3"};

TEST(DiplomacyConditional, MyThirdMoveExecuted) {
  const ProgressiveResult r =
      play_progressive(at(kThird), move_set(kThirdWhite), move_set({"Kd7", "Ke8", "Bb5"}));
  ASSERT_EQ(r.moves.size(), 7U);
  EXPECT_EQ(to_string(r.moves[4].outcome), "executed");  // Rh2
  EXPECT_EQ(r.moves[6].written, "3?Ba3:Na3");
  EXPECT_EQ(r.moves[6].branch, "Ba3");
  EXPECT_EQ(r.moves[6].canonical, "Ba3");
  EXPECT_EQ(to_string(r.moves[6].outcome), "executed");
}

TEST(DiplomacyConditional, MyThirdMoveFailed) {
  const ProgressiveResult r =
      play_progressive(at(kThird), move_set(kThirdWhite), move_set({"Kd7", "Ke8", "Bd1"}));
  ASSERT_EQ(r.moves.size(), 7U);
  EXPECT_EQ(to_string(r.moves[4].outcome), "failed");  // Rh2 met the bishop on c2
  EXPECT_EQ(r.moves[6].branch, "Na3");
  EXPECT_EQ(to_string(r.moves[6].outcome), "executed");
}

TEST(DiplomacyConditional, ChosenBranchThatIsNoSubmissionIsSkipped) {
  // Rh2 executes, so the then-branch Ra3 is read with the rook on h2: no such move.
  const ProgressiveResult r = play_progressive(
      at(kThird), move_set({"Kg1", "Kh1", "Rh2", "3?Ra3:Na3"}), move_set({"Kd7", "Ke8", "Bb5"}));
  ASSERT_EQ(r.moves.size(), 7U);
  EXPECT_EQ(r.moves[6].branch, "Ra3");
  EXPECT_EQ(to_string(r.moves[6].outcome), "skipped");
}

TEST(DiplomacyConditional, ProgressiveEntriesAreEvaluatedOnTheBoardOfTheirPair) {
  // ~e5 is false on the starting board (Black's pawn), true after ...e5-e4 in pair 1.
  const SimState s = at("4k3/8/8/4p3/8/8/4P3/4K3 w - - 0 1");
  const ProgressiveResult r =
      play_progressive(s, move_set({"Kd1", "~e5?Ke1:Kc1"}), move_set({"e4", "Kd8"}));
  EXPECT_EQ(r.moves[2].branch, "Ke1");
}

TEST(DiplomacyConditional, ExecutedConditionNeedsProgressivePlay) {
  try {
    turn(kThird, "3?Ba3:Na3");
    FAIL() << "no error";
  } catch (const DiplomacyConditionalError& e) {
    EXPECT_NE(std::string(e.what()).find("progressive play"), std::string::npos) << e.what();
  }
}

TEST(DiplomacyConditional, ExecutedConditionMayOnlyLookBack) {
  try {
    play_progressive(at(kThird), move_set({"Kg1", "2?Kh1:Kh2"}), move_set({"Kd7", "Ke8"}));
    FAIL() << "no error";
  } catch (const ProgressiveError& e) {
    EXPECT_EQ(e.index(), 2);
    EXPECT_EQ(e.column(), 1);
    EXPECT_EQ(e.expected(), "a move number from 1 to 1");
  }
}

TEST(DiplomacyConditional, UnconditionalForm) {
  const DiplomacyConditional m = parse_diplomacy_conditional(*diplomacy(), " ! e4 ");
  EXPECT_FALSE(m.condition);
  EXPECT_EQ(m.then_text, "e4");
  EXPECT_EQ(m.else_text, "e4");
  EXPECT_EQ(to_string(m), "!e4");
  EXPECT_EQ(turn("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "!e4"), "e2e4");
}

TEST(DiplomacyConditional, PlainMovesAreNotConditionals) {
  EXPECT_FALSE(looks_like_diplomacy_conditional("e4"));
  EXPECT_FALSE(looks_like_diplomacy_conditional("e4!?"));
  EXPECT_FALSE(looks_like_diplomacy_conditional("Nf3?"));
  EXPECT_TRUE(looks_like_diplomacy_conditional("Nh6?e6:Qg2"));
  EXPECT_TRUE(looks_like_diplomacy_conditional("~e5?e5:exf6"));
  EXPECT_TRUE(looks_like_diplomacy_conditional("3?Ba3:Na3"));
  EXPECT_TRUE(looks_like_diplomacy_conditional("!e4"));
}

// ---- Parse errors ---------------------------------------------------------------------------

struct ErrorCase {
  const char* text;
  int column;
  const char* says;  ///< a part of the message
};

TEST(DiplomacyConditional, ParseErrorsGiveTheColumn) {
  const std::vector<ErrorCase> cases = {
      {"Nh6e6:Qg2", 4, "expected '?' after the condition"},
      {"~e9?e5:exf6", 2, "a square after '~'"},
      {"2Q?e4", 6, "expected ':' between the two moves"},
      {"e5?e5:exf6", 1, "'~' for an empty square"},
      {"Zh6?e6:Qg2", 1, "a piece letter of the 'diplomacy' table"},
      {"3?Ba3:Na3:Nc3", 10, "the end of the else move"},
      {"Nh6?:Qg2", 5, "expected the then move"},
      {"Nh6?e6:Q", 8, "the else move"},
      {"0?e4:d4", 1, "counted from 1"},
      {"2x?e4:d4", 2, "a piece letter"},
      {"Nh6?e6?:Qg2", 7, "one condition per move"},
      {"Nh6?exd5:e6", 1, ""},  // sanity: no error (see below)
  };
  for (const ErrorCase& c : cases) {
    if (std::string(c.says).empty()) {
      EXPECT_NO_THROW(parse_diplomacy_conditional(*diplomacy(), c.text));
      continue;
    }
    try {
      parse_diplomacy_conditional(*diplomacy(), c.text);
      ADD_FAILURE() << c.text << ": no error";
    } catch (const DiplomacyConditionalError& e) {
      EXPECT_EQ(e.column(), c.column) << c.text << ": " << e.what();
      EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what();
    }
  }
}

TEST(DiplomacyConditional, ProgressiveErrorCarriesTheColumn) {
  try {
    play_progressive(at(kThird), move_set({"Kg1", "Nh6?e6:Q"}), move_set({"Kd7"}));
    FAIL() << "no error";
  } catch (const ProgressiveError& e) {
    EXPECT_EQ(e.color(), kWhite);
    EXPECT_EQ(e.index(), 2);
    EXPECT_EQ(e.column(), 8);
  }
}

// ---- Printing ---------------------------------------------------------------------------------

TEST(DiplomacyConditional, CanonicalText) {
  const auto canonical = [](const char* text) {
    return to_string(parse_diplomacy_conditional(*diplomacy(), text));
  };
  EXPECT_EQ(canonical(" Nh6 ? e6 : Qg2 "), "Nh6?e6:Qg2");
  EXPECT_EQ(canonical("02Q?e4:Rd1"), "2Q?e4:Rd1");
  EXPECT_EQ(canonical("~e5?e5:exf6"), "~e5?e5:exf6");
  EXPECT_EQ(canonical("3 ? Ba3 : Na3"), "3?Ba3:Na3");
  EXPECT_EQ(canonical("ra6?e2e4:O-O"), "ra6?e2e4:O-O");
}

RC_GTEST_PROP(DiplomacyConditionalProperty, PrintedTextReadsBack, ()) {
  const std::vector<std::string> moves = {"e4",   "Nf3",  "exd5",    "O-O",  "O-O-O",
                                          "e8=Q", "Qxh7", "Rad1",    "g1f3", "e7e8q",
                                          "N1d2", "Kg1+", "bxa8=N#", "Qh4e1"};
  const std::string letters = "KQRBNPkqrbnp";
  DiplomacyConditional m;
  const int kind = *rc::gen::inRange(0, 5);
  const auto square = [] { return static_cast<Square>(*rc::gen::inRange(0, kSquares)); };
  const auto letter = [&] { return *rc::gen::elementOf(letters); };
  if (kind < 4) {
    DiplomacyCondition c;
    c.kind = static_cast<DiplomacyConditionKind>(kind);
    switch (c.kind) {
      case DiplomacyConditionKind::kPieceOn:
        c.piece = letter();
        c.square = square();
        break;
      case DiplomacyConditionKind::kCount:
        c.piece = letter();
        c.number = *rc::gen::inRange(0, 17);
        break;
      case DiplomacyConditionKind::kEmpty:
        c.square = square();
        break;
      case DiplomacyConditionKind::kExecuted:
        c.number = *rc::gen::inRange(1, 100);
        break;
    }
    m.condition = c;
  }
  m.then_text = *rc::gen::elementOf(moves);
  m.else_text = m.condition ? *rc::gen::elementOf(moves) : m.then_text;
  const std::string text = to_string(m);
  RC_ASSERT(looks_like_diplomacy_conditional(text));
  RC_ASSERT(parse_diplomacy_conditional(*diplomacy(), text) == m);
}

}  // namespace
}  // namespace arbiter
