// `arbiter replay -v conditional` run as a user would: the plain output, the error lines with
// the phase, the --json object (its per-ply phases read back out of it), and the protocols that
// are still refused.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

/// `path` in single quotes for the shell. (Appending rather than operator+ on temporaries
/// sidesteps GCC 12's false -Wrestrict warning, GCC bug 105329.)
std::string quoted(const std::string& path) {
  std::string out(1, '\'');
  out += path;
  out += '\'';
  return out;
}

/// The quoted path of tests/data/conditional/<name>.
std::string record(const std::string& name) {
  return quoted(test::data_path("conditional/" + name));
}

/// Every string value of `key` in a JSON text, in order (null values are left out).
std::vector<std::string> string_values(const std::string& json, const std::string& key) {
  std::vector<std::string> out;
  const std::regex re("\"" + key + "\":\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(json.begin(), json.end(), re); it != std::sregex_iterator();
       ++it)
    out.push_back((*it)[1]);
  return out;
}

TEST(ConditionalReplayCli, PlainOutput) {
  const auto r = run_arbiter("replay -v conditional " + record("five_turns.pgn"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "final r1bq1rk1/1pp2pp1/p1np1n1p/2b1p3/4P3/1BPP1N1P/PP3PP1/RNBQ1RK1 w - - 0 9 B -\n"
            "plies 16\n"
            "result *\n"
            "termination none\n");
  EXPECT_EQ(r.err, "");
}

TEST(ConditionalReplayCli, MateWithResult) {
  const auto r = run_arbiter("replay -v conditional -", "1. f3 e5 2. !g4 Qh4# 0-1\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("result 0-1\ntermination checkmate (White is checkmated)\n"));
}

TEST(ConditionalReplayCli, ErrorNamesMovePhaseSideReasonAndFen) {
  const auto r = run_arbiter("replay -v conditional " + record("a_move_check.pgn"));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "error: move 1 (White A-move) 'Rh8+': check in A-move: an A-move may give check only "
            "when it mates (knob a-move-mate=immediate)\n"
            "position before the move: 1r2k3/8/8/8/8/8/P7/4K2R w K - 0 1 A -\n");
}

TEST(ConditionalReplayCli, KnobsChangeTheReplay) {
  const std::string game = "1. e4 e5 2. !e5=>a3 Nf6\n";
  const auto skip = run_arbiter("replay -v conditional -", game);
  EXPECT_EQ(skip.status, 1);
  EXPECT_THAT(skip.err, HasSubstr("unexpected replacement"));
  const auto replaced =
      run_arbiter("replay -v conditional --knob illegal-c-move=opponent-moves -", game);
  EXPECT_EQ(replaced.status, 0) << replaced.err;
  EXPECT_THAT(replaced.out, HasSubstr("/P7/1PPP1PPP/"));
}

TEST(ConditionalReplayCli, JsonHasThePhasesOfEveryPly) {
  const auto r = run_arbiter("replay -v conditional --json " + record("restart_turn.pgn"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_THAT(string_values(r.out, "phase"), ElementsAre("A", "B", "C", "A", "B", "C"));
  EXPECT_THAT(string_values(r.out, "side"),
              ElementsAre("white", "black", "white", "white", "black", "white"));
  EXPECT_THAT(string_values(r.out, "outcome"), ElementsAre("skipped", "executed"));
  EXPECT_THAT(string_values(r.out, "canonical"),
              ElementsAre("a3", "Rb1+", "!a4", "Kd2", "Rb3", "!*a4*"));
  EXPECT_THAT(string_values(r.out, "final_fen"),
              ElementsAre("4k3/8/8/8/P7/1r6/3K4/7R b - - 0 3 A -"));
  EXPECT_THAT(r.out, HasSubstr("\"valid\":true,\"plies\":6,"));
  EXPECT_THAT(r.out, HasSubstr("\"warnings\":[],\"error\":null}"));
}

TEST(ConditionalReplayCli, JsonErrorCarriesThePhase) {
  const auto r = run_arbiter("replay -v conditional --json -", "1. e4 e5 2. e5?*d4*/Nf3\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out, HasSubstr("\"error\":{\"ply\":3,\"move_number\":2,\"phase\":\"C\",\"side\":"
                               "\"white\",\"text\":\"e5?*d4*/Nf3\",\"reason\":\"wrong mark\","));
}

TEST(ConditionalReplayCli, SimultaneousTablesGoToTheirOwnReader) {
  // A simultaneous record needs both moves of a turn on a line.
  const auto r = run_arbiter(
      "replay -v " + quoted(test::data_path("tables/grandchild.toml")) + " -", "1. e4\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.err, HasSubstr("turn 1 has White's move only"));
}

}  // namespace
}  // namespace arbiter
