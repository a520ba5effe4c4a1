// --fen on every command that takes it, run as a user would: an empty FEN is refused (never the
// table's setup), a bad FEN is reported once on standard error with nothing on standard output,
// and the fullmove number 0 of published puzzle collections is read.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::occurrences;
using test::run_arbiter;
using ::testing::HasSubstr;

/// Every command with a --fen option, with the other options it needs to run.
const std::vector<std::string>& fen_commands() {
  static const std::vector<std::string> commands = {
      "moves",
      "moves -v conditional",
      "perft -d 1",
      "perft -v diplomacy -d 1",
      "perft -v conditional -d 1",
      "resolve --white e4 --black e5",
      "replay -",
      "puzzle solve -s '#1'",
      "puzzle task --task both-mated -v move-neutral",
      "diff orthodox conversion -q --no-coverage",
      "corpus record -o /dev/null --no-scenarios --positions 1 -q",
  };
  return commands;
}

TEST(FenOptionCli, EmptyFenIsAnErrorEverywhere) {
  for (const std::string& command : fen_commands()) {
    for (const char* empty : {"''", "'  '"}) {
      const auto r = run_arbiter(command + " --fen " + empty, "1. e4\n");
      EXPECT_EQ(r.status, 2) << command << '\n' << r.out << r.err;
      EXPECT_EQ(r.out, "") << command;
      EXPECT_THAT(r.err, HasSubstr("--fen: an empty FEN")) << command;
      EXPECT_EQ(occurrences(r.err, "an empty FEN"), 1) << command;
    }
  }
}

TEST(FenOptionCli, BadFenIsReportedOnceOnStandardErrorWithNothingOnStandardOutput) {
  const std::string bad = "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1'";
  for (const std::string& command : fen_commands()) {
    const auto r = run_arbiter(command + " --fen " + bad, "1. e4\n");
    EXPECT_NE(r.status, 0) << command;
    EXPECT_EQ(r.out, "") << command;
    EXPECT_EQ(occurrences(r.err, "column 43"), 1) << command << '\n' << r.err;
    EXPECT_EQ(occurrences(r.err, "unknown piece letter 'X'"), 1) << command << '\n' << r.err;
    EXPECT_EQ(occurrences(r.err, "error"), 1) << command << '\n' << r.err;
  }
}

TEST(FenOptionCli, PuzzleSolveBadFenNamesItsColumnOnce) {
  const auto r = run_arbiter("puzzle solve -s '#1' --fen '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 x'");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "arbiter: error: bad FEN: FEN column 33: bad fullmove number 'x': expected a whole "
            "number from 0 to 100000\n");
}

TEST(FenOptionCli, FullmoveNumberZeroIsReadAsOne) {
  const auto solve = run_arbiter("puzzle solve -s '#1' --fen '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 0'");
  EXPECT_EQ(solve.status, 0) << solve.err;
  EXPECT_THAT(solve.out, HasSubstr("key Ra8#"));
  const auto moves = run_arbiter("moves --fen '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 0'");
  EXPECT_EQ(moves.status, 0) << moves.err;
  EXPECT_THAT(moves.out, HasSubstr("fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n"));
  const auto replay =
      run_arbiter("replay -", "[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 0\"]\n1. Ra8#");
  EXPECT_EQ(replay.status, 0) << replay.err;
  EXPECT_EQ(replay.err, "");  // no move-number warning: "1." is move 1
}

TEST(FenOptionCli, DiffRefusesAFenNeitherTableReads) {
  const auto r = run_arbiter("diff orthodox conversion -q --fen '8/8/8 w - - 0 1'");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "arbiter: error: --fen 1 ('8/8/8 w - - 0 1'): neither table reads it: FEN column 1: "
            "the piece placement has 3 ranks, expected 8 separated by '/' (both: orthodox, "
            "conversion)\n");
}

}  // namespace
}  // namespace arbiter
