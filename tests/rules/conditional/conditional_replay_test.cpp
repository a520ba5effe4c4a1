// Conditional Chess records (rules/conditional/conditional_record.hpp): hand-built games checked
// ply by ply (phases, sides, what each C-move did, final extended FEN), every kind of error with
// its fields, the check rules under their knobs, statement- against execution-time resolution, and
// a start in phase C with a pending conditional move.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rules/conditional/conditional_record.hpp"
#include "rules/core/move_words.hpp"
#include "rules/core/record_tokens.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using K = RecordTokenKind;

// Black rook b8 and king e8 against White king e1, rook h1, pawn a2: Black's rook can check
// along the first rank, White's rook along the eighth.
constexpr const char* kRookFen = "1r2k3/8/8/8/8/8/P7/4K2R w K - 0 1";

using test::conditional;

ConditionalReplayResult replay(const std::string& record, const KnobSettings& knobs = {},
                               const std::string& fen = "") {
  ReplayOptions o;
  if (!fen.empty()) o.fen = fen;
  return replay_conditional_record(conditional(knobs), record, o);
}

std::string read_data(const std::string& name) {
  std::ifstream in(test::data_path("conditional/" + name));
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The phase letters of the plies that happened, as one string ("ABCABC").
std::string phases(const ConditionalReplayResult& r) {
  std::string out;
  for (const ConditionalPly& p : r.moves) out += phase_letter(p.phase);
  return out;
}

/// The sides of the plies that happened, 'W' or 'B' each.
std::string sides(const ConditionalReplayResult& r) {
  std::string out;
  for (const ConditionalPly& p : r.moves) out += p.side == kWhite ? 'W' : 'B';
  return out;
}

std::string errors_of(const ConditionalReplayResult& r) {
  return r.error ? r.error->reason + ": " + r.error->message : "";
}

TEST(ConditionalRecordTokens, ConditionalsAreSingleMoveWords) {
  const std::vector<RecordToken> t =
      tokenize_record("2. d2?Nh4/e6 !Qe2 !*Qe2* Eg7?*Bxg7*/Nf3 Pb4?Na2/Ncd3=>Kh1 3.!e5 Nf6?!");
  std::vector<std::pair<K, std::string>> got;
  for (const RecordToken& x : t) got.emplace_back(x.kind, x.text);
  EXPECT_THAT(got, ElementsAre(std::pair(K::kMoveNumber, std::string("2.")),
                               std::pair(K::kMove, std::string("d2?Nh4/e6")),
                               std::pair(K::kMove, std::string("!Qe2")),
                               std::pair(K::kMove, std::string("!*Qe2*")),
                               std::pair(K::kMove, std::string("Eg7?*Bxg7*/Nf3")),
                               std::pair(K::kMove, std::string("Pb4?Na2/Ncd3=>Kh1")),
                               std::pair(K::kMoveNumber, std::string("3.")),
                               std::pair(K::kMove, std::string("!e5")),
                               std::pair(K::kMove, std::string("Nf6?!"))));
}

TEST(ConditionalReplay, FiveTurnsWithThenAndElseBranches) {
  // Each line of tests/data/conditional/five_turns.pgn says what its plies do.
  const ConditionalReplayResult r = replay(read_data("five_turns.pgn"));
  ASSERT_TRUE(r.valid()) << errors_of(r);
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(r.plies, 16);
  EXPECT_EQ(phases(r), "ABCABCABCABCABCA");
  EXPECT_EQ(sides(r), "WBWBWBWBWBWBWBWB");
  const auto c = [&](int ply) { return r.moves.at(ply - 1); };
  EXPECT_EQ(c(3).canonical, "e5?d4/*Nf3*");  // else-branch
  EXPECT_EQ(c(3).move, "Nf3");
  EXPECT_EQ(c(3).outcome, COutcome::kExecuted);
  EXPECT_EQ(c(6).canonical, "Bc4?*Nf6*/d6");  // then-branch
  EXPECT_EQ(c(6).move, "Nf6");
  EXPECT_EQ(c(9).move, "O-O");
  EXPECT_EQ(c(12).canonical, "!*O-O*");  // a single move
  EXPECT_EQ(c(12).side, kBlack);
  EXPECT_EQ(c(15).move, "Bb3");
  // Move numbers label pairs of written plies.
  EXPECT_EQ(c(3).move_number, 2);
  EXPECT_EQ(c(16).move_number, 8);
  EXPECT_EQ(r.final_fen,
            "r1bq1rk1/1pp2pp1/p1np1n1p/2b1p3/4P3/1BPP1N1P/PP3PP1/RNBQ1RK1 w - - 0 9 B -");
  EXPECT_EQ(r.result, "*");
  EXPECT_FALSE(r.status.over());
}

TEST(ConditionalReplay, BangMoveIsTheThenBranchAlways) {
  // White A e4, Black B e5, White C !Qe2 (executes), Black A Nf6.
  const ConditionalReplayResult r = replay("1. e4 e5 2. !Qe2 Nf6");
  ASSERT_TRUE(r.valid()) << errors_of(r);
  EXPECT_EQ(r.moves.at(2).canonical, "!*Qe2*");
  EXPECT_EQ(r.moves.at(2).move, "Qe2");
  EXPECT_EQ(r.final_fen, "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPPQPPP/RNB1KBNR w KQkq - 2 3 B -");
}

TEST(ConditionalReplay, IllegalCMoveIsSkipped) {
  // White A e4, Black B e5 blocks the pawn, White C !e5 is illegal: skipped, and Black's
  // A-move Nf6 follows.
  const ConditionalReplayResult r = replay("1. e4 e5 2. !e5 Nf6");
  ASSERT_TRUE(r.valid()) << errors_of(r);
  EXPECT_EQ(phases(r), "ABCA");
  EXPECT_EQ(r.moves.at(2).outcome, COutcome::kSkipped);
  EXPECT_EQ(r.moves.at(2).move, "");
  EXPECT_THAT(r.moves.at(2).why, HasSubstr("no pawn of the side to move can go to e5"));
  EXPECT_EQ(r.moves.at(2).canonical, "!e5");  // nothing executed, nothing marked
  EXPECT_EQ(r.final_fen, "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3 B -");
  // A "=>" move in place of a skipped C-move is an error.
  const ConditionalReplayResult bad = replay("1. e4 e5 2. !e5=>a3 Nf6");
  ASSERT_TRUE(bad.error);
  EXPECT_EQ(bad.error->reason, "unexpected replacement");
}

TEST(ConditionalReplay, IllegalCMoveReplacedByTheOpponentsChoice) {
  const KnobSettings knob{{"illegal-c-move", "opponent-moves"}};
  // White A e4, Black B e5, White C !e5 illegal: Black picks White's a3 in its place; then
  // Black's A-move Nf6.
  const ConditionalReplayResult r = replay("1. e4 e5 2. !e5=>a3 Nf6", knob);
  ASSERT_TRUE(r.valid()) << errors_of(r);
  EXPECT_EQ(r.moves.at(2).outcome, COutcome::kReplaced);
  EXPECT_EQ(r.moves.at(2).move, "a3");
  EXPECT_EQ(r.moves.at(2).side, kWhite);
  EXPECT_EQ(r.final_fen, "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/P7/1PPP1PPP/RNBQKBNR w KQkq - 1 3 B -");
  // Without the "=>" move the record is incomplete.
  const ConditionalReplayResult missing = replay("1. e4 e5 2. !e5 Nf6", knob);
  ASSERT_TRUE(missing.error);
  EXPECT_EQ(missing.error->reason, "missing replacement");
  EXPECT_THAT(missing.error->message, HasSubstr("illegal-c-move=opponent-moves"));
  EXPECT_EQ(missing.error->phase, Phase::kC);
  // A legal C-move executes: "=>" is then an error.
  const ConditionalReplayResult extra = replay("1. e4 e5 2. !Nf3=>a3", knob);
  ASSERT_TRUE(extra.error);
  EXPECT_EQ(extra.error->reason, "unexpected replacement");
}

TEST(ConditionalReplay, BMoveCheckCancelledByTheCMove) {
  // White A a3, Black B Rb1+ (check on the first rank), White C: a rook on b1, so the
  // then-branch Ke2 executes and leaves the check; Black A-move Kd8.
  const ConditionalReplayResult r = replay("1. a3 Rb1+ 2. Rb1?*Ke2*/a4 Kd8", {}, kRookFen);
  ASSERT_TRUE(r.valid()) << errors_of(r);
  EXPECT_EQ(sides(r), "WBWB");
  EXPECT_EQ(r.moves.at(2).outcome, COutcome::kExecuted);
  EXPECT_EQ(r.final_fen, "3k4/8/8/8/8/P7/4K3/1r5R w - - 3 3 B -");
}

TEST(ConditionalReplay, BMoveCheckRestartsTheTurn) {
  // tests/data/conditional/restart_turn.pgn: White A a3, Black B Rb1+, White C !a4 cannot
  // answer the check (skipped), White's own A-move Kd2, Black B Rb3, White C !a4 executes.
  const ConditionalReplayResult r = replay(read_data("restart_turn.pgn"));
  ASSERT_TRUE(r.valid()) << errors_of(r);
  EXPECT_EQ(phases(r), "ABCABC");
  EXPECT_EQ(sides(r), "WBWWBW");  // White twice in a row
  EXPECT_EQ(r.moves.at(2).outcome, COutcome::kSkipped);
  EXPECT_THAT(r.moves.at(2).why, HasSubstr("the B-move's check stands"));
  EXPECT_EQ(r.moves.at(3).canonical, "Kd2");
  EXPECT_EQ(r.moves.at(5).outcome, COutcome::kExecuted);
  EXPECT_EQ(r.moves.at(5).move_number, 3);
  EXPECT_TRUE(r.warnings.empty());  // numbers 1, 2, 3 fit the slots
  EXPECT_EQ(r.final_fen, "4k3/8/8/8/P7/1r6/3K4/7R b - - 0 3 A -");
}

TEST(ConditionalReplay, BMoveCheckReplacedByTheCheckedPlayersMove) {
  const KnobSettings knob{{"b-move-check", "replace-c-move"}};
  // White A a3, Black B Rb1+, White C !a4 cannot answer: White's own Kd2 takes its place;
  // then Black's A-move Kd8 as usual.
  const ConditionalReplayResult r = replay("1. a3 Rb1+ 2. !a4=>Kd2 Kd8", knob, kRookFen);
  ASSERT_TRUE(r.valid()) << errors_of(r);
  EXPECT_EQ(sides(r), "WBWB");
  EXPECT_EQ(r.moves.at(2).outcome, COutcome::kReplaced);
  EXPECT_EQ(r.moves.at(2).move, "Kd2");
  EXPECT_EQ(r.final_fen, "3k4/8/8/8/8/P7/3K4/1r5R w - - 3 3 B -");
  const ConditionalReplayResult missing = replay("1. a3 Rb1+ 2. !a4 Kd8", knob, kRookFen);
  ASSERT_TRUE(missing.error);
  EXPECT_EQ(missing.error->reason, "missing replacement");
  EXPECT_THAT(missing.error->message, HasSubstr("b-move-check=replace-c-move"));
}

TEST(ConditionalReplay, OmittedSkippedCMoveIsAWarning) {
  // White A a3, Black B Rb1+; the record goes on with White's Kd2: the C-move was skipped and
  // not written. Black B Rb3, White C !a4.
  const ConditionalReplayResult r = replay("1. a3 Rb1+ 2. Kd2 Rb3 3. !a4", {}, kRookFen);
  ASSERT_TRUE(r.valid()) << errors_of(r);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_THAT(r.warnings[0].message, HasSubstr("C-move is not written"));
  EXPECT_EQ(r.warnings[0].text, "Kd2");
  EXPECT_EQ(r.plies, 6);
  EXPECT_EQ(phases(r), "ABCABC");
  EXPECT_FALSE(r.moves.at(2).written);
  EXPECT_EQ(r.moves.at(2).outcome, COutcome::kSkipped);
  EXPECT_EQ(r.moves.at(3).move_number, 2);  // Kd2 stands in slot 3, move 2
  EXPECT_EQ(r.final_fen, "4k3/8/8/8/P7/1r6/3K4/7R b - - 0 3 A -");
  // Not in check, a plain move where the C-move is due is an error.
  const ConditionalReplayResult bad = replay("1. e4 e5 2. Nf3");
  ASSERT_TRUE(bad.error);
  EXPECT_EQ(bad.error->reason, "expected conditional");
}

TEST(ConditionalReplay, AMoveCheckIsAnErrorWithEveryField) {
  const ConditionalReplayResult r = replay(read_data("a_move_check.pgn"));
  ASSERT_TRUE(r.error);
  const ConditionalNote& e = *r.error;
  EXPECT_EQ(e.ply, 1);
  EXPECT_EQ(e.move_number, 1);
  EXPECT_EQ(e.phase, Phase::kA);
  EXPECT_EQ(e.side, kWhite);
  EXPECT_EQ(e.text, "Rh8+");
  EXPECT_EQ(e.reason, "check in A-move");
  EXPECT_THAT(e.message, HasSubstr("only when it mates"));
  EXPECT_EQ(e.fen_before, "1r2k3/8/8/8/8/8/P7/4K2R w K - 0 1 A -");
  EXPECT_EQ(e.line, 4);
  EXPECT_EQ(e.column, 4);
  EXPECT_EQ(conditional_note_location(e), "move 1 (White A-move) 'Rh8+'");
  EXPECT_EQ(r.plies, 0);
}

TEST(ConditionalReplay, MarkOnTheOtherBranchIsAnError) {
  // e5 is occupied, so the else-branch Nf3 executes, but the then-branch is marked.
  const ConditionalReplayResult r = replay("1. e4 e5 2. e5?*d4*/Nf3");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->reason, "wrong mark");
  EXPECT_THAT(r.error->message,
              HasSubstr("marks the then-branch but the else-branch executes (Nf3)"));
  EXPECT_EQ(r.error->ply, 3);
  EXPECT_EQ(r.error->move_number, 2);
  EXPECT_EQ(r.error->phase, Phase::kC);
  EXPECT_EQ(r.error->fen_before,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 C -");
}

TEST(ConditionalReplay, MarkOnASkippedChosenBranchIsAWarning) {
  const ConditionalReplayResult r = replay("1. e4 e5 2. !*e5* Nf6");
  ASSERT_TRUE(r.valid()) << errors_of(r);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_THAT(r.warnings[0].message, HasSubstr("but it did not execute"));
}

TEST(ConditionalReplay, MateAndTheStatedResult) {
  // White A f3, Black B e5, White C !g4 (executes), Black A Qh4#: an A-move check that mates.
  const ConditionalReplayResult r = replay("1. f3 e5 2. !g4 Qh4# 0-1");
  ASSERT_TRUE(r.valid()) << errors_of(r);
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(r.status.end, ConditionalEnd::kCheckmate);
  EXPECT_EQ(r.status.result(), "0-1");
  EXPECT_EQ(r.result, "0-1");
  const ConditionalReplayResult wrong = replay("1. f3 e5 2. !g4 Qh4# 1-0");
  ASSERT_TRUE(wrong.valid());
  ASSERT_EQ(wrong.warnings.size(), 1u);
  EXPECT_EQ(wrong.warnings[0].message,
            "the record says 1-0 but White is checkmated, so the result is 0-1");
  const ConditionalReplayResult after = replay("1. f3 e5 2. !g4 Qh4# 3. Kf2");
  ASSERT_TRUE(after.error);
  EXPECT_EQ(after.error->reason, "game over");
  EXPECT_EQ(after.error->phase, Phase::kB);
}

TEST(ConditionalReplay, StatementAndExecutionResolutionDiffer) {
  // White A e4 and states !exd5 while d5 is empty; Black B d5; White C !*exd5*; Black A Qxd5.
  const std::string record = "1. e4 d5 2. !*exd5* Qxd5";
  // Execution: exd5 is legal after the B-move and executes; Black recaptures.
  const ConditionalReplayResult at_execution = replay(record);
  ASSERT_TRUE(at_execution.valid()) << errors_of(at_execution);
  EXPECT_EQ(at_execution.moves.at(2).outcome, COutcome::kExecuted);
  EXPECT_EQ(at_execution.final_fen,
            "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3 B -");
  // Statement: exd5 named no legal move when stated, so it is skipped (the mark draws a
  // warning) and Qxd5 then takes Black's own pawn: illegal.
  const ConditionalReplayResult at_statement = replay(record, {{"c-move-resolution", "statement"}});
  ASSERT_TRUE(at_statement.error);
  EXPECT_EQ(at_statement.moves.at(2).outcome, COutcome::kSkipped);
  EXPECT_THAT(at_statement.moves.at(2).why, HasSubstr("when it was stated"));
  EXPECT_EQ(at_statement.error->reason, "illegal");
  EXPECT_EQ(at_statement.error->text, "Qxd5");
  EXPECT_EQ(at_statement.error->phase, Phase::kA);
  ASSERT_EQ(at_statement.warnings.size(), 1u);
}

TEST(ConditionalReplay, PendingConditionalFromTheStartFen) {
  const std::string fen =
      "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 C e5?d4/Nf3";
  const std::string after = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 B -";
  // Written again: it must agree; Nf3 executes, then Black A Nc6.
  const ConditionalReplayResult written = replay("2. e5?d4/*Nf3* Nc6", {}, fen);
  ASSERT_TRUE(written.valid()) << errors_of(written);
  EXPECT_EQ(written.final_fen, after);
  // Left out: it executes as stated, and Nc6 is the next ply.
  const ConditionalReplayResult left_out = replay("2. Nc6", {}, fen);
  ASSERT_TRUE(left_out.valid()) << errors_of(left_out);
  EXPECT_EQ(left_out.final_fen, after);
  EXPECT_FALSE(left_out.moves.at(0).written);
  EXPECT_EQ(left_out.moves.at(0).canonical, "e5?d4/*Nf3*");
  EXPECT_TRUE(left_out.warnings.empty());
  // Another conditional: mismatch.
  const ConditionalReplayResult other = replay("2. e5?d4/Nc3 Nc6", {}, fen);
  ASSERT_TRUE(other.error);
  EXPECT_EQ(other.error->reason, "mismatch");
  EXPECT_EQ(other.error->fen_before, fen);
}

TEST(ConditionalReplay, OwedMateNotDeliveredAtEndOfTurn) {
  // a-move-mate=end-of-turn: White A Rh8+ is allowed, Black B Kd7, but White's C !a4 does not
  // mate, so the A-move's check was not allowed after all.
  const ConditionalReplayResult r =
      replay("1. Rh8+ Kd7 2. !a4", {{"a-move-mate", "end-of-turn"}}, kRookFen);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->reason, "owed mate");
  EXPECT_EQ(r.error->ply, 3);
  EXPECT_EQ(r.error->phase, Phase::kC);
  EXPECT_EQ(r.error->fen_before, "1r5R/3k4/8/8/8/8/P7/4K3 w - - 2 2 C+ -");
}

TEST(ConditionalReplay, ConditionalInAnAOrBSlotIsAnError) {
  const ConditionalReplayResult r = replay("1. e4 e5?d4/Nf3");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->reason, "conditional in A/B");
  EXPECT_EQ(r.error->phase, Phase::kB);
  EXPECT_EQ(r.error->side, kBlack);
  EXPECT_THAT(r.error->message, HasSubstr("where it executes"));
}

TEST(ConditionalReplay, MoveNumberThatDisagreesWithTheSlotWarns) {
  // "3." stands where move 2 (slot 3) is due.
  const ConditionalReplayResult r = replay("1. e4 e5 3. !Nf3 Nc6");
  ASSERT_TRUE(r.valid()) << errors_of(r);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].message, "move number '3.' does not match the record: expected 2.");
}

TEST(ConditionalReplay, ProtocolsAreKeptApart) {
  EXPECT_THROW(replay_conditional_record(test::orthodox(), "1. e4"), std::invalid_argument);
  EXPECT_THROW(replay_record(conditional(), "1. e4"), std::invalid_argument);
}

// Records as people write them (docs/replay.md): the same five turns with German letters,
// figurines and commas; a null move is named and refused (the turn machine has no pass).
TEST(ConditionalReplay, PeopleWriteOtherLettersFigurinesAndCommas) {
  const ConditionalReplayResult english = replay(read_data("five_turns.pgn"));
  ASSERT_TRUE(english.valid());
  ReplayOptions de;
  de.letters = find_piece_letters("de");
  const ConditionalReplayResult german = replay_conditional_record(
      conditional(),
      "1. e4, e5 2. e5?d4/*Sf3* Sc6 3. Lc4 Lc4?*Sf6*/d6 4. d3 Lc5 5. Sf6?*0-0*/Sg5 d6 "
      "6. c3 !*0-0* 7. h3 a6 8. Ba6?*Lb3*/Lxa6 h6 *",
      de);
  ASSERT_TRUE(german.valid()) << german.error->message;
  EXPECT_EQ(german.final_fen, english.final_fen);
  const ConditionalReplayResult figurines = replay(
      "1. e4 e5 2. e5?d4/*\xE2\x99\x98"
      "f3* \xE2\x99\x9E"
      "c6 3. \xE2\x99\x97"
      "c4");
  ASSERT_TRUE(figurines.valid()) << figurines.error->message;
  EXPECT_EQ(figurines.plies, 5);  // A, B, C, then Black's A and White's B
}

TEST(ConditionalReplay, ANullMoveIsNamedAndRefused) {
  ReplayOptions pass;
  pass.null_moves = NullMoves::kPass;
  const ConditionalReplayResult r = replay_conditional_record(conditional(), "1. e4 --", pass);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->reason, "null move");
  EXPECT_THAT(r.error->message, HasSubstr("Conditional Chess has no pass"));
  EXPECT_EQ(*r.error->phase, Phase::kB);
}

}  // namespace
}  // namespace arbiter
