// `arbiter puzzle solve FILE --format tree` with Popeye's SetPlay, WhiteToPlay and Defence n
// options and h#n.5 stipulations, and `--set-play` / `--defence` with --fen: the set play
// printed before the key and the tries with their refutations as Popeye 122c7d0f prints them
// (its lines quoted in the tests), in arbiter's move notation.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

/// `text` as a file of its own, named after the test.
std::string set_play_cli_file(const std::string& text) {
  const fs::path p = fs::temp_directory_path() /
                     ("arbiter_setplay_" + std::to_string(::getpid()) + "_" +
                      ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".inp");
  std::ofstream(p) << text;
  return p.string();
}

TEST(SetPlayCli, DirectMateSetPlayComesBeforeTheKey) {
  // Popeye's TESTS/battle_play.inp, "#2 with setplay": Popeye prints
  //   1...Kb8-a8 2.Rc6-c8 #   1.Rc6*c5 ! zugzwang.   1...Kb8-a8 2.Rc5-c8 #
  const std::string file = set_play_cli_file(
      "BeginProblem\nPieces White Ka6 Rc6 Black Kb8 Pc5\nStipulation #2\nOption SetPlay\n"
      "EndProblem\n");
  const test::CommandResult r = test::run_arbiter("puzzle solve -q --format tree " + file);
  fs::remove(file);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("#2: sound\n1...Ka8 2.Rc8#\n1.Kb6? c4!\n1.Rc8+? Kxc8!\n"
                       "1.Rxc5! zugzwang\n  1...Ka8 2.Rc8#\n"),
            std::string::npos)
      << r.out;
}

TEST(SetPlayCli, DefenceTwoListsTriesWithTheirTwoRefutations) {
  // Popeye, the same position with Try Defence 2: 1.Rc6-c7 ? but 1...c5-c4 ! 1...Kb8*c7 !
  const std::string file = set_play_cli_file(
      "BeginProblem\nPieces White Ka6 Rc6 Black Kb8 Pc5\nStipulation #2\nOption Try Defence 2\n"
      "EndProblem\n");
  const test::CommandResult r = test::run_arbiter("puzzle solve -q --format tree " + file);
  fs::remove(file);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\n1.Rc7? Kxc7! c4!\n"), std::string::npos) << r.out;
  const test::CommandResult f = test::run_arbiter(
      "puzzle solve --fen '1k6/8/K1R5/2p5/8/8/8/8 w - - 0 1' --stip '#2' --defence 2 --json");
  ASSERT_EQ(f.status, 0) << f.err;
  EXPECT_NE(f.out.find(R"({"move":"Rc7","refutation":"Kxc7","other_refutations":["c4"]})"),
            std::string::npos)
      << f.out;
}

TEST(SetPlayCli, HelpmateSetPlayAndWhiteToPlay) {
  // Popeye, h#1 with SetPlay: "1...Rb1-b8 #" then "1.a7-a5 Rb1-b8 #" ...; h#1 with
  // WhiteToPlay is solved as h#0.5: "1...Rb1-b8 #".
  const std::string file = set_play_cli_file(
      "BeginProblem\nPieces White Kf6 Rb1 Black Kh8 Ph7 Pa7\nStipulation h#1\nOption SetPlay\n"
      "Twin Stipulation h#0.5\nNextProblem\nPieces White Kf6 Rb1 Black Kh8 Ph7 Pa7\n"
      "Stipulation h#1\nOption WhiteToPlay\nEndProblem\n");
  const test::CommandResult r = test::run_arbiter("puzzle solve -q --format tree " + file);
  fs::remove(file);
  ASSERT_EQ(r.status, 1) << "the h#1 is cooked\n" << r.err;
  EXPECT_NE(r.out.find("h#1: cooked\n1...Rb8#\n1.Kg8 Rb8#\n1.a5 Rb8#\n1.a6 Rb8#\n"),
            std::string::npos)
      << r.out;
  // The twin h#0.5: its set play is h#0 (none); the problem with WhiteToPlay: h#0.5.
  EXPECT_NE(r.out.find("h#0.5: sound\n1...Rb8#\n\nproblem 3"), std::string::npos) << r.out;
  const std::string third = r.out.substr(r.out.find("problem 3  "));
  EXPECT_TRUE(third.ends_with(
      "\nh#0.5: sound\n1...Rb8#\n\n3 problems: 2 sound, 1 cooked, 0 no solution, 0 not read\n"))
      << r.out;
}

TEST(SetPlayCli, HalfMoveHelpmateSetPlayFromFen) {
  // Popeye, h#1.5 with SetPlay: "1...  ...  2.a7-a5 Rb1-b8 #" (and after a7-a6, Kh8-g8)
  // before the 1...Rb1-b7 2.a7-a5 Rb7-b8 # lines.
  const test::CommandResult r = test::run_arbiter(
      "puzzle solve --fen '7k/p6p/5K2/8/8/8/8/1R6 w - - 0 1' --stip h#1.5 --set-play "
      "--format tree");
  ASSERT_EQ(r.status, 1) << "cooked\n" << r.err;
  EXPECT_EQ(r.out.rfind("h#1.5: cooked\n1... ... 2.Kg8 Rb8#\n1... ... 2.a5 Rb8#\n"
                        "1... ... 2.a6 Rb8#\n1...Kf7 2.a5 Rb8#\n",
                        0),
            0U)
      << r.out;
  EXPECT_NE(r.out.find("\n1...Rb7 2.a5 Rb8#\n"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace arbiter
