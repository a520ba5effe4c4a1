// Progressive and simultaneously progressive Diplomacy Chess (shared/rules-text/
// diplomacy-chess.txt, "Progressive" and "Simultaneously Progressive"): sets of moves resolved
// pair by pair or all at once, the progressive-illegal knob, unequal sets, the end of the game
// inside a set, and the errors for malformed sets.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "rules/simultaneous/diplomacy/diplomacy_move_text.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_progressive.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

SimState progressive_at(const std::string& fen, const KnobSettings& knobs = {}) {
  return parse_sim_fen(test::bundled_variant("diplomacy", knobs), fen);
}

std::string board(const ProgressiveResult& r) {
  const std::string fen = to_sim_fen(r.final_state);
  return fen.substr(0, fen.find(' '));
}

std::string outcomes(const ProgressiveResult& r) {
  std::string out;
  for (const ProgressiveMoveResult& m : r.moves) {
    if (!out.empty()) out += ' ';
    out += std::to_string(m.pair) + (m.color == kWhite ? "w:" : "b:") + to_string(m.outcome);
  }
  return out;
}

std::string trace_text(const ProgressiveResult& r) {
  std::string out;
  for (const ProgressiveMoveResult& m : r.moves)
    for (const TraceEntry& e : m.trace) out += e.clause + ": " + e.text + "\n";
  return out;
}

ProgressiveError error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ProgressiveError& e) {
    return e;
  }
  ADD_FAILURE() << "no ProgressiveError";
  return ProgressiveError(kWhite, 0, "", 0, "");
}

// ---- Progressive ---------------------------------------------------------------------------

// White: Kh1, Qc2, Bf3. Black: Ke8, Nb8, Ne3. Pair 1 is the rule text's Bd1/Nd1 bounce, so
// White's second move, Bb3 (meant from d1), no longer exists: the bishop is still on f3.
constexpr const char* kBounce = "1n2k3/8/8/8/8/4nB2/2Q5/7K w - - 0 1";
const std::vector<std::string> kBounceWhite = {"Bd1", "Bb3", "Kg1"};
const std::vector<std::string> kBounceBlack = {"Nd1", "Kd7", "Ke6"};

TEST(DiplomacyProgressive, MoveLostToAnEarlierConflictIsSkippedByDefault) {
  const ProgressiveResult r =
      play_progressive(progressive_at(kBounce), move_set(kBounceWhite), move_set(kBounceBlack));
  EXPECT_EQ(outcomes(r), "1w:failed 1b:failed 2w:skipped 2b:executed 3w:executed 3b:executed")
      << trace_text(r);
  EXPECT_NE(r.moves[2].reason.find("Bb3"), std::string::npos) << r.moves[2].reason;
  EXPECT_EQ(board(r), "1n6/8/4k3/8/8/4nB2/2Q5/6K1");  // the set went on: Kg1 was played
  EXPECT_EQ(r.pairs_resolved, 3);
}

TEST(DiplomacyProgressive, MoveLostToAnEarlierConflictVoidsTheRestUnderTheKnob) {
  const ProgressiveResult r =
      play_progressive(progressive_at(kBounce, {{"progressive-illegal", "void"}}),
                       move_set(kBounceWhite), move_set(kBounceBlack));
  EXPECT_EQ(outcomes(r), "1w:failed 1b:failed 2w:void 2b:executed 3w:void 3b:executed")
      << trace_text(r);
  EXPECT_EQ(board(r), "1n6/8/4k3/8/8/4nB2/2Q5/7K");  // White's king never left h1
}

TEST(DiplomacyProgressive, PairsAreReadOnTheBoardOfTheirTurn) {
  // Kg1 then Kf2: the second SAN only names a move once the first has executed.
  const ProgressiveResult r =
      play_progressive(progressive_at(kBounce), move_set({"Kg1", "Kf2"}), move_set({"Kd8", "Ke7"}));
  EXPECT_EQ(outcomes(r), "1w:executed 1b:executed 2w:executed 2b:executed") << trace_text(r);
  EXPECT_EQ(r.moves[2].canonical, "Kf2");
  EXPECT_EQ(board(r), "1n6/4k3/8/8/8/4nB2/2Q2K2/8");
}

TEST(DiplomacyProgressive, ShorterSetPassesInTheRemainingPairs) {
  // Bare kings: White hands in three moves, Black one; Black simply stands in pairs 2 and 3.
  const ProgressiveResult r = play_progressive(progressive_at("4k3/8/8/8/8/8/8/7K w - - 0 1"),
                                               move_set({"Kg1", "Kf1", "Ke1"}), move_set({"Kd8"}));
  EXPECT_EQ(outcomes(r), "1w:executed 1b:executed 2w:executed 3w:executed");
  EXPECT_EQ(board(r), "3k4/8/8/8/8/8/8/4K3");
  EXPECT_EQ(r.pairs_resolved, 3);
}

// Progressive, "each player presents the entire set": sets of unequal length are knob
// unequal-sets.
TEST(DiplomacyProgressive, UnequalSetsAreRefusedUnderTheKnob) {
  const SimState s = progressive_at("4k3/8/8/8/8/8/8/7K w - - 0 1", {{"unequal-sets", "refused"}});
  const ProgressiveError e = error_of([&] {
    play_progressive(s, move_set({"Kg1", "Kf1", "Ke1"}), move_set({"Kd8"}));
  });
  EXPECT_EQ(e.color(), kBlack);
  EXPECT_EQ(e.index(), 2);
  EXPECT_NE(std::string(e.what()).find("unequal-sets=refused"), std::string::npos) << e.what();
  // Equal sets are played as before.
  const ProgressiveResult r = play_progressive(s, move_set({"Kg1"}), move_set({"Kd8"}));
  EXPECT_EQ(outcomes(r), "1w:executed 1b:executed");
}

// Progressive, "then the second, and so on", with the en-passant right of chess: a pair in
// which nobody moves is knob ep-over-idle-pair. White: Ke1, Pe2. Black: Ke8, Pd4. Pair 1: e4
// and Kd7; pair 2: White has passed, Black's second Kd7 is skipped (nobody moves); pair 3:
// dxe3 e.p.
ProgressiveResult idle_pair_then_en_passant(const KnobSettings& knobs) {
  return play_progressive(progressive_at("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", knobs),
                          move_set({"e4"}), move_set({"Kd7", "Kd7", "dxe3"}));
}

TEST(DiplomacyProgressive, EnPassantRightSurvivesAPairInWhichNobodyMovesByDefault) {
  const ProgressiveResult r = idle_pair_then_en_passant({});
  EXPECT_EQ(outcomes(r), "1w:executed 1b:executed 2b:skipped 3b:executed") << trace_text(r);
  EXPECT_EQ(board(r), "8/3k4/8/8/8/4p3/8/4K3");
}

TEST(DiplomacyProgressive, EnPassantRightLapsesOverAPairInWhichNobodyMovesUnderTheKnob) {
  const ProgressiveResult r = idle_pair_then_en_passant({{"ep-over-idle-pair", "lapses"}});
  EXPECT_EQ(outcomes(r), "1w:executed 1b:executed 2b:skipped 3b:skipped") << trace_text(r);
  EXPECT_EQ(board(r), "8/3k4/8/8/3pP3/8/8/4K3");
}

TEST(DiplomacyProgressive, GameEndsByKingCaptureInsideTheSet) {
  // White: Ke1, Qd1. Black: Kd8. Qxd8 against ...Kd7: the king's step fails (d7 is attacked
  // after resolution), so the queen takes it (the resolver test of the same name). The second
  // pair is never played.
  const ProgressiveResult r = play_progressive(progressive_at("3k4/8/8/8/8/8/8/3QK3 w - - 0 1"),
                                               move_set({"Qxd8", "Qd7"}), move_set({"Kd7", "Kc7"}));
  EXPECT_EQ(outcomes(r), "1w:executed 1b:failed 2w:not reached 2b:not reached");
  EXPECT_TRUE(r.status.over);
  EXPECT_EQ(r.status.result(), "1-0");
  EXPECT_EQ(r.pairs_resolved, 1);
  EXPECT_NE(r.moves[3].reason.find("king captured"), std::string::npos) << r.moves[3].reason;
}

TEST(DiplomacyProgressive, GameEndsByMateInsideTheSet) {
  // White: Kg1, Ra1. Black: Kg8, Pb7, f7, g7, h7. Ra8 against ...b6 is mate; Black's b5 and
  // White's Kf2 are not reached.
  const ProgressiveResult r =
      play_progressive(progressive_at("6k1/1p3ppp/8/8/8/8/8/R5K1 w - - 0 1"),
                       move_set({"Ra8", "Kf2"}), move_set({"b6", "b5"}));
  EXPECT_EQ(outcomes(r), "1w:executed 1b:executed 2w:not reached 2b:not reached");
  EXPECT_EQ(r.status.reason, "checkmate");
  EXPECT_EQ(r.status.result(), "1-0");
}

TEST(DiplomacyProgressive, PliesAndCoordinatesAreAccepted) {
  const SimState s = progressive_at("4k3/8/8/8/8/8/8/7K w - - 0 1");
  const MoveSet white = {ProgressiveEntry::of(Move(*parse_square("h1"), *parse_square("g1"))),
                         ProgressiveEntry::of("g1f1")};
  const ProgressiveResult r = play_progressive(s, white, move_set({"e8d8"}));
  EXPECT_EQ(outcomes(r), "1w:executed 1b:executed 2w:executed");
  EXPECT_EQ(r.moves[0].written, "h1g1");
  EXPECT_EQ(r.moves[0].canonical, "Kg1");
  EXPECT_EQ(r.moves[2].written, "g1f1");
  EXPECT_EQ(r.moves[2].canonical, "Kf1");
}

TEST(DiplomacyProgressive, TracesBelongToTheirPair) {
  const ProgressiveResult r =
      play_progressive(progressive_at(kBounce), move_set(kBounceWhite), move_set(kBounceBlack));
  bool bounce = false;
  for (const TraceEntry& e : r.moves[0].trace)
    bounce |= e.clause == "same-destination" && square_name(e.square) == "d1";
  EXPECT_TRUE(bounce) << trace_text(r);
  EXPECT_EQ(r.moves[0].trace.size(), r.moves[1].trace.size());
}

TEST(DiplomacyProgressive, MalformedMoveIsRefusedBeforePlay) {
  const ProgressiveError e = error_of([] {
    play_progressive(progressive_at(kBounce), move_set({"Bd1", "Bzz"}), move_set({"Nd1"}));
  });
  EXPECT_EQ(e.color(), kWhite);
  EXPECT_EQ(e.index(), 2);
  EXPECT_NE(std::string(e.what()).find("destination square"), std::string::npos) << e.what();
}

TEST(DiplomacyProgressive, FirstMoveThatIsNoSubmissionIsAnError) {
  // On the starting board nothing can have changed: Bb3 from f3 is simply wrong.
  const ProgressiveError e = error_of(
      [] { play_progressive(progressive_at(kBounce), move_set({"Bb3"}), move_set({"Nd1"})); });
  EXPECT_EQ(e.index(), 1);
  EXPECT_EQ(e.expected(), "a move it may submit on the starting board");
}

TEST(DiplomacyProgressive, AmbiguousSanNamesEveryCandidate) {
  // White's knights on b1 and f3 can both reach d2.
  const SimState s = progressive_at("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  try {
    read_diplomacy_move(s, kWhite, "Nd2");
    FAIL() << "no error";
  } catch (const NotationError& e) {
    EXPECT_EQ(e.kind(), NotationErrorKind::kAmbiguous);
    EXPECT_NE(std::string(e.what()).find("Nbd2, Nfd2"), std::string::npos) << e.what();
  }
}

TEST(SimMoveText, SanReachesMovesThatOrthodoxSanRefuses) {
  // Qh8-h1 crosses Black's rook on h6 (it may leave): a submission, though not a legal move.
  const SimState s = progressive_at("5R1Q/8/7r/8/k7/8/8/K7 w - - 0 1");
  const Move m = read_diplomacy_move(s, kWhite, "Qh1");
  EXPECT_EQ(to_uci(view_for(s, kWhite), m), "h8h1");
  EXPECT_EQ(diplomacy_san(s, kWhite, m), "Qh1");
  EXPECT_EQ(diplomacy_san(s, kWhite, read_diplomacy_move(s, kWhite, "h8h6")), "Qxh6");
}

// ---- Simultaneously progressive: the rule text's three examples -------------------------

TEST(DiplomacySimultaneouslyProgressive, RookMeetsTheFirstBishopSoTheSecondPasses) {
  // White: Ra2, Kh1. Black: Ke8, Ba4, Bc3. Rh2 against ...Ba1 and ...Bd1: the rook and the c3
  // bishop meet on b2, so the rook never reaches c2, where the a4 bishop passes.
  const ProgressiveResult r =
      play_simultaneously_progressive(progressive_at("4k3/8/8/8/b7/2b5/R7/7K w - - 0 1"),
                                      move_set({"Rh2"}), move_set({"Ba1", "Bd1"}));
  EXPECT_EQ(outcomes(r), "1w:failed 1b:failed 1b:executed") << trace_text(r);
  EXPECT_EQ(board(r), "4k3/8/8/8/8/2b5/R7/3b3K");
}

TEST(DiplomacySimultaneouslyProgressive, QueenAndRookNeverMeet) {
  // White: Ka1, Qh8, Rf8. Black: Ka4, Rh6. Qh1 against ...Ra6 (the text writes "ra6").
  const ProgressiveResult r = play_simultaneously_progressive(
      progressive_at("5R1Q/8/7r/8/k7/8/8/K7 w - - 0 1"), move_set({"Qh1"}), move_set({"Ra6"}));
  EXPECT_EQ(outcomes(r), "1w:executed 1b:executed") << trace_text(r);
  EXPECT_EQ(board(r), "5R2/8/r7/8/k7/8/8/K6Q");
}

// White: Ka1, Qh8, Rf8. Black: Ka6, Rh6.
constexpr const char* kThreePieces = "5R1Q/8/k6r/8/8/8/8/K7 w - - 0 1";

TEST(DiplomacySimultaneouslyProgressive, BouncedRooksStopTheQueen) {
  // Qh1 and Rf6 against ...Rf6: the rooks bounce, the black rook is home on h6 when the
  // queen passes: all three stand still.
  const ProgressiveResult r = play_simultaneously_progressive(
      progressive_at(kThreePieces), move_set({"Qh1", "Rf6"}), move_set({"Rf6"}));
  EXPECT_EQ(outcomes(r), "1w:failed 1w:failed 1b:failed") << trace_text(r);
  EXPECT_EQ(board(r), "5R1Q/8/k6r/8/8/8/8/K7");
}

TEST(DiplomacySimultaneouslyProgressive, QueenBoundForH6TakesTheReturningRook) {
  const ProgressiveResult r = play_simultaneously_progressive(
      progressive_at(kThreePieces), move_set({"Qh6", "Rf6"}), move_set({"Rf6"}));
  EXPECT_EQ(outcomes(r), "1w:executed 1w:failed 1b:captured") << trace_text(r);
  EXPECT_EQ(board(r), "5R2/8/k6Q/8/8/8/8/K7");
}

TEST(DiplomacySimultaneouslyProgressive, OnePieceMovedTwiceIsAnError) {
  const ProgressiveError e = error_of([] {
    play_simultaneously_progressive(progressive_at(kThreePieces), move_set({"Rf6", "Rf7"}),
                                    move_set({}));
  });
  EXPECT_EQ(e.color(), kWhite);
  EXPECT_EQ(e.index(), 2);
  EXPECT_NE(std::string(e.what()).find("already moves the rook on f8 (move 1)"), std::string::npos)
      << e.what();
}

TEST(DiplomacySimultaneouslyProgressive, TwoPiecesSentToOneSquareIsAnError) {
  // Rf6 and Qf6: left to the resolver, the queen would outrank and take its own rook.
  const ProgressiveError d = error_of([] {
    play_simultaneously_progressive(progressive_at(kThreePieces), move_set({"Rf6", "Qf6"}),
                                    move_set({}));
  });
  EXPECT_EQ(d.index(), 2);
  EXPECT_NE(std::string(d.what()).find("where move 1 already goes"), std::string::npos) << d.what();
}

// Conflict rule 1 ranks two pieces without saying whose they are: knob own-pieces-one-square.
TEST(DiplomacySimultaneouslyProgressive, TwoPiecesSentToOneSquareArePlayedUnderTheKnob) {
  // Rf6 and Qf6 arrive at step 2 together: both fail, and no piece takes one of its own side.
  const ProgressiveResult r = play_simultaneously_progressive(
      progressive_at(kThreePieces, {{"own-pieces-one-square", "played"}}), move_set({"Rf6", "Qf6"}),
      move_set({}));
  EXPECT_EQ(outcomes(r), "1w:failed 1w:failed") << trace_text(r);
  EXPECT_EQ(board(r), "5R1Q/8/k6r/8/8/8/8/K7");
}

TEST(DiplomacySimultaneouslyProgressive, OwnPieceArrivingFirstStopsTheLaterOneUnderTheKnob) {
  // White: Ka1, Rf7, Qh8. Black: Ka6, Rh6. Rf6 arrives at step 1; Qf6 (through g7) at step 2
  // finds its own rook there and stops as at an obstacle.
  const ProgressiveResult r = play_simultaneously_progressive(
      progressive_at("7Q/5R2/k6r/8/8/8/8/K7 w - - 0 1", {{"own-pieces-one-square", "played"}}),
      move_set({"Rf6", "Qf6"}), move_set({}));
  EXPECT_EQ(outcomes(r), "1w:executed 1w:failed") << trace_text(r);
  EXPECT_EQ(board(r), "7Q/8/k4R1r/8/8/8/8/K7");
}

TEST(DiplomacySimultaneouslyProgressive, TwoMovesOfOneSetMeetInTransit) {
  // White: Kh1, Rb4, Bf2. Black: Ke8. Rh4 (c4 at step 1, d4 at step 2) and Bb6 (e3, then d4
  // at step 2): White's own pieces meet on d4 and, as for enemies, neither move executes.
  const ProgressiveResult r =
      play_simultaneously_progressive(progressive_at("4k3/8/8/8/1R6/8/5B2/7K w - - 0 1"),
                                      move_set({"Rh4", "Bb6"}), move_set({"Kd8"}));
  EXPECT_EQ(outcomes(r), "1w:failed 1w:failed 1b:executed") << trace_text(r);
  bool met = false;
  for (const TraceEntry& e : r.moves[0].trace)
    met |= e.clause == "meet-in-transit" && square_name(e.square) == "d4";
  EXPECT_TRUE(met) << trace_text(r);
}

TEST(DiplomacySimultaneouslyProgressive, ExecutedConditionIsRefused) {
  const ProgressiveError e = error_of([] {
    play_simultaneously_progressive(progressive_at(kThreePieces), move_set({"Rf6", "1?Qh1:Qh7"}),
                                    move_set({}));
  });
  EXPECT_EQ(e.index(), 2);
  EXPECT_NE(std::string(e.what()).find("progressive play"), std::string::npos) << e.what();
}

}  // namespace
}  // namespace arbiter
