// Composed problems with their published keys (Sam Loyd's two-movers, as given in the Meson
// problem database and yacpdb #37503), each key also established by the naive reference
// search; threats, tries and duals of the published solutions; cooked and unsolvable
// positions; a helpmate, a selfmate and a Conversion Chess problem found by the generator.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "puzzle_reference.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/loyd_problems.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

struct Classic {
  const char* name;
  const char* fen;
  const char* stip;
  const char* key;
};

constexpr Classic two_mover(const test::LoydProblem& p) {
  return {p.source, p.fen, "#2", p.key};
}

// Keys as published; the test checks them against both solvers.
constexpr test::LoydProblem kLoyd1859 = test::kLoydTwoMovers[0];
constexpr Classic kClassics[] = {
    two_mover(kLoyd1859),
    two_mover(test::kLoydTwoMovers[1]),
    two_mover(test::kLoydTwoMovers[2]),
    {"Loyd 1859 as a three-mover", kLoyd1859.fen, "#3", kLoyd1859.key},
};

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

/// The refutation of a try, or "(not a try)".
std::string refutation_of(const Verdict& v, const std::string& move) {
  for (const Try& t : v.tries)
    if (t.move == move) return t.refutation;
  return "(not a try)";
}

TEST(PuzzleClassics, KeysAreThePublishedOnesAndTheReferenceSearchAgrees) {
  for (const Classic& c : kClassics) {
    const Position pos = test::orthodox_position(c.fen);
    const Stipulation stip = parse_stipulation(c.stip);
    const Verdict v = solve(pos, stip);
    ASSERT_EQ(v.keys.size(), 1U) << c.name;
    EXPECT_EQ(v.keys[0].move, c.key) << c.name;
    EXPECT_EQ(v.soundness, Soundness::kSound) << c.name;
    EXPECT_EQ(test::ref_keys(pos, stip), std::set<std::string>{c.key}) << c.name;
  }
}

TEST(PuzzleClassics, ThreeMoversAgreeWithTheReferenceSearch) {
  // Generated three-movers (few pieces, so the naive search stays fast): the solver's keys
  // are the reference's, and neither can be done in two.
  for (const char* fen :
       {"8/1r6/3Q4/7k/8/8/8/3R3K w - - 0 1", "8/4k3/1q5Q/8/b7/rBQ5/8/3K4 w - - 0 1"}) {
    const Position pos = test::orthodox_position(fen);
    const Verdict v = solve(pos, parse_stipulation("#3"));
    std::set<std::string> keys;
    for (const auto& k : v.keys) keys.insert(k.move);
    EXPECT_EQ(keys, test::ref_keys(pos, parse_stipulation("#3"))) << fen;
    EXPECT_EQ(v.soundness, Soundness::kSound) << fen;
    EXPECT_TRUE(test::ref_keys(pos, parse_stipulation("#2")).empty()) << fen;
  }
}

TEST(PuzzleClassics, ThreatsDualsAndTriesOfThePublishedSolutions) {
  // 1.Ne4! threatens Nc5# and Ng5#; 1...dxe4 2.Qa2#/d5#; tries 1.Qe4? Nxg6!, 1.Bd6+? Kxf6!.
  const Verdict ne4 = solve(test::orthodox_position(kClassics[2].fen), parse_stipulation("#2"));
  const KeyMove& k = ne4.keys.at(0);
  EXPECT_EQ(std::set<std::string>(k.threats.begin(), k.threats.end()),
            (std::set<std::string>{"Nc5#", "Ng5#"}));
  const auto dual = std::find_if(k.duals.begin(), k.duals.end(),
                                 [](const Dual& d) { return d.defence == "dxe4"; });
  ASSERT_NE(dual, k.duals.end());
  EXPECT_TRUE(contains(dual->continuations, "Qa2#") && contains(dual->continuations, "d5#"));
  EXPECT_EQ(refutation_of(ne4, "Qe4"), "Nxg6");
  EXPECT_EQ(refutation_of(ne4, "Bd6+"), "Kxf6");

  // 1.Qa5! is a waiting move: no threat; 1...Re7 2.Qxb4#/Qb6# is a dual.
  const Verdict qa5 = solve(test::orthodox_position(kClassics[0].fen), parse_stipulation("#2"));
  EXPECT_TRUE(qa5.keys.at(0).threats.empty());
  EXPECT_TRUE(std::any_of(qa5.keys[0].duals.begin(), qa5.keys[0].duals.end(),
                          [](const Dual& d) { return d.defence == "Re7"; }));

  // Detroit 1879: 1.Kc7? Bg7!, 1.Nc7? Nd6+!, 1.Bxg2? b4!
  const Verdict rf2 = solve(test::orthodox_position(kClassics[1].fen), parse_stipulation("#2"));
  for (const auto& [move, refutation] :
       {std::pair{"Kc7", "Bg7"}, std::pair{"Nc7", "Nd6+"}, std::pair{"Bxg2", "b4"}}) {
    EXPECT_EQ(refutation_of(rf2, move), refutation) << move;
  }
}

TEST(PuzzleClassics, CookedPositionsAreReportedCooked) {
  // Without Loyd's black pawn on a6, 1.Qb5 mates in two as well as 1.Qa5.
  const Position pos = test::orthodox_position("2brrb2/8/8/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1");
  const Verdict v = solve(pos, parse_stipulation("#2"));
  EXPECT_EQ(v.soundness, Soundness::kCooked);
  std::set<std::string> keys;
  for (const auto& k : v.keys) keys.insert(k.move);
  EXPECT_EQ(keys, (std::set<std::string>{"Qa5", "Qb5"}));
  EXPECT_EQ(keys, test::ref_keys(pos, parse_stipulation("#2")));
  // King and rook against king: many ways to mate in two.
  EXPECT_EQ(solve(test::orthodox_position("7k/8/6K1/8/8/8/8/R7 w - - 0 1"), parse_stipulation("#2"))
                .soundness,
            Soundness::kCooked);
}

TEST(PuzzleClassics, PositionsWithoutSolution) {
  // Loyd's two-mover cannot be done in one, nor in two without the white pawn on d2.
  EXPECT_EQ(solve(test::orthodox_position(kClassics[0].fen), parse_stipulation("#1")).soundness,
            Soundness::kNoSolution);
  const Position no_d2 = test::orthodox_position("2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/8/8 w - - 0 1");
  EXPECT_EQ(solve(no_d2, parse_stipulation("#2")).soundness, Soundness::kNoSolution);
  EXPECT_TRUE(test::ref_keys(no_d2, parse_stipulation("#2")).empty());
  // A stalemating "mate" is no mate: Qb6 only stalemates the cornered king.
  const Verdict v =
      solve(test::orthodox_position("k7/8/2K5/8/8/8/8/1Q6 w - - 0 1"), parse_stipulation("#1"));
  EXPECT_FALSE(std::any_of(v.keys.begin(), v.keys.end(),
                           [](const KeyMove& k) { return k.move.rfind("Qb6", 0) == 0; }));
}

// The helpmate, selfmate and Conversion problems below were found by `arbiter puzzle
// generate` (seed 3); the tests pin their verdicts and check them with the reference search.

TEST(PuzzleClassics, AHelpmateHasExactlyOneSolutionLine) {
  const Position pos = test::orthodox_position("8/7k/4P3/2K5/1nP5/8/1Q6/8 b - - 0 1");
  const Verdict v = solve(pos, parse_stipulation("h#2"));
  EXPECT_EQ(v.soundness, Soundness::kSound);
  ASSERT_EQ(v.solutions.size(), 1U);
  EXPECT_EQ(v.solutions[0], (std::vector<std::string>{"Kg8", "Kd6", "Kf8", "Qh8#"}));
  Position copy = pos;
  EXPECT_EQ(test::ref_help_lines(copy, 2), 1);
  // One move fewer has no solution.
  EXPECT_EQ(solve(pos, parse_stipulation("h#1")).soundness, Soundness::kNoSolution);
}

TEST(PuzzleClassics, ASelfmate) {
  const Position pos = test::orthodox_position("8/6b1/8/N1P4q/8/3K4/Q7/3k4 w - - 0 1");
  const Stipulation stip = parse_stipulation("s#2");
  const Verdict v = solve(pos, stip);
  EXPECT_EQ(v.soundness, Soundness::kSound);
  ASSERT_EQ(v.keys.size(), 1U);
  EXPECT_EQ(v.keys[0].move, "Qc2+");
  EXPECT_EQ(test::ref_keys(pos, stip), std::set<std::string>{"Qc2+"});
  EXPECT_EQ(refutation_of(v, "Qa1+"), "Bxa1");
}

TEST(PuzzleClassics, AConversionChessProblemWithoutOrthodoxSolution) {
  // 1.Kb2! converts the pawn on d2 (written /Pd2) and threatens Qa3#.
  const char* fen = "7B/k7/8/8/8/2KQ4/3p4/8 w - - 0 1";
  const Stipulation stip = parse_stipulation("#2");
  const Position pos = parse_fen(test::bundled_variant("conversion"), fen);
  const Verdict v = solve(pos, stip);
  EXPECT_EQ(v.soundness, Soundness::kSound);
  ASSERT_EQ(v.keys.size(), 1U);
  EXPECT_EQ(v.keys[0].move, "Kb2/Pd2");
  EXPECT_EQ(v.keys[0].threats, std::vector<std::string>{"Qa3#"});
  EXPECT_EQ(test::ref_keys(pos, stip), std::set<std::string>{"Kb2/Pd2"});
  EXPECT_EQ(solve(test::orthodox_position(fen), stip).soundness, Soundness::kNoSolution);
}

}  // namespace
}  // namespace arbiter::puzzles
