// Diplomacy Chess records beyond one move per side (docs/replay.md, "Sets of moves"): conditional
// moves evaluated on the position before the turn, a null move as a pass when asked, sets of
// moves played progressively or simultaneously progressively (the rule text's examples), and
// every error of their syntax.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "rules/core/move_words.hpp"
#include "rules/simultaneous/sim_record.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using ::testing::HasSubstr;

using test::diplomacy;

DiplomacyReplayResult replay(const std::string& record, TurnSets sets = TurnSets::kOne,
                             ReplayOptions options = {}, const KnobSettings& knobs = {}) {
  return replay_diplomacy_record(diplomacy(knobs), record, options, sets);
}

// White: Kh1, Qc2, Bf3; Black: Ke8, Nb8, Ne3 (docs/diplomacy-progressive.md).
constexpr const char* kBounceFen = "1n2k3/8/8/8/8/4nB2/2Q5/7K w - - 0 1";

TEST(DiplomacyRecordConditionals, AConditionalIsEvaluatedOnThePositionBeforeTheTurn) {
  // One queen each at the start: "2Q" (two queens in the game, knob piece-condition-colour's
  // default any-colour) holds, so Nf3; e4 is empty, so d6.
  const DiplomacyReplayResult r = replay("1. 2Q?Nf3:Nc3 ~e4?d6:Nc6 *");
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.moves[0].white.text, "2Q?Nf3:Nc3");
  EXPECT_EQ(r.moves[0].white.branch, "Nf3");
  EXPECT_EQ(r.moves[0].white.san, "Nf3");
  EXPECT_EQ(r.moves[0].black.branch, "d6");
  EXPECT_EQ(r.final_fen, "rnbqkbnr/ppp1pppp/3p4/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2");
  // Under letter-colour, "2Q" asks for two white queens: false, so Nc3; and lower case asks
  // about Black's pieces: a black knight stands on b8.
  const KnobSettings letter{{"piece-condition-colour", "letter-colour"}};
  EXPECT_EQ(replay("1. 2Q?Nf3:Nc3 e5 *", TurnSets::kOne, {}, letter).moves[0].white.branch, "Nc3");
  EXPECT_EQ(replay("1. nb8?e4:d4 e5 *", TurnSets::kOne, {}, letter).moves[0].white.branch, "e4");
}

TEST(DiplomacyRecordConditionals, ErrorsOfAConditional) {
  DiplomacyReplayResult r = replay("1. 3?e4:d4 e5");
  ASSERT_TRUE(r.error);
  EXPECT_THAT(r.error->message, HasSubstr("only in progressive play"));
  r = replay("1. 2Q?e4 e5");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->reason, "syntax");
  EXPECT_THAT(r.error->message, HasSubstr("expected ':' between the two moves"));
  r = replay_diplomacy_record(test::bundled_variant("move-neutral"), "1. 2Q?e4:d4 e5", {});
  ASSERT_TRUE(r.error);
  EXPECT_THAT(r.error->message, HasSubstr("a conditional move, which only Diplomacy Chess has"));
}

TEST(DiplomacyRecordConditionals, OtherLanguagesLettersInConditions) {
  ReplayOptions fr;
  fr.letters = find_piece_letters("fr");
  // French: D (dame) for the queen, C (cavalier) for the knight; lower case for Black's. Two
  // queens are in the game, so Nf3.
  const DiplomacyReplayResult r = replay("1. 2D?Cf3:Cc3 cb8?e5:d5 *", TurnSets::kOne, fr);
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.moves[0].white.branch, "Nf3");
  EXPECT_EQ(r.moves[0].black.branch, "e5");
}

TEST(DiplomacyRecordPasses, ANullMoveIsAPassOnlyWhenAsked) {
  DiplomacyReplayResult r = replay("1. e4 -- *");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->reason, "null move");
  EXPECT_THAT(r.error->message, HasSubstr("--null-move=pass"));
  ReplayOptions pass;
  pass.null_moves = NullMoves::kPass;
  r = replay("1. e4 -- 2. Z0 e5 *", TurnSets::kOne, pass);
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.moves[0].black.fate, "passed");
  EXPECT_EQ(r.moves[0].white.fate, "executed");
  EXPECT_EQ(r.moves[1].white.san, "");
  EXPECT_EQ(r.final_fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 3");
  // Move-Neutral Chess has no pass, whatever the option.
  r = replay_diplomacy_record(test::bundled_variant("move-neutral"), "1. e4 --", pass);
  ASSERT_TRUE(r.error);
  EXPECT_THAT(r.error->message, HasSubstr("both sides move every turn"));
}

TEST(DiplomacyRecordSets, ProgressiveSetsArePlayedPairByPair) {
  const DiplomacyReplayResult r = replay(
      test::slurp(test::data_path("games/diplomacy_progressive.pgn")), TurnSets::kProgressive);
  ASSERT_TRUE(r.valid()) << r.error->message;
  ASSERT_EQ(r.turns, 2);
  const DiplomacyTurn& first = r.moves[0];
  ASSERT_EQ(first.white_set.size(), 3U);
  EXPECT_EQ(first.white_set[0].fate, "failed");  // Bd1 and Nd1: equal ranks
  EXPECT_EQ(first.white_set[1].fate, "skipped");
  EXPECT_EQ(first.white_set[1].reason,
            "'Bb3' is not a move White may submit in this position: no white bishop can go to b3");
  EXPECT_EQ(first.white_set[2].fate, "executed");
  EXPECT_EQ(first.white_set[2].pair, 3);
  EXPECT_EQ(first.black_set[2].text, "Ke6");
  ASSERT_EQ(first.pairs.size(), 3U);
  EXPECT_EQ(first.pairs[0].trace.front().clause, "same-destination");
  EXPECT_EQ(first.fen_after, "1n6/8/4k3/8/8/4nB2/2Q5/6K1 w - - 3 4");
  // Turns are numbered 1, 2 although the first moved the full-move number on by three.
  EXPECT_EQ(r.moves[1].move_number, 2);
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front().message;
  EXPECT_EQ(r.moves[1].white_set[1].branch, "Kf1");
  EXPECT_EQ(r.moves[1].white_set[1].fate, "failed");
  EXPECT_EQ(r.final_fen, "8/8/2nk4/5n2/4Q3/8/8/3B2K1 w - - 6 7");
}

TEST(DiplomacyRecordSets, TheKnobDecidesAMoveNoLongerPossible) {
  const std::string record =
      std::string("[FEN \"") + kBounceFen + "\"]\n1. Bd1, Bb3, Kg1 Nd1, Kd7, Ke6 *";
  const DiplomacyReplayResult r =
      replay(record, TurnSets::kProgressive, {}, {{"progressive-illegal", "void"}});
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.moves[0].white_set[1].fate, "void");
  EXPECT_EQ(r.moves[0].white_set[2].reason, "an earlier move of the set was void");
  EXPECT_EQ(r.final_fen, "1n6/8/4k3/8/8/4nB2/2Q5/7K w - - 3 4");
}

// The rule text's third example of simultaneously progressive play: "White plays Qh1 and Rf6,
// and Black plays Rf6": the rooks bounce, and on its way home the black rook meets the queen on
// h6: all three stand still.
TEST(DiplomacyRecordSets, SimultaneouslyProgressiveRuleTextExample) {
  const DiplomacyReplayResult r =
      replay("[FEN \"5R1Q/8/k6r/8/8/8/8/K7 w - - 0 1\"]\n1. Qh1, Rf6 Rf6 *",
             TurnSets::kSimultaneouslyProgressive);
  ASSERT_TRUE(r.valid()) << r.error->message;
  ASSERT_EQ(r.moves[0].white_set.size(), 2U);
  for (const DiplomacyTurnMove& m : r.moves[0].white_set) EXPECT_EQ(m.fate, "failed") << m.text;
  EXPECT_EQ(r.moves[0].black_set[0].fate, "failed");
  EXPECT_EQ(r.moves[0].pairs.size(), 1U);
  EXPECT_EQ(r.final_fen, "5R1Q/8/k6r/8/8/8/8/K7 w - - 1 2");
}

TEST(DiplomacyRecordSets, ASetMayBeWrittenWithSpacesAfterItsCommasOrAPassAlone) {
  ReplayOptions pass;
  pass.null_moves = NullMoves::kPass;
  const DiplomacyReplayResult r =
      replay("1. e4 ,  Nf3 -- 2. d4 e5 , Nc6 *", TurnSets::kProgressive, pass);
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.moves[0].white_set.size(), 2U);
  EXPECT_TRUE(r.moves[0].black_set.empty());  // "--": the empty set, Black passes
  EXPECT_EQ(r.moves[1].black_set.size(), 2U);
  EXPECT_EQ(r.turns, 2);
}

TEST(DiplomacyRecordSets, ErrorsOfSets) {
  struct Case {
    std::string record;
    std::string reason, text, message;
  };
  for (const Case& c : {
           Case{"1. e4, e5", "syntax", "e5", "turn 1 has White's set only"},
           Case{"1. e4, Nf3, e5 *", "syntax", "*", "turn 1 has White's set only"},
           Case{"1. e4 e5, 2. d4 d5", "syntax", ",", "no move follows it in this set"},
           Case{"1. , e4 e5", "syntax", ",", "write a move before it"},
           Case{"1. e4,, d4 e5", "syntax", ",", "write a move before it"},
           Case{"1. e5 e5", "bad set", "e5",
                "White's move 1: 'e5' is not a move White may "
                "submit in this position"},
           Case{"1. e4, 2?d4:d3 e5", "bad set", "2?d4:d3", "asks about move 2"},
           Case{"1. e4 e5 -- d5", "null move", "--", "--null-move=pass"},
       }) {
    const DiplomacyReplayResult r = replay(c.record, TurnSets::kProgressive);
    ASSERT_TRUE(r.error) << c.record;
    EXPECT_EQ(r.error->reason, c.reason) << c.record;
    EXPECT_EQ(r.error->text, c.text) << c.record;
    EXPECT_THAT(r.error->message, HasSubstr(c.message)) << c.record;
  }
  ReplayOptions pass;
  pass.null_moves = NullMoves::kPass;
  const DiplomacyReplayResult inside = replay("1. e4, -- e5", TurnSets::kProgressive, pass);
  ASSERT_TRUE(inside.error);
  EXPECT_THAT(inside.error->message, HasSubstr("a set holds moves"));
  // The same piece moved twice in one simultaneous set.
  const DiplomacyReplayResult twice =
      replay("1. Nf3, Nh3 e5", TurnSets::kSimultaneouslyProgressive);
  ASSERT_TRUE(twice.error);
  EXPECT_EQ(twice.error->reason, "bad set");
  EXPECT_EQ(twice.error->text, "Nh3");
  EXPECT_THAT(twice.error->message, HasSubstr("already moves the knight on g1"));
}

// A token after a complete turn is placed in the next turn, White's, with the position after
// the turn, in both modes.
TEST(DiplomacyRecordSets, ATokenAfterACompleteTurnBelongsToTheNextTurn) {
  for (TurnSets sets : {TurnSets::kOne, TurnSets::kProgressive}) {
    const DiplomacyReplayResult r = replay("1. e4 e5 Resigns", sets);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->ply, 2) << to_string(sets);
    EXPECT_EQ(r.error->move_number, 2) << to_string(sets);
    EXPECT_EQ(*r.error->side, kWhite) << to_string(sets);
    EXPECT_EQ(r.error->fen_before,
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3e6 0 2");
  }
  // Black's move, and a number between the two moves, are Black's.
  const DiplomacyReplayResult black = replay("1. e4 Ke7");
  ASSERT_TRUE(black.error);
  EXPECT_EQ(*black.error->side, kBlack);
  const DiplomacyReplayResult number = replay("1. e4 2. e5");
  ASSERT_TRUE(number.error);
  EXPECT_EQ(*number.error->side, kBlack);
}

TEST(DiplomacyRecordSets, SetsAreDiplomacyChesss) {
  EXPECT_THROW(replay_diplomacy_record(test::bundled_variant("move-neutral"), "1. e4 e5", {},
                                       TurnSets::kProgressive),
               std::invalid_argument);
  TurnSets s = TurnSets::kOne;
  EXPECT_TRUE(turn_sets_from("simultaneously-progressive", s));
  EXPECT_EQ(s, TurnSets::kSimultaneouslyProgressive);
  EXPECT_FALSE(turn_sets_from("both", s));
}

}  // namespace
}  // namespace arbiter
