// Each clause of the Conditional Chess rule text (shared/rules-text/conditional-chess.txt),
// and each alternative of the table's knobs, pinned by a named test on a hand-built position.
// Positions are extended FENs: six orthodox fields, the phase, the pending conditional move.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/conditional/conditional_game.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

ConditionalState at(const std::string& fen, const KnobSettings& knobs = {}) {
  return parse_conditional_fen(test::bundled_variant("conditional", knobs), fen);
}

Move move_of(const ConditionalState& s, std::string_view uci) {
  return test::legal_move(s.pos, uci);
}

bool offers(const ConditionalState& s, std::string_view uci) {
  MoveList moves;
  phase_moves(s, moves);
  return std::any_of(moves.begin(), moves.end(), [&](Move m) { return to_uci(s.pos, m) == uci; });
}

ConditionalMove cm(const ConditionalState& s, const std::string& text) {
  return parse_conditional(s.pos.variant(), text);
}

std::string reason_of_play(ConditionalState s, std::string_view uci) {
  try {
    play(s, move_of(s, uci));
  } catch (const ConditionalRuleError& e) {
    return e.reason();
  }
  return "";
}

// ---- The turn cycle (rule 1) -------------------------------------------------------------

TEST(ConditionalTurn, PliesAlternateColoursWhilePhasesCycleABC) {
  ConditionalState s = conditional_start(test::bundled_variant("conditional"));
  EXPECT_EQ(to_conditional_fen(s), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 A -");
  play(s, move_of(s, "e2e4"));  // White's A-move
  EXPECT_EQ(s.phase, Phase::kB);
  EXPECT_EQ(s.pos.side_to_move(), kBlack);
  state(s, cm(s, "Pe5?Nf3/d4"));  // White states its conditional move
  play(s, move_of(s, "e7e5"));    // Black's B-move
  EXPECT_EQ(s.phase, Phase::kC);
  EXPECT_EQ(s.pos.side_to_move(), kWhite);
  EXPECT_EQ(to_conditional_fen(s),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 C Pe5?Nf3/d4");
  const CDecision d = decide_c(s, *s.pending);  // White's C-move: the pawn is on e5
  ASSERT_EQ(d.kind, CDecision::Kind::kExecute);
  EXPECT_EQ(d.branch, 0);
  EXPECT_EQ(to_uci(s.pos, d.move), "g1f3");
  apply_c(s, {false, d.move});
  EXPECT_EQ(s.phase, Phase::kA);  // Black's A-move
  EXPECT_EQ(s.pos.side_to_move(), kBlack);
  EXPECT_FALSE(s.pending.has_value());
}

TEST(ConditionalTurn, ConditionIsEvaluatedWhenTheCMoveExecutes) {
  // White stated "if a black pawn is on e5 take it, else Re2". The B-move decides.
  const std::string fen = "4k3/8/8/4p3/8/8/8/K3R3 b - - 0 1 B Pe5?Rxe5/Re2";
  ConditionalState stays = at(fen);
  play(stays, move_of(stays, "e8d7"));
  CDecision d = decide_c(stays, *stays.pending);
  EXPECT_EQ(d.branch, 0);
  EXPECT_EQ(to_uci(stays.pos, d.move), "e1e5");

  ConditionalState moves_on = at(fen);
  play(moves_on, move_of(moves_on, "e5e4"));
  d = decide_c(moves_on, *moves_on.pending);
  EXPECT_EQ(d.branch, 1);
  EXPECT_EQ(to_uci(moves_on.pos, d.move), "e1e2");
}

TEST(ConditionalTurn, OnlyThePhaseMoveIsAccepted) {
  ConditionalState s = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 C !Ra7");
  EXPECT_THROW(play(s, move_of(s, "a1a7")), ConditionalRuleError);  // the C-move is due
  ConditionalState a = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 A -");
  EXPECT_THROW(decide_c(a, cm(a, "!Ra7")), ConditionalRuleError);
  EXPECT_THROW(state(a, cm(a, "!Ra7")), ConditionalRuleError);  // states after the A-move
  ConditionalState b = at("4k3/8/8/8/8/8/8/R3K3 b - - 0 1 B !Ra7");
  EXPECT_THROW(state(b, cm(b, "!Ra6")), ConditionalRuleError);  // stated once per turn
}

// ---- Checks (rule 2) ---------------------------------------------------------------------

TEST(ConditionalChecks, AMoveMayNotGiveANonMatingCheck) {
  // Ra8+ lets the king step to d7, e7 or f7: not mate, so not an A-move.
  const ConditionalState s = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 A -");
  EXPECT_FALSE(offers(s, "a1a8"));
  EXPECT_TRUE(offers(s, "a1a7"));
  EXPECT_EQ(reason_of_play(s, "a1a8"), "check in A-move");
}

TEST(ConditionalChecks, AMoveMayCheckmate) {
  const ConditionalState s = at("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 A -");
  EXPECT_TRUE(offers(s, "a1a8"));
  ConditionalState after = s;
  play(after, move_of(after, "a1a8"));
  const ConditionalStatus st = conditional_status(after);
  EXPECT_EQ(st.end, ConditionalEnd::kCheckmate);
  EXPECT_EQ(st.result(), "1-0");
}

TEST(ConditionalChecks, BMoveMayGiveCheck) {
  const ConditionalState s = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 B !Kd7");
  EXPECT_TRUE(offers(s, "a1a8"));
}

TEST(ConditionalChecks, ForcedNonMatingCheckInAnAMoveDraws) {
  // The king on a1 cannot move (the queen covers a2, b1, b2); e7+ is White's only move.
  const std::string fen = "5k2/8/4P3/8/8/8/2q5/K7 w - - 0 1 A -";
  const ConditionalStatus st = conditional_status(at(fen));
  EXPECT_EQ(st.end, ConditionalEnd::kForcedCheck);
  EXPECT_EQ(st.result(), "1/2-1/2");
  MoveList moves;
  phase_moves(at(fen), moves);
  EXPECT_TRUE(moves.empty());
  // The same position in phase B is an ordinary move: the check is allowed there.
  EXPECT_FALSE(conditional_status(at("5k2/8/4P3/8/8/8/2q5/K7 w - - 0 1 B -")).over());
}

TEST(ConditionalChecks, ForcedNonMatingCheckLosesUnderTheVariantKnob) {
  const ConditionalStatus st = conditional_status(
      at("5k2/8/4P3/8/8/8/2q5/K7 w - - 0 1 A -", {{"forced-a-move-check", "loss"}}));
  EXPECT_EQ(st.end, ConditionalEnd::kForcedCheck);
  EXPECT_EQ(st.result(), "0-1");
}

// White: Ke1, Ng3, Pa2. Black: Ke8, Rh8. Black's B-move Rh1+ checks along the first rank.
constexpr const char* kBCheckBoard = "4k2r/8/8/8/8/6N1/P7/4K3 b - - 0 1 B ";

TEST(ConditionalChecks, BMoveCheckSkipsTheCMoveAndTheCheckedPlayerMakesAnAMove) {
  ConditionalState s = at(std::string(kBCheckBoard) + "!a3");
  play(s, move_of(s, "h8h1"));
  ASSERT_TRUE(s.pos.in_check());
  const CDecision d = decide_c(s, *s.pending);
  EXPECT_EQ(d.kind, CDecision::Kind::kSkip);  // a3 does not answer the check
  apply_c(s, {});
  EXPECT_EQ(s.phase, Phase::kA);
  EXPECT_EQ(s.pos.side_to_move(), kWhite);  // White again: the turn starts over
  EXPECT_TRUE(s.pos.in_check());
  EXPECT_TRUE(offers(s, "g3f1"));   // blocks
  EXPECT_TRUE(offers(s, "e1d2"));   // steps away
  EXPECT_FALSE(offers(s, "a2a3"));  // leaves the king in check
}

TEST(ConditionalChecks, BMoveCheckCancelledByTheCMoveLetsItExecute) {
  ConditionalState s = at(std::string(kBCheckBoard) + "Eh1?Nxh1/a3");
  play(s, move_of(s, "h8h1"));
  const CDecision d = decide_c(s, *s.pending);
  ASSERT_EQ(d.kind, CDecision::Kind::kExecute);
  EXPECT_EQ(to_uci(s.pos, d.move), "g3h1");
  apply_c(s, {false, d.move});
  EXPECT_EQ(s.phase, Phase::kA);
  EXPECT_EQ(s.pos.side_to_move(), kBlack);  // the turn goes on as usual
}

TEST(ConditionalChecks, BMoveCheckmateEndsTheGame) {
  ConditionalState s = at("r3k3/8/8/8/8/8/5PPP/6K1 b - - 0 1 B !f3");
  play(s, move_of(s, "a8a1"));
  const ConditionalStatus st = conditional_status(s);
  EXPECT_EQ(st.end, ConditionalEnd::kCheckmate);
  EXPECT_EQ(st.result(), "0-1");
  EXPECT_THROW(decide_c(s, *s.pending), ConditionalRuleError);
  EXPECT_TRUE(c_outcomes(s).empty());
}

TEST(ConditionalChecks, BMoveCheckReplacedCMoveUnderTheKnob) {
  ConditionalState s = at(std::string(kBCheckBoard) + "!a3", {{"b-move-check", "replace-c-move"}});
  play(s, move_of(s, "h8h1"));
  const CDecision d = decide_c(s, *s.pending);
  ASSERT_EQ(d.kind, CDecision::Kind::kReplace);
  EXPECT_EQ(d.chooser, kWhite);  // the checked player moves instead
  apply_c(s, {false, move_of(s, "e1d2")});
  EXPECT_EQ(s.phase, Phase::kA);
  EXPECT_EQ(s.pos.side_to_move(), kBlack);  // and the checking player's A-move follows
}

TEST(ConditionalChecks, CMoveChecksAreUnrestricted) {
  ConditionalState s = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 C !Ra8");
  const CDecision d = decide_c(s, *s.pending);
  ASSERT_EQ(d.kind, CDecision::Kind::kExecute);  // a non-mating check
  apply_c(s, {false, d.move});
  EXPECT_TRUE(s.pos.in_check());
  EXPECT_EQ(s.phase, Phase::kA);
  EXPECT_TRUE(offers(s, "e8d7"));   // Black's A-move answers the check
  EXPECT_FALSE(offers(s, "e8f8"));  // still on the checked rank
}

TEST(ConditionalChecks, EndOfTurnMateAllowsACheckingAMoveThatOwesMate) {
  const KnobSettings knobs = {{"a-move-mate", "end-of-turn"}};
  ConditionalState s = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 A -", knobs);
  ASSERT_TRUE(offers(s, "a1a8"));
  play(s, move_of(s, "a1a8"));
  EXPECT_TRUE(s.mate_due);
  EXPECT_EQ(to_conditional_fen(s), "R3k3/8/8/8/8/8/8/4K3 b - - 1 1 B+ -");
  // Under the default reading the same FEN flag is refused.
  EXPECT_THROW(at("R3k3/8/8/8/8/8/8/4K3 b - - 1 1 B+ -"), FenError);
}

TEST(ConditionalChecks, EndOfTurnMateLetsOnlyMatingCMovesEndTheTurn) {
  // White's A-move Ra8+ (Kf6, Rb1 in reserve) let the king out to h7 only; after the B-move
  // Kh7 the C-move must mate, and Rh1 does.
  const KnobSettings knobs = {{"a-move-mate", "end-of-turn"}};
  ConditionalState s = at("R5k1/8/5K2/8/8/8/8/1R6 b - - 0 1 B+ -", knobs);
  play(s, move_of(s, "g8h7"));
  ASSERT_EQ(s.phase, Phase::kC);
  const auto outcomes = c_outcomes(s);
  ASSERT_FALSE(outcomes.empty());
  EXPECT_TRUE(std::any_of(outcomes.begin(), outcomes.end(),
                          [&](const CStep& c) { return to_uci(s.pos, c.move) == "b1h1"; }));
  for (const CStep& step : outcomes) {
    ASSERT_FALSE(step.skip);
    bool mate = false;
    EXPECT_TRUE(gives_check(s.pos, step.move, &mate) && mate) << to_uci(s.pos, step.move);
  }
  // A non-mating C-move leaves the owed mate undelivered.
  ConditionalState after = s;
  apply_c(after, {false, move_of(s, "b1b2")});
  EXPECT_FALSE(owed_mate_delivered(after, true));
  EXPECT_TRUE(owed_mate_delivered(after, false));
}

// ---- Illegal C-moves (rule 3) ------------------------------------------------------------

TEST(ConditionalIllegalCMove, IsSkippedAndTheOpponentMovesNext) {
  ConditionalState s = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 C !Nf3");  // White has no knight
  const CDecision d = decide_c(s, *s.pending);
  EXPECT_EQ(d.kind, CDecision::Kind::kSkip);
  EXPECT_NE(d.reason.find("Nf3"), std::string::npos);
  apply_c(s, {});
  EXPECT_EQ(s.phase, Phase::kA);
  EXPECT_EQ(s.pos.side_to_move(), kBlack);
  EXPECT_EQ(to_conditional_fen(s), "4k3/8/8/8/8/8/8/R3K3 b - - 0 1 A -");
}

TEST(ConditionalIllegalCMove, AmbiguousAtExecutionIsIllegal) {
  ConditionalState s = at("4k3/8/8/8/8/5N2/8/1N5K w - - 0 1 C !Nd2");
  EXPECT_EQ(decide_c(s, *s.pending).kind, CDecision::Kind::kSkip);
}

TEST(ConditionalIllegalCMove, OpponentMovesAPieceUnderTheVariantKnob) {
  ConditionalState s =
      at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 C !Nf3", {{"illegal-c-move", "opponent-moves"}});
  const CDecision d = decide_c(s, *s.pending);
  ASSERT_EQ(d.kind, CDecision::Kind::kReplace);
  EXPECT_EQ(d.chooser, kBlack);
  apply_c(s, {false, move_of(s, "a1a2")});  // Black's choice of a White move
  EXPECT_EQ(s.pos.side_to_move(), kBlack);
  EXPECT_EQ(s.phase, Phase::kA);
}

TEST(ConditionalIllegalCMove, SkipPassesTheEnPassantRightAway) {
  // Black's B-move d7-d5 gave White an en-passant right that only a C-move could use.
  ConditionalState s = at("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 5 C !Nf3");
  apply_c(s, {});
  EXPECT_EQ(to_conditional_fen(s), "4k3/8/8/3pP3/8/8/8/4K3 b - - 0 5 A -");
  ConditionalState black = at("4k3/8/8/8/8/8/8/4K3 b - - 0 5 C !Nf6");
  apply_c(black, {});
  EXPECT_EQ(black.pos.fullmove_number(), 6);  // Black's ply passed
}

TEST(ConditionalResolution, StatementFixesTheMoveExecutionReadsItAgain) {
  // White states !Nd2 while the f3 knight is pinned by the bishop on d5: only Nb1 can go.
  // Black's B-move Be6 unpins it, and at execution "Nd2" names two moves.
  const std::string fen = "4k3/8/8/3b4/8/5N2/8/1N5K b - - 0 1 B -";
  ConditionalState exec = at(fen);
  state(exec, cm(exec, "!Nd2"));
  play(exec, move_of(exec, "d5e6"));
  EXPECT_EQ(decide_c(exec, *exec.pending).kind, CDecision::Kind::kSkip);

  ConditionalState stated = at(fen, {{"c-move-resolution", "statement"}});
  state(stated, cm(stated, "!Nd2"));
  EXPECT_EQ(to_string(stated.pos.variant(), *stated.pending), "!b1d2");
  play(stated, move_of(stated, "d5e6"));
  const CDecision d = decide_c(stated, *stated.pending);
  ASSERT_EQ(d.kind, CDecision::Kind::kExecute);
  EXPECT_EQ(to_uci(stated.pos, d.move), "b1d2");
}

TEST(ConditionalResolution, AMoveNotPossibleWhenStatedStaysIllegalUnderStatement) {
  // Kd2 is illegal when stated (Black's rook holds the d-file) and legal once the B-move
  // takes the rook away.
  const std::string fen = "3rk3/8/8/8/8/8/8/4K3 b - - 0 1 B -";
  ConditionalState exec = at(fen);
  state(exec, cm(exec, "!Kd2"));
  play(exec, move_of(exec, "d8a8"));
  EXPECT_EQ(decide_c(exec, *exec.pending).kind, CDecision::Kind::kExecute);

  ConditionalState stated = at(fen, {{"c-move-resolution", "statement"}});
  state(stated, cm(stated, "!Kd2"));
  play(stated, move_of(stated, "d8a8"));
  EXPECT_EQ(decide_c(stated, *stated.pending).kind, CDecision::Kind::kSkip);
}

// ---- Stalemate (rule 4) ------------------------------------------------------------------

TEST(ConditionalStalemate, DrawsInAnAMove) {
  const ConditionalStatus st = conditional_status(at("k7/8/1Q6/8/8/8/8/7K b - - 0 1 A -"));
  EXPECT_EQ(st.end, ConditionalEnd::kStalemate);
  EXPECT_EQ(st.result(), "1/2-1/2");
}

TEST(ConditionalStalemate, DrawsInABMove) {
  EXPECT_EQ(conditional_status(at("k7/8/1Q6/8/8/8/8/7K b - - 0 1 B -")).end,
            ConditionalEnd::kStalemate);
}

TEST(ConditionalStalemate, NoLegalCMoveIsSkippedByDefault) {
  ConditionalState s = at("k7/8/1Q6/8/8/8/8/7K b - - 0 1 C !Kb8");
  EXPECT_FALSE(conditional_status(s).over());
  const auto outcomes = c_outcomes(s);
  ASSERT_EQ(outcomes.size(), 1U);
  EXPECT_TRUE(outcomes[0].skip);
  EXPECT_EQ(decide_c(s, *s.pending).kind, CDecision::Kind::kSkip);
}

TEST(ConditionalStalemate, NoLegalCMoveIsStalemateUnderTheKnob) {
  const ConditionalState s =
      at("k7/8/1Q6/8/8/8/8/7K b - - 0 1 C !Kb8", {{"no-legal-c-move", "stalemate"}});
  EXPECT_EQ(conditional_status(s).end, ConditionalEnd::kStalemate);
  EXPECT_TRUE(c_outcomes(s).empty());
}

// ---- En passant after a skipped C-move (rule 2.2; knob ep-after-skipped-c-move) ----------

/// White (king e4, pawn e5) has stated !e6; Black's B-move ...d7-d5 gives check, e6 does not
/// cancel it, so the C-move is skipped and White's A-move follows.
ConditionalState after_checking_double_step(const KnobSettings& knobs) {
  ConditionalState s = at("4k3/3p4/8/4P3/4K3/8/8/8 b - - 0 1 B -", knobs);
  state(s, cm(s, "!e6"));
  play(s, move_of(s, "d7d5"));
  EXPECT_TRUE(s.pos.in_check());
  EXPECT_EQ(decide_c(s, *s.pending).kind, CDecision::Kind::kSkip);
  apply_c(s, CStep{true, Move{}});
  EXPECT_EQ(s.phase, Phase::kA);
  EXPECT_EQ(s.pos.side_to_move(), kWhite);
  return s;
}

bool can_play(const ConditionalState& s, std::string_view uci) {
  MoveList moves;
  phase_moves(s, moves);
  for (Move m : moves)
    if (to_uci(s.pos, m) == uci) return true;
  return false;
}

TEST(ConditionalEnPassant, RightSurvivesASkippedCMoveByDefault) {
  const ConditionalState s = after_checking_double_step({});
  EXPECT_EQ(s.pos.en_passant(), *parse_square("d6"));
  EXPECT_TRUE(can_play(s, "e5d6"));  // exd6 e.p. also ends the check
}

TEST(ConditionalEnPassant, RightLapsesWithTheSkippedCMoveUnderTheKnob) {
  const ConditionalState s = after_checking_double_step({{"ep-after-skipped-c-move", "lapses"}});
  EXPECT_EQ(s.pos.en_passant(), kNoSquare);
  EXPECT_FALSE(can_play(s, "e5d6"));
}

// ---- The C ply seen by perft ------------------------------------------------------------

TEST(ConditionalOutcomes, EveryLegalMovePlusASkip) {
  const ConditionalState s = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 C -");
  MoveList legal;
  generate_legal(s.pos, legal);
  const auto outcomes = c_outcomes(s);
  EXPECT_EQ(outcomes.size(), static_cast<std::size_t>(legal.size()) + 1);
  EXPECT_EQ(std::count_if(outcomes.begin(), outcomes.end(), [](const CStep& c) { return c.skip; }),
            1);
}

TEST(ConditionalOutcomes, NoSkipWhenSomeoneMustMoveInstead) {
  const ConditionalState s =
      at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 C -", {{"illegal-c-move", "opponent-moves"}});
  MoveList legal;
  generate_legal(s.pos, legal);
  const std::vector<CStep> outcomes = c_outcomes(s);
  // The outcomes are the legal moves alone.
  EXPECT_EQ(outcomes.size(), static_cast<std::size_t>(legal.size()));
  for (const CStep& c : outcomes) EXPECT_FALSE(c.skip);
}

}  // namespace
}  // namespace arbiter
