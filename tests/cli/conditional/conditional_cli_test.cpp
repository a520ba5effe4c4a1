// `arbiter perft`, `verify` and `moves` on the Conditional Chess table, run as a user would:
// outputs, exit statuses and error messages.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;
using ::testing::HasSubstr;
using ::testing::StartsWith;

// White's C-move under the check of ...Bb4+ (8 legal moves or a skip).
const std::string kBCheck =
    "'r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 1 C -'";

TEST(ConditionalCli, PerftFromTheSetup) {
  const auto r = run_arbiter("perft -v conditional -d 3");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "root A-move of White\nnodes 9302\n");
  EXPECT_THAT(r.err, StartsWith("perft 3 of conditional from phase A: "));
  EXPECT_THAT(r.err, HasSubstr("M nodes/s"));
}

TEST(ConditionalCli, PerftDivideNamesTheSkip) {
  const auto r = run_arbiter("perft -v conditional --fen " + kBCheck + " -d 1 --divide");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "root C-move of White\n"
            "e1f1 Kf1: 1\ne1e2 Ke2: 1\nd1d2 Qd2: 1\nc1d2 Bd2: 1\nb1d2 Nbd2: 1\nb1c3 Nc3: 1\n"
            "f3d2 Nfd2: 1\nc2c3 c3: 1\nskip: 1\nnodes 9\n");
}

TEST(ConditionalCli, PerftKnobRemovesTheSkip) {
  const auto r = run_arbiter("perft -v conditional --knob b-move-check=replace-c-move --fen " +
                             kBCheck + " -d 2");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("nodes 265\n"));  // 273 without the skip's 8 A-moves of White
}

TEST(ConditionalCli, PerftJson) {
  const auto r = run_arbiter("perft -v conditional --fen " + kBCheck + " -d 2 --divide --json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("{\"variant\":\"conditional\",\"fen\":\"r1bqk2r/pppp1ppp/2n2n2/"
                                "4p3/1bB1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 1 C -\","
                                "\"phase\":\"C\",\"side\":\"white\",\"depth\":2,\"nodes\":273,"));
  EXPECT_THAT(r.out, HasSubstr("{\"move\":\"e1f1\",\"san\":\"Kf1\",\"nodes\":35}"));
  EXPECT_THAT(r.out, HasSubstr("{\"move\":\"skip\",\"nodes\":8}"));
  EXPECT_EQ(r.err, "");
}

TEST(ConditionalCli, PerftRefusesWhatItCannotDo) {
  auto r = run_arbiter("perft -v conditional -d 2 --full");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("--full: the table 'conditional' uses the conditional protocol"));
  r = run_arbiter("perft -v conditional --bench --compare orthodox");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("arbiter: error: --compare with the conditional table "
                               "'conditional' needs a table with the conditional protocol: "
                               "'orthodox' uses the sequential protocol"));
  r = run_arbiter("perft -v orthodox --bench --compare conditional");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("'conditional' uses the conditional protocol"));
  r = run_arbiter("perft -v conditional --fen '8/8/8/8/8/8/8/K6k w - - 0 1 D' -d 1");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("bad FEN: FEN column 29: unknown phase 'D'"));
}

TEST(ConditionalCli, BenchRunsTheRecordedPositions) {
  const auto r = run_arbiter("perft -v conditional --bench --bench-nodes 10000 --json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("{\"name\":\"start\",\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"
                               "RNBQKBNR w KQkq - 0 1 A -\",\"depth\":3,\"nodes\":9302,"));
  EXPECT_THAT(r.out, HasSubstr("\"name\":\"stalemate-c\""));
}

TEST(ConditionalCli, VerifyPasses) {
  auto r = run_arbiter("verify --no-solver --table conditional --max-nodes 100000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("PASS conditional     11 checks"));
  r = run_arbiter("verify --no-solver --table conditional --max-nodes 100000 --json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\"conditional perft start (phase A): depths 1-3 (9722 nodes)\""));
  EXPECT_THAT(r.out, HasSubstr("\"conditional notation: 9 extended FENs and 13 conditional moves "
                               "round-trip\""));
}

TEST(ConditionalCli, VerifyReportsBadSelfChecksWithTheirLine) {
  const auto r = run_arbiter("verify --no-solver --table '" +
                             test::data_path("tables/conditional_bad_perft.toml") + "'");
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out, StartsWith("FAIL conditional-bad-perft"));
  EXPECT_THAT(r.err, HasSubstr("conditional_bad_perft.toml:7:1: perft 'bad-phase': bad "
                               "conditional FEN: FEN column 58: unknown phase 'D'"));
  EXPECT_THAT(r.err, HasSubstr("conditional_bad_perft.toml:12:1: conditional perft 'wrong-count' "
                               "depth 2: 400 nodes, the table records 401"));
  EXPECT_THAT(r.err, HasSubstr("conditional_bad_perft.toml:17:1: conditional FEN round trip of "
                               "'six-fields'"));
}

TEST(ConditionalCli, MovesListsThePhase) {
  auto r = run_arbiter("moves -v conditional");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("phase A: White's A-move\nstate normal\n20 moves: Na3 Nc3"));
  r = run_arbiter("moves -v conditional --fen " + kBCheck);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("phase C: White's C-move\nstate check\n"
                               "9 outcomes: Kf1 Ke2 Qd2 Bd2 Nbd2 Nc3 Nfd2 c3 skip\n"));
  r = run_arbiter("moves -v conditional --fen '1r2k3/8/3P4/8/8/p7/P7/K7 w - - 0 1'");
  EXPECT_THAT(r.out, HasSubstr("state forced non-mating check in an A-move 1/2-1/2\n0 moves:\n"));
}

TEST(ConditionalCli, MovesPlaysConditionalPlies) {
  // 1. e4 (A) e5 (B), White's C-move "e4?Nf3/Qh5": e4 is not empty, so Qh5 executes; then
  // Black's A-move Nc6: White's B-move is due.
  auto r = run_arbiter("moves -v conditional --play e4 e5 'e4?Nf3/Qh5' Nc6");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("fen r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 2 "
                                "3 B -\nphase B: White's B-move\n"));
  // An illegal else-move is skipped: Black's A-move follows on the same board.
  r = run_arbiter("moves -v conditional --play e4 e5 'd2?Nf3/e6' --json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("{\"fen\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b "
                                "KQkq - 0 2 A -\",\"phase\":\"A\",\"side\":\"black\""));
  r = run_arbiter("moves -v conditional --fen " + kBCheck + " --play skip");
  EXPECT_THAT(r.out, HasSubstr("phase A: White's A-move\nstate check\n"));
}

TEST(ConditionalCli, MovesRefusesWrongPlies) {
  auto r = run_arbiter("moves -v conditional --play e4 'd2?Nf3/e6'");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("--play ply 2 ('d2?Nf3/e6', phase B): a conditional move executes "
                               "in phase C"));
  r = run_arbiter("moves -v conditional --play Bc4");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("bad move (illegal): --play ply 1 ('Bc4', phase A)"));
  r = run_arbiter("moves -v conditional --knob b-move-check=replace-c-move --fen " + kBCheck +
                  " --play skip");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("the C-move cannot be skipped here"));
  r = run_arbiter("moves -v conditional --knob illegal-c-move=opponent-moves --play e4 e5 '!Ke3'");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("Black picks a move of White in its place"));
  r = run_arbiter("moves -v conditional --knob c-move-resolution=statement --play e4 e5 '!Nf3'");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("write the C-move's outcome (a move or skip)"));
  r = run_arbiter("moves -v conditional --knob c-move-resolution=statement --play e4 e5 Nf3");
  EXPECT_EQ(r.status, 0) << r.err;
}

}  // namespace
}  // namespace arbiter
