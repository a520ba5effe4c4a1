// Diplomacy Chess records (docs/replay.md): a hand-checked game turn by turn, the move reader,
// every error and warning, and `arbiter replay --variant diplomacy` run as a user would.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "rules/simultaneous/diplomacy/diplomacy_move_text.hpp"
#include "rules/simultaneous/sim_record.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;
using ::testing::HasSubstr;

using test::diplomacy;

DiplomacyReplayResult dip_replay(const std::string& record, const std::string& fen = "") {
  ReplayOptions o;
  if (!fen.empty()) o.fen = fen;
  return replay_diplomacy_record(diplomacy(), record, o);
}

// Each line one turn; rule text: shared/rules-text/diplomacy-chess.txt.
const std::string kGame =
    "[Event \"hand-checked\"]\n"
    "1. d4 d5\n"      // no square in common: both executed
    "2. Nf3 Nc6\n"    // both executed
    "3. Ne5 Ne5\n"    // both knights bound for e5, equal ranks (conflict rule 1): both fail
    "4. Bf4 Bf5\n"    // paths d2-e3-f4 and d7-e6-f5 share nothing: both executed
    "5. e3 e6\n"      // both executed
    "6. Bb5 Bb4+\n"   // both executed; the b4 bishop now checks e1 through c3 and d2
    "7. c3 Bc3\n"     // both reach c3 at step 1; B outranks P (rule 1): the pawn is taken
    "8. bxc3 Nf6\n"   // the pawn takes the bishop, which stays on c3: both executed
    "9. O-O O-O\n"    // both castle king-side
    "10. Bxc6 Ne7\n"  // the knight leaves c6; capture-of-departed=moves-in: the bishop lands
    "*\n";

TEST(DiplomacyReplay, HandCheckedGame) {
  const DiplomacyReplayResult r = dip_replay(kGame);
  ASSERT_TRUE(r.valid()) << r.error->message;
  ASSERT_EQ(r.turns, 10);
  const auto fates = [&](int turn) {
    const DiplomacyTurn& t = r.moves.at(turn - 1);
    return std::make_pair(t.white.fate, t.black.fate);
  };
  const auto both_executed = std::make_pair(std::string("executed"), std::string("executed"));
  EXPECT_EQ(fates(1), both_executed);
  EXPECT_EQ(fates(3), std::make_pair(std::string("not executed"), std::string("not executed")));
  EXPECT_EQ(fates(7), std::make_pair(std::string("captured"), std::string("executed")));
  for (int t : {2, 4, 5, 6, 8, 9, 10}) EXPECT_EQ(fates(t), both_executed) << "turn " << t;
  EXPECT_EQ(r.moves[5].black.text, "Bb4+");
  EXPECT_EQ(r.moves[5].black.san, "Bb4");
  EXPECT_EQ(r.moves[6].black.uci, "b4c3");
  EXPECT_EQ(r.moves[2].trace.front().clause, "same-destination");
  EXPECT_EQ(r.final_fen, "r2q1rk1/ppp1nppp/2B1pn2/3p1b2/3P1B2/2P1PN2/P4PPP/RN1Q1RK1 w - - 2 11");
  EXPECT_EQ(r.result, "*");
  EXPECT_FALSE(r.status.over);
  EXPECT_TRUE(r.warnings.empty());
}

TEST(DiplomacyReplay, CoordinatesAndSanReadTheSame) {
  const DiplomacyReplayResult a = dip_replay("1. e4 e5 2. Nf3 Nc6");
  const DiplomacyReplayResult b = dip_replay("1. e2e4 e7e5 2. g1f3 b8c6");
  ASSERT_TRUE(a.valid() && b.valid());
  EXPECT_EQ(a.final_fen, b.final_fen);
}

TEST(DiplomacyNotation, SubmissionsBeyondTheOrthodoxMoves) {
  // The a1 rook may submit a path across the black knight on a4 (it may have left).
  const SimState s = parse_sim_fen(diplomacy(), "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1");
  const Move m = read_diplomacy_move(s, kWhite, "Ra8");
  EXPECT_EQ(diplomacy_san(s, kWhite, m), "Ra8");
  EXPECT_EQ(diplomacy_san(s, kWhite, read_diplomacy_move(s, kWhite, "a1a4")), "Rxa4");
}

TEST(DiplomacyNotation, AmbiguityAndDisambiguation) {
  const SimState s = parse_sim_fen(diplomacy(), "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  try {
    read_diplomacy_move(s, kWhite, "Nd2");
    ADD_FAILURE() << "Nd2 is ambiguous";
  } catch (const NotationError& e) {
    EXPECT_EQ(e.kind(), NotationErrorKind::kAmbiguous);
    EXPECT_THAT(std::string(e.what()), HasSubstr("Nbd2, Nfd2"));
  }
  EXPECT_EQ(diplomacy_san(s, kWhite, read_diplomacy_move(s, kWhite, "Nbd2")), "Nbd2");
}

TEST(DiplomacyReplay, Errors) {
  auto r = dip_replay("1. e4 e5 2. Nf5 Nc6");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->reason, "illegal");
  EXPECT_EQ(r.error->ply, 2);
  EXPECT_EQ(r.error->move_number, 2);
  EXPECT_EQ(*r.error->side, kWhite);
  EXPECT_EQ(r.error->text, "Nf5");
  EXPECT_EQ(r.error->fen_before, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3e6 0 2");
  EXPECT_EQ(r.turns, 1);

  r = dip_replay("1. e4 --");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->reason, "null move");
  EXPECT_THAT(r.error->message, HasSubstr("'--' is a null move (a pass)"));
  EXPECT_EQ(*r.error->side, kBlack);

  r = dip_replay("1. e4 e5 2. Nf3");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->reason, "syntax");
  EXPECT_THAT(r.error->message, HasSubstr("turn 2 has White's move only"));

  r = dip_replay("1. e4 2. e5");
  ASSERT_TRUE(r.error);
  EXPECT_THAT(r.error->message, HasSubstr("a move number between White's and Black's moves"));

  r = dip_replay("1... e5");
  ASSERT_TRUE(r.error);
  EXPECT_THAT(r.error->message, HasSubstr("never \"N...\""));

  r = dip_replay("1. e4 e5 Resigns");
  ASSERT_TRUE(r.error);
  EXPECT_THAT(r.error->message, HasSubstr("write the result"));

  r = dip_replay("1. e4 e5 1-0 2. Nf3 Nc6");
  ASSERT_TRUE(r.error);
  EXPECT_THAT(r.error->message, HasSubstr("text after the result"));

  r = dip_replay("[FEN \"8/8/8 w - - 0 1\"]\n1. e4 e5");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->reason, "bad FEN");
  EXPECT_FALSE(r.error->side);

  // Fool's mate: White is checkmated, no turn follows.
  r = dip_replay("1. e4 e5", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->reason, "game over");
  EXPECT_THAT(r.error->message, HasSubstr("White is checkmated (0-1)"));
}

TEST(DiplomacyReplay, Warnings) {
  auto r = dip_replay("1. e4 e5 3. Nf3 Nxc6 *");
  ASSERT_TRUE(r.valid());
  ASSERT_EQ(r.warnings.size(), 2U);
  EXPECT_THAT(r.warnings[0].message, HasSubstr("move number '3.' does not match"));
  EXPECT_THAT(r.warnings[1].message, HasSubstr("an 'x' but the destination square is empty"));

  // Fool's mate played at once: g2-g4 and Qd8-h4 share no square, both execute, White is
  // mated.
  r = dip_replay("1. f3 e5 2. g4 Qh4# 0-1");
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_TRUE(r.status.over);
  EXPECT_EQ(r.status.reason, "checkmate");
  EXPECT_EQ(r.status.result(), "0-1");
  EXPECT_TRUE(r.warnings.empty());

  r = dip_replay("1. f3 e5 2. g4 Qh4 1-0");
  ASSERT_EQ(r.warnings.size(), 1U);
  EXPECT_THAT(r.warnings[0].message,
              HasSubstr("the record says 1-0 but White is checkmated (checkmate), so the result "
                        "is 0-1"));
}

TEST(DiplomacyReplayCli, TextAndJson) {
  auto r = run_arbiter("replay -v diplomacy -", "1. Nf3 Nc6 2. Ne5 Ne5 *");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "1. Nf3 Nc6: White executed, Black executed\n"
            "2. Ne5 Ne5: White not executed, Black not executed\n"
            "final r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 3\n"
            "turns 2\nresult *\ntermination none\n");
  r = run_arbiter("replay -v diplomacy --json -", "1. Nf3 Nc6 2. Ne5 Ne5 *");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\"black\":{\"text\":\"Ne5\",\"san\":\"Ne5\",\"uci\":\"c6e5\","
                               "\"fate\":\"not executed\""));
  EXPECT_THAT(r.out, HasSubstr("{\"clause\":\"same-destination\",\"square\":\"e5\",\"tick\":1,"));
}

TEST(DiplomacyReplayCli, ErrorNamesTurnSideAndPosition) {
  const auto r = run_arbiter("replay -v diplomacy -", "1. e4 e5 2. Nf3 Ke6");
  EXPECT_EQ(r.status, 1);
  // The reason follows, as for a single move of `resolve`: a simultaneous table names the side.
  EXPECT_THAT(r.err, HasSubstr("error: turn 2 (Black) 'Ke6': illegal: 'Ke6' is not a move Black "
                               "may submit in this position: no black king can go to e6\n"));
  EXPECT_THAT(r.err, HasSubstr("position before the turn: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/"
                               "RNBQKBNR w KQkq e3e6 0 2\n"));
}

// Move-Neutral records go through the same reader, resolved by the move-neutral resolver:
// 1. e4 d5 (both stand), 2. exd5 dxe4 (the pawns take each other: they trade places),
// 3. Qh5 g6, 4. Qf5 Bf5 (queen and bishop share f5).
TEST(MoveNeutralReplay, HandCheckedGame) {
  const auto r =
      run_arbiter("replay -v move-neutral -", "1. e4 d5\n2. exd5 dxe4\n3. Qh5 g6\n4. Qf5 Bf5\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("2. exd5 dxe4: White stood, Black stood\n"));
  EXPECT_THAT(
      r.out,
      HasSubstr("final rn1qkbnr/ppp1pp1p/6p1/3P1(Qb)2/4p3/8/PPPP1PPP/RNB1KBNR w KQkq - 1 5"));
  const auto json = run_arbiter("replay -v move-neutral --json -", "1. e4 d5\n2. exd5 dxe4\n");
  EXPECT_EQ(json.status, 0);
  EXPECT_THAT(json.out, HasSubstr("\"clause\":\"trade-places\""));
}

TEST(MoveNeutralReplay, MoveThatIsNotOstensiblyLegalIsAnError) {
  // After 1. e4 e5 the e5 square holds Black's pawn: White's e4-e5 is no move.
  const auto r = run_arbiter("replay -v move-neutral -", "1. e4 e5\n2. e5 Nf6\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.err, HasSubstr("turn 2 (White) 'e5'"));
}

}  // namespace
}  // namespace arbiter
