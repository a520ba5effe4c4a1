// Set play (SolveOptions::set_play) and the helpmates that start with a half move (h#n.5): the
// positions of Popeye's TESTS/battle_play.inp and help_play.inp titled "with setplay", whose
// set play Popeye 122c7d0f prints as pinned here, and small helpmates written for these tests.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "puzzles/grading.hpp"
#include "puzzles/verdict.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

Verdict set_play_solve(const char* fen, const char* stip) {
  SolveOptions o;
  o.set_play = true;
  o.max_solutions = 1000;
  return solve(test::orthodox_position(fen), parse_stipulation(stip), o);
}

/// "Ka8: Rc8#" for each set-play variation, sorted (Popeye's order is its own).
std::vector<std::string> set_play_lines(const Verdict& v) {
  std::vector<std::string> out;
  for (const auto& d : v.set_play) {
    std::string line = d.defence;
    std::vector<std::string> answers = d.continuations;
    std::sort(answers.begin(), answers.end());
    for (std::size_t i = 0; i < answers.size(); ++i) line += (i ? " " : ": ") + answers[i];
    out.push_back(line);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Kf6 Rb1 against Kh8 Ph7 Pa7 (written here): Popeye 122c7d0f gives h#1's set play as
// "1...Rb1-b8 #".
constexpr const char* kSetPlayRookFen = "7k/p6p/5K2/8/8/8/8/1R6 b - - 0 1";
constexpr const char* kSetPlayRookWhiteFen = "7k/p6p/5K2/8/8/8/8/1R6 w - - 0 1";

TEST(SetPlay, DirectMateInTwoAsPopeyePrintsIt) {
  // battle_play.inp "#2 with setplay": 1...Kb8-a8 2.Rc6-c8 #, then 1.Rc6*c5 ! zugzwang.
  const Verdict v = set_play_solve("1k6/8/K1R5/2p5/8/8/8/8 w - - 0 1", "#2");
  EXPECT_EQ(set_play_lines(v), (std::vector<std::string>{"Ka8: Rc8#"}));
  ASSERT_EQ(v.keys.size(), 1U);
  EXPECT_EQ(v.keys[0].move, "Rxc5");
}

TEST(SetPlay, NoneWhenTheAttackerIsInCheck) {
  // battle_play.inp "#2 with setplay, White in check": Popeye prints no set play.
  const Verdict v = set_play_solve("1k6/8/K1R5/2n5/8/8/8/8 w - - 0 1", "#2");
  EXPECT_TRUE(v.set_play.empty());
  ASSERT_EQ(v.keys.size(), 1U);
  // help_play.inp "h#1 with set play, but black king is in check": none either.
  const Verdict h = set_play_solve("1k6/8/K7/8/2N5/8/7B/8 b - - 0 1", "h#1");
  EXPECT_TRUE(h.set_solutions.empty());
  EXPECT_EQ(h.solutions, (std::vector<std::vector<std::string>>{{"Ka8", "Nb6#"}}));
}

TEST(SetPlay, ShortSetPlayOfAMateInThree) {
  // battle_play.inp "#3 with short setplay": Popeye 1...Se8-c7 + 2.Se6*c7 #, 1...Se8-d6
  // (-f6, -g7) 2.Se6-c7 #; 1...c5 has no answer and is left out.
  const Verdict v = set_play_solve("k3n3/P7/K1p1N3/8/8/2p5/1P6/8 w - - 0 1", "#3");
  EXPECT_EQ(set_play_lines(v),
            (std::vector<std::string>{"Nc7+: Nxc7#", "Nd6: Nc7#", "Nf6: Nc7#", "Ng7: Nc7#"}));
}

TEST(SetPlay, SelfmateSetMovesThatMateAtOnce) {
  // battle_play.inp "s#1 with complete set play": Popeye 1...b3-b2 #, key 1.h3-h4 !.
  const Verdict v = set_play_solve("8/8/8/2p5/2R5/kp5P/p7/K7 w - - 0 1", "s#1");
  EXPECT_EQ(set_play_lines(v), (std::vector<std::string>{"b2#"}));
  ASSERT_EQ(v.keys.size(), 1U);
  EXPECT_EQ(v.keys[0].move, "h4");
}

TEST(SetPlay, HelpmateSetPlayIsHalfAMoveShorterWithTheMatingSideFirst) {
  const Verdict one = set_play_solve(kSetPlayRookFen, "h#1");
  EXPECT_EQ(one.set_solutions, (std::vector<std::vector<std::string>>{{"Rb8#"}}));
  // h#2's set play is h#1.5 from the diagram with White to move.
  const Verdict two = set_play_solve(kSetPlayRookFen, "h#2");
  const Verdict direct = set_play_solve(kSetPlayRookWhiteFen, "h#1.5");
  EXPECT_EQ(two.set_solutions, direct.solutions);
  // Popeye prints 30 set-play lines: these 29 and the short 1...Rb1-b8 # (arbiter's
  // helpmates are exactly n moves long).
  EXPECT_EQ(two.set_solutions.size(), 29U);
}

TEST(SetPlay, TheSetPlayOfAHalfMoveHelpmateIsTheWholeMoveOne) {
  // Popeye, h#1.5 with SetPlay: "1...  ...  2.a7-a5 Rb1-b8 #" and the same after a7-a6 and
  // Kh8-g8.
  const Verdict v = set_play_solve(kSetPlayRookWhiteFen, "h#1.5");
  std::vector<std::vector<std::string>> lines = v.set_solutions;
  std::sort(lines.begin(), lines.end());
  EXPECT_EQ(lines, (std::vector<std::vector<std::string>>{
                       {"Kg8", "Rb8#"}, {"a5", "Rb8#"}, {"a6", "Rb8#"}}));
}

TEST(HalfMoveHelpmate, StartsWithTheMatingSide) {
  // Popeye 122c7d0f, h#1.5: 29 lines of 3 half moves (and the short 1...Rb1-b8 #), among
  // them 1...Rb1-b7 2.a7-a5 Rb7-b8 # and 1...Kf6-f7 2.a7-a6 Rb1-b8 #.
  const Verdict v = set_play_solve(kSetPlayRookWhiteFen, "h#1.5");
  EXPECT_EQ(v.solutions.size(), 29U);
  EXPECT_EQ(v.soundness, Soundness::kCooked);
  const auto has = [&](std::vector<std::string> line) {
    return std::find(v.solutions.begin(), v.solutions.end(), line) != v.solutions.end();
  };
  EXPECT_TRUE(has({"Rb7", "a5", "Rb8#"}));
  EXPECT_TRUE(has({"Kf7", "a6", "Rb8#"}));
  // Norbert Geissler, Problemkiste 209, 4/2014, no. 8236 (Popeye's REGRESSIONS/4_69_to_4_71.inp):
  // h#2.5, Popeye 122c7d0f prints 1...c7-c8=Q 2.Sa8-c7 a7-a8=R 3.Kd6-c6 Ra8-a6 #, and with
  // SetPlay no set play.
  const Verdict geissler = set_play_solve("n3n3/P1P5/3k4/8/2K5/8/8/8 w - - 0 1", "h#2.5");
  EXPECT_EQ(geissler.solutions,
            (std::vector<std::vector<std::string>>{{"c8=Q", "Nac7", "a8=R", "Kc6", "Ra6#"}}));
  EXPECT_EQ(geissler.soundness, Soundness::kSound);
  EXPECT_TRUE(geissler.set_solutions.empty());
  // h#0.5: the mating move alone.
  const Verdict half = set_play_solve(kSetPlayRookWhiteFen, "h#0.5");
  EXPECT_EQ(half.solutions, (std::vector<std::vector<std::string>>{{"Rb8#"}}));
  EXPECT_EQ(half.soundness, Soundness::kSound);
  ASSERT_EQ(half.keys.size(), 1U);
  EXPECT_EQ(half.keys[0].move, "Rb8#");
}

TEST(HalfMoveHelpmate, SurplusMenAreTheMatingSidesWhichMovesFirst) {
  // h#0.5 with a second white rook that the mate Rb8# does not need.
  const Position pos = test::orthodox_position("7k/p6p/5KR1/8/8/8/8/1R6 w - - 0 1");
  const Stipulation stip = parse_stipulation("h#0.5");
  const Verdict v = solve(pos, stip);
  ASSERT_EQ(v.soundness, Soundness::kSound);
  EXPECT_EQ(surplus_men(pos, stip, v), (std::vector<std::string>{"Rg6"}));
}

}  // namespace
}  // namespace arbiter::puzzles
