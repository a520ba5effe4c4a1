// `arbiter resolve` run as a user would: every rule-text example of Diplomacy Chess
// (shared/rules-text/diplomacy-chess.txt; the positions of
// tests/rules/simultaneous/diplomacy/diplomacy_test.cpp) with the trace line that explains it, the
// --json object, --board, and every error class with its message and exit status.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;
using ::testing::HasSubstr;
using ::testing::StartsWith;

// The rule text's positions (tests/rules/simultaneous/diplomacy/diplomacy_test.cpp explains each).
constexpr const char* kRule1 = "1n2k3/8/8/8/8/4nB2/2Q5/7K w - - 0 1";
constexpr const char* kRule3 = "4k3/2p3b1/R2n4/8/b7/3P1Q2/R7/7K w - - 0 1";
constexpr const char* kRule5 = "K7/7r/8/8/8/8/k7/5Q2 w - - 0 1";

test::CommandResult resolve_turn(const std::string& fen, const std::string& white,
                                 const std::string& black, const std::string& more = "") {
  return run_arbiter("resolve --fen '" + fen + "' --white '" + white + "' --black '" + black + "'" +
                     (more.empty() ? "" : " " + more));
}

// ---- Conflict rule 1 ------------------------------------------------------------------------

TEST(ResolveCli, QueenTakesKnightOnC6PlainOutput) {
  const auto r = resolve_turn(kRule1, "Qc6", "Nc6");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "before 1n2k3/8/8/8/8/4nB2/2Q5/7K w - - 0 1\n"
            "white  Qc6 (c2c6): executed\n"
            "black  Nc6 (b8c6): captured\n"
            "  same-destination: c6: same destination, Q outranks N: queen takes knight\n"
            "  executed: White's queen c2c6: executed\n"
            "  not-executed: Black's knight b8c6: captured\n"
            "after  4k3/8/2Q5/8/8/4nB2/8/7K w - - 0 2\n"
            "status game goes on\n");
}

TEST(ResolveCli, BishopAndKnightOfEqualRankBounceOnD1) {
  const auto r = resolve_turn(kRule1, "Bd1", "Nd1");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("white  Bd1 (f3d1): not executed\n"
                               "black  Nd1 (e3d1): not executed\n"
                               "  same-destination: d1: same destination, equal ranks"));
  EXPECT_THAT(r.out, HasSubstr("after  1n2k3/8/8/8/8/4nB2/2Q5/7K w - - 1 2\n"));
}

// ---- Conflict rule 3 ------------------------------------------------------------------------

TEST(ResolveCli, QueenAndPawnNeverMeet) {
  const auto r = resolve_turn(kRule3, "Qd5", "c5");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("white  Qd5 (f3d5): executed\nblack  c5 (c7c5): executed\n"));
}

TEST(ResolveCli, RookAndBishopMeetOnC2) {
  const auto r = resolve_turn(kRule3, "Rh2", "Bd1");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("  meet-in-transit: c2: White's rook and Black's bishop reach the "
                               "square at step 2"));
  EXPECT_THAT(r.out, HasSubstr("white  Rh2 (a2h2): not executed\n"));
}

TEST(ResolveCli, KnightThatStaysBlocksTheRook) {
  // Rh6 crosses the knight on d6: a submission (the knight might leave), read by the CLI.
  const auto r = resolve_turn(kRule3, "Rh6", "Bb5");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("  obstacle: d6: White's rook finds Black's knight in its way"));
  EXPECT_THAT(r.out, HasSubstr("white  Rh6 (a6h6): not executed\n"));
}

TEST(ResolveCli, KnightThatLeavesLetsTheRookPass) {
  const auto r = resolve_turn(kRule3, "a6h6", "d6b5");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("white  Rh6 (a6h6): executed\nblack  Nb5 (d6b5): executed\n"));
}

TEST(ResolveCli, PawnArrivingFirstStopsTheBishop) {
  const auto r = resolve_turn(kRule3, "d4", "Ba1");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("  obstacle: d4: Black's bishop finds White's pawn in its way"));
  EXPECT_THAT(r.out, HasSubstr("white  d4 (d3d4): executed\nblack  Ba1 (g7a1): not executed\n"));
}

// ---- Conflict rule 5 ------------------------------------------------------------------------

TEST(ResolveCli, KingMayEnterASquareWhoseAttackerLeaves) {
  // b7 is attacked now: orthodox notation would refuse Kb7; the CLI reads the submission.
  const auto r = resolve_turn(kRule5, "Kb7", "Rh6");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("white  Kb7 (a8b7): executed\nblack  Rh6 (h7h6): executed\n"));
}

TEST(ResolveCli, KingMayNotEnterASquareThatStaysAttacked) {
  const auto r = resolve_turn(kRule5, "Kb7", "Kb2");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("  king-safety: b7: White's king a8b7 would stand attacked after "
                               "resolution: the king does not move\n"));
}

TEST(ResolveCli, KingMayNotEnterASquareThatBecomesAttacked) {
  const auto r = resolve_turn(kRule5, "Qc4", "Kb3");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("  king-safety: b3: Black's king a2b3 would stand attacked"));
  EXPECT_THAT(r.out, HasSubstr("black  Kb3 (a2b3): not executed\n"));
}

// ---- Knobs, king capture, passing, --board ------------------------------------------------

TEST(ResolveCli, KnobHeadOnSwapConflict) {
  const std::string fen = "4k3/8/8/8/5q2/8/8/2B1K3 w - - 0 1";
  EXPECT_THAT(resolve_turn(fen, "Bxf4", "Qxc1").out, HasSubstr("black  Qxc1 (f4c1): executed\n"));
  const auto r = resolve_turn(fen, "Bxf4", "Qxc1", "--knob head-on-swap=conflict");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("  head-on: d2-e3: White's bishop and Black's queen meet head-on"));
}

TEST(ResolveCli, KingTakenEndsTheGame) {
  const auto r = resolve_turn("3k4/8/8/8/8/8/8/3QK3 w - - 0 1", "Qxd8", "Kd7");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("  capture: d8: White's queen takes Black's king\n"));
  EXPECT_THAT(r.out, HasSubstr("status 1-0 (king captured)\n"));
}

TEST(ResolveCli, CaptureByAMoveThatMeetsNothingIsExplained) {
  const auto r = resolve_turn("1n2k3/8/8/8/8/4n3/2Q5/6BK w - - 0 1", "Bxe3", "Ke7");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("white  Bxe3 (g1e3): executed\nblack  Ke7 (e8e7): executed\n"
                               "  capture: e3: White's bishop takes Black's knight\n"));
}

TEST(ResolveCli, DashPassesAndIsPrinted) {
  const auto r = resolve_turn(kRule5, "-", "Kb3");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("white  passes (does not move)\nblack  Kb3 (a2b3): executed\n"));
}

TEST(ResolveCli, DefaultPositionIsTheSetupAndBoardDrawsTheResult) {
  const auto r = run_arbiter("resolve --variant diplomacy --white e4 --black e5 --board");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out,
              StartsWith("before rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"));
  EXPECT_THAT(r.out, HasSubstr("after  rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq "
                               "e3e6 0 2\n"
                               "8 r n b q k b n r\n"
                               "7 p p p p . p p p\n"
                               "6 . . . . . . . .\n"
                               "5 . . . . p . . .\n"
                               "4 . . . . P . . .\n"
                               "3 . . . . . . . .\n"
                               "2 P P P P . P P P\n"
                               "1 R N B Q K B N R\n"
                               "  a b c d e f g h\n"
                               "status game goes on\n"));
}

// ---- --json -------------------------------------------------------------------------------

/// The raw text of the value of `key` in a JSON object (the first occurrence): a string with
/// its quotes, an object or array with its brackets, or a literal.
std::string json_value(const std::string& json, const std::string& key) {
  const std::string marker = "\"" + key + "\":";
  const std::size_t at = json.find(marker);
  if (at == std::string::npos) return "<missing " + key + ">";
  const std::size_t begin = at + marker.size();
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = begin; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
        if (depth == 0) return json.substr(begin, i + 1 - begin);
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (depth == 0) return json.substr(begin, i - begin);
      if (--depth == 0) return json.substr(begin, i + 1 - begin);
    } else if (c == ',' && depth == 0) {
      return json.substr(begin, i - begin);
    }
  }
  return "<unterminated " + key + ">";
}

TEST(ResolveCli, JsonObjectFields) {
  const auto r = resolve_turn(kRule1, "Qc6", "Nc6", "--json");
  EXPECT_EQ(r.status, 0) << r.err;
  ASSERT_THAT(r.out, StartsWith("{"));
  EXPECT_EQ(json_value(r.out, "fen_before"), "\"1n2k3/8/8/8/8/4nB2/2Q5/7K w - - 0 1\"");
  EXPECT_EQ(json_value(r.out, "moves"),
            "{\"white\":{\"written\":\"Qc6\",\"san\":\"Qc6\",\"uci\":\"c2c6\"},"
            "\"black\":{\"written\":\"Nc6\",\"san\":\"Nc6\",\"uci\":\"b8c6\"}}");
  EXPECT_EQ(json_value(r.out, "fates"), "{\"white\":\"executed\",\"black\":\"captured\"}");
  const std::string trace = json_value(r.out, "trace");
  EXPECT_EQ(json_value(trace, "clause"), "\"same-destination\"");
  EXPECT_EQ(json_value(trace, "square"), "\"c6\"");
  EXPECT_EQ(json_value(trace, "tick"), "4");  // the queen's fourth step
  EXPECT_EQ(json_value(trace, "text"),
            "\"c6: same destination, Q outranks N: queen takes knight\"");
  EXPECT_EQ(json_value(r.out, "fen_after"), "\"4k3/8/2Q5/8/8/4nB2/8/7K w - - 0 2\"");
  EXPECT_EQ(json_value(r.out, "status"), "{\"over\":false,\"result\":null,\"reason\":null}");
}

TEST(ResolveCli, JsonStatusAndPass) {
  const auto over = resolve_turn("3k4/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d8", "d8d7", "--json");
  EXPECT_EQ(json_value(over.out, "status"),
            "{\"over\":true,\"result\":\"1-0\",\"reason\":\"king captured\"}");
  const auto pass = resolve_turn(kRule5, "-", "Kb3", "--json");
  EXPECT_EQ(json_value(pass.out, "white"), "null");
  EXPECT_EQ(json_value(pass.out, "fates"), "{\"white\":\"passed\",\"black\":\"executed\"}");
}

// ---- Errors -------------------------------------------------------------------------------

TEST(ResolveCli, BadFenNamesTheColumn) {
  const auto r = resolve_turn("4k3/8/8/8/8/8/8/4K3 w - e4 0 1", "Kd1", "Kd8");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, StartsWith("arbiter: error: bad FEN: FEN column 25: bad en-passant square e4: "
                                "it is on rank 4"));
}

TEST(ResolveCli, MoveThatNoPieceCanMakeListsSubmissions) {
  const auto r = run_arbiter("resolve --white e4 --black Ke7");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "arbiter: error: bad move (illegal): Black may not submit 'Ke7': no black king can go "
            "to e7; Black may submit Na6, Nc6, Nf6, Nh6, a5, a6, b5, b6, ... (20 in all)\n");
}

TEST(ResolveCli, MoveThatLeavesTheKingAttackedNowIsNoSubmission) {
  const auto r = resolve_turn("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "Bd3", "Kd8");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "arbiter: error: bad move (illegal): White may not submit 'Bd3': it would leave "
            "White's king attacked now (exposing-move=refused); White may submit Kd1, Kf1, Kd2, "
            "Kf2\n");
}

TEST(ResolveCli, EnPassantCaptureThatLeavesTheKingAttackedNowSaysWhy) {
  // White: Kh5, Pe5. Black: Kd8, Ra5, Pd5 (just double-stepped): exd6 e.p. empties the rank.
  const auto r = resolve_turn("3k4/8/8/r2pP2K/8/8/8/8 w - d6 0 1", "exd6", "Kc7");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("White may not submit 'exd6': it would leave White's king attacked now "
                       "(exposing-move=refused)"),
            std::string::npos)
      << r.err;
}

// White: Ke2, Ra1, Rh1. Black: Ke8, Nd1. Both rooks may submit e1: Ra1-e1 crosses the
// knight, which may leave. Orthodox SAN would read Re1 as the h1 rook's only legal move.
constexpr const char* kTwoRooks = "4k3/8/8/8/8/8/4K3/R2n3R w - - 0 1";

TEST(ResolveCli, SanAmbiguousAmongSubmissions) {
  const auto r = resolve_turn(kTwoRooks, "Re1", "Nc3");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, StartsWith("arbiter: error: bad move (ambiguous): White may not submit "
                                "'Re1': 'Re1' is ambiguous: it matches Rhe1, Rae1; White may "
                                "submit "));
}

TEST(ResolveCli, SanIsDisambiguatedAmongSubmissions) {
  EXPECT_THAT(resolve_turn(kTwoRooks, "a1e1", "Nc3").out,
              HasSubstr("white  Rae1 (a1e1): executed\n"));
  EXPECT_THAT(resolve_turn(kTwoRooks, "Rhe1", "Nc3").out,
              HasSubstr("white  Rhe1 (h1e1): executed\n"));
}

TEST(ResolveCli, MoveSyntaxError) {
  const auto r = run_arbiter("resolve --white Zz4 --black e5");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, StartsWith("arbiter: error: bad move (syntax): White may not submit 'Zz4': "));
}

TEST(ResolveCli, KingSafetyCurrentPositionRefusesTheKingStep) {
  const auto r = resolve_turn(kRule5, "Kb7", "Rh6", "--knob king-safety=current-position");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("White may not submit 'Kb7': under king-safety=current-position"));
}

TEST(ResolveCli, UnknownKnobAndAlternative) {
  const auto name = run_arbiter("resolve --knob no-such=x --white e4 --black e5");
  EXPECT_EQ(name.status, 2);
  EXPECT_THAT(name.err, HasSubstr("unknown knob 'no-such' for table 'diplomacy'"));
  const auto alt = run_arbiter("resolve --knob king-safety=x --white e4 --black e5");
  EXPECT_EQ(alt.status, 2);
  EXPECT_THAT(alt.err, HasSubstr("knob 'king-safety' has no alternative 'x'"));
  const auto form = run_arbiter("resolve --knob king-safety --white e4 --black e5");
  EXPECT_EQ(form.status, 2);
  EXPECT_THAT(form.err, HasSubstr("expected NAME=ALTERNATIVE"));
}

TEST(ResolveCli, TableOfAnotherProtocol) {
  const auto r = run_arbiter("resolve --variant orthodox --white e4 --black e5");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "arbiter: error: resolve needs a table with the simultaneous protocol: 'orthodox' uses "
            "the sequential protocol (arbiter moves lists its moves)\n");
}

TEST(ResolveCli, MissingMoveIsAUsageError) {
  const auto r = run_arbiter("resolve --white e4");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("--black is required"));
}

TEST(ResolveCli, GameAlreadyOver) {
  const auto r = resolve_turn("k7/8/1Q6/8/8/8/8/7K w - - 0 1", "Kg1", "-");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "arbiter: error: the game is already over in this position: 1/2-1/2 (stalemate)\n");
}

}  // namespace
}  // namespace arbiter
