// `arbiter replay` run as a user would: exit statuses, standard input, the plain output, the
// error and warning lines, and the --json object.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

/// The shell-quoted path of tests/data/games/<name>.
std::string game(const std::string& name) {
  std::string quoted(1, '\'');
  quoted += test::data_path("games/" + name);
  quoted += '\'';
  return quoted;
}

TEST(ReplayCli, OperaGamePlainOutput) {
  const auto r = run_arbiter("replay " + game("opera_game.pgn"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "final 1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17\n"
            "plies 33\n"
            "result 1-0\n"
            "termination checkmate (Black is checkmated)\n");
  EXPECT_EQ(r.err, "");
}

TEST(ReplayCli, ReadsStandardInputForDash) {
  const auto r = run_arbiter("replay -", "1. e4 e5 2. Nf3 Nc6 Resigns\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "final r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n"
            "plies 4\n"
            "result 0-1 (White resigned)\n"
            "termination none\n");
}

TEST(ReplayCli, AnEmptyRecordIsNoGame) {
  // Issue 35: an empty file is not a valid game of 0 plies (replay_forms_cli_test.cpp has the
  // other files without movetext).
  const auto r = run_arbiter("replay -", "");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: no game in standard input: it holds no moves and no result\n");
}

TEST(ReplayCli, ErrorLineNamesMoveSideTextAndReason) {
  const auto r = run_arbiter("replay -", "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.O-O Nxe5\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "error: move 5 (Black) 'Nxe5': illegal: no knight of the side to move can go to e5\n"
            "position before the move: "
            "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5\n");
}

TEST(ReplayCli, WarningsGoToStandardErrorAndKeepExitZero) {
  const auto r = run_arbiter("replay -", "1. e4 e5 2. Nf3+ Nc6 4. Bb5\n");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err,
            "warning: move 2 (White) 'Nf3+': '+' written, but the move gives no check\n"
            "warning: move 3 (White) '4.': move number '4.' does not match the game: "
            "expected 3.\n");
  EXPECT_THAT(r.out, StartsWith("final "));
}

TEST(ReplayCli, JsonForAValidGame) {
  const auto r = run_arbiter("replay --json " + game("opera_game.pgn"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "{\"valid\":true,\"plies\":33,"
            "\"start_fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\","
            "\"final_fen\":\"1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17\","
            "\"result\":\"1-0\",\"termination\":\"checkmate\",\"warnings\":[],\"error\":null}\n");
  EXPECT_EQ(r.err, "");
}

TEST(ReplayCli, JsonWithWarningsAndAnError) {
  const auto r = run_arbiter("replay --json -", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 Ke7\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "{\"valid\":false,\"plies\":7,"
            "\"start_fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\","
            "\"final_fen\":\"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\","
            "\"result\":null,\"termination\":\"checkmate\","
            "\"warnings\":[{\"ply\":7,\"move_number\":4,\"side\":\"white\",\"text\":\"Qxf7\","
            "\"message\":\"the move mates: '#' missing\",\"line\":1,\"column\":35}],"
            "\"error\":{\"ply\":8,\"move_number\":4,\"side\":\"black\",\"text\":\"Ke7\","
            "\"reason\":\"illegal\",\"message\":\"the game is over: Black is checkmated\","
            "\"fen_before\":\"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\","
            "\"line\":1,\"column\":40}}\n");
}

TEST(ReplayCli, JsonKeepsInvalidUtf8OutOfTheOutput) {
  const auto r = run_arbiter("replay --json -", "1. e4 \xff\xfe\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out, HasSubstr("\"text\":\"\xEF\xBF\xBD\xEF\xBF\xBD\""));
  EXPECT_THAT(r.out, Not(HasSubstr("\xff")));
}

TEST(ReplayCli, ConversionRecordWithKnob) {
  const auto r = run_arbiter("replay -v conversion " + game("conversion_mate.pgn"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("final rnb1k1nr/ppppB~pQp/8/4P~3/4P3/8/PPPP1PPP/RNB1KBNR b KQkq"));
  const auto knob = run_arbiter("replay -v conversion --knob castling-threatens=ignored " +
                                game("conversion_mate.pgn"));
  EXPECT_EQ(knob.status, 0) << knob.err;
  const auto missing = run_arbiter("replay -v conversion " + game("conversion_missing_suffix.pgn"));
  EXPECT_EQ(missing.status, 1);
  EXPECT_THAT(missing.err,
              StartsWith("error: move 2 (White) 'Qh5': conversion mismatch: 'Qh5' states "
                         "conversion of nothing but the move converts Pe5\n"));
  const auto wrong = run_arbiter("replay -v conversion " + game("conversion_wrong_suffix.pgn"));
  EXPECT_EQ(wrong.status, 1);
  EXPECT_THAT(wrong.err, StartsWith("error: move 4 (White) 'Qxg7/Ne7#': conversion mismatch: "));
}

TEST(ReplayCli, FenOptionOverridesTheTable) {
  const auto r = run_arbiter("replay --fen '4k3/8/8/8/8/8/8/4K2R w K - 0 30' -", "30. O-O Kd7\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("final 8/3k4/8/8/8/8/8/5RK1 w - - 2 31\n"));
  const auto bad = run_arbiter("replay --fen '8/8/8 w - - 0 1' -", "1. e4\n");
  EXPECT_EQ(bad.status, 2);
  EXPECT_THAT(bad.err, HasSubstr("arbiter: error: bad FEN:"));
}

TEST(ReplayCli, InputAndUsageErrors) {
  const auto missing = run_arbiter("replay /nonexistent/game.pgn");
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.err,
            "arbiter: error: cannot read '/nonexistent/game.pgn': No such file or directory\n");
  const auto dir = run_arbiter("replay " + game(""));
  EXPECT_EQ(dir.status, 2);
  EXPECT_THAT(dir.err, HasSubstr("it is a directory"));
  EXPECT_EQ(run_arbiter("replay").status, 2);
  EXPECT_EQ(run_arbiter("replay --bogus -").status, 2);
  const auto protocol =
      run_arbiter("replay -v '" + test::data_path("tables/grandchild.toml") + "' -", "1. e4");
  EXPECT_EQ(protocol.status, 1);  // a simultaneous record: both moves of a turn on a line
  EXPECT_THAT(protocol.err, HasSubstr("turn 1 has White's move only"));
  const auto knob = run_arbiter("replay --knob nosuch=x -", "");
  EXPECT_EQ(knob.status, 2);
}

}  // namespace
}  // namespace arbiter
