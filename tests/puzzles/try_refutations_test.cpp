// Tries refuted by more than one defence (SolveOptions::max_refutations, Popeye's Option
// Defence n), on Popeye's TESTS/battle_play.inp position "#2 with setplay", whose tries Popeye
// 122c7d0f prints with Try Defence 2 as: 1.Ka6-b6 ? but 1...c5-c4 !; 1.Rc6-c8 + ? but
// 1...Kb8*c8 !; 1.Rc6-c7 ? but 1...c5-c4 ! 1...Kb8*c7 !. Then every try and its refutations
// against the naive reference search (ProblemSearch::refutations settles what the table
// knows first and searches the rest checks first), and SolveOptions::tries.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "puzzle_reference.hpp"
#include "puzzles/verdict.hpp"
#include "tests/support/loyd_problems.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

constexpr const char* kTryRefutationsFen = "1k6/8/K1R5/2p5/8/8/8/8 w - - 0 1";

/// "Rc7: Kxc7 c4" for each try, sorted.
std::vector<std::string> try_refutation_lines(int max_refutations) {
  SolveOptions o;
  o.max_refutations = max_refutations;
  const Verdict v = solve(test::orthodox_position(kTryRefutationsFen), parse_stipulation("#2"), o);
  std::vector<std::string> out;
  for (const Try& t : v.tries) {
    std::vector<std::string> refs = t.other_refutations;
    refs.push_back(t.refutation);
    std::sort(refs.begin(), refs.end());
    std::string line = t.move + ":";
    for (const auto& r : refs) line += ' ' + r;
    out.push_back(line);
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(TryRefutations, OneRefutationByDefault) {
  EXPECT_EQ(try_refutation_lines(1), (std::vector<std::string>{"Kb6: c4", "Rc8+: Kxc8"}));
}

TEST(TryRefutations, DefenceTwoAddsTheTriesRefutedTwiceAsPopeyeDoes) {
  EXPECT_EQ(try_refutation_lines(2),
            (std::vector<std::string>{"Kb6: c4", "Rc7: Kxc7 c4", "Rc8+: Kxc8"}));
}

TEST(TryRefutations, ATryIsNeverTheKey) {
  // However many refutations are allowed, the key (refuted by none) is no try.
  for (const std::string& line : try_refutation_lines(50))
    EXPECT_NE(line.rfind("Rxc5", 0), 0U) << line;
}

/// "Rc7: Kxc7 c4" for each try of `v`, refutations in the solver's (generation) order.
std::vector<std::string> tries_in_order(const Verdict& v) {
  std::vector<std::string> out;
  for (const Try& t : v.tries) {
    std::string line = t.move + ": " + t.refutation;
    for (const auto& r : t.other_refutations) line += ' ' + r;
    out.push_back(line);
  }
  return out;
}

/// The same by the naive reference search: every first move with 1 to `most` defences
/// after which the attacker cannot reach the goal in n - 1 moves.
std::vector<std::string> reference_tries(Position pos, const Stipulation& s, int most) {
  const bool self = s.kind == StipulationKind::kSelfMate;
  std::vector<std::string> out;
  after_each_move(pos, [&](const std::string& san) {
    std::vector<std::string> refs;
    after_each_move(pos, [&](const std::string& defence) {
      const bool goal = self && test::ref_mated(pos);
      if (!goal && !(s.moves > 1 && test::ref_attacker(pos, s.moves - 1, self)))
        refs.push_back(defence);
      return true;
    });
    if (!refs.empty() && static_cast<int>(refs.size()) <= most) {
      std::string line = san + ":";
      for (const auto& r : refs) line += ' ' + r;
      out.push_back(line);
    }
    return true;
  });
  return out;
}

TEST(TryRefutations, EveryTryWithItsRefutationsInOrderAsTheReferenceSearchFindsThem) {
  const struct {
    const char* fen;
    const char* stip;
  } problems[] = {
      {kTryRefutationsFen, "#2"},
      {test::kLoydTwoMovers[0].fen, "#2"},
      {test::kLoydTwoMovers[1].fen, "#2"},
      {test::kLoydTwoMovers[2].fen, "#2"},
      {"8/1r6/3Q4/7k/8/8/8/3R3K w - - 0 1", "#3"},
      {"8/6b1/8/N1P4q/8/3K4/Q7/3k4 w - - 0 1", "s#2"},
  };
  for (const auto& p : problems) {
    const Stipulation stip = parse_stipulation(p.stip);
    const Position pos = test::orthodox_position(p.fen);
    for (int most : {1, 2, 3}) {
      SolveOptions o;
      o.max_refutations = most;
      EXPECT_EQ(tries_in_order(solve(pos, stip, o)), reference_tries(pos, stip, most))
          << p.fen << ' ' << p.stip << " defence " << most;
    }
  }
}

TEST(TryRefutations, WithoutTriesNoneIsSearchedAndTheRestStays) {
  // Popeye's printout without Option Try: the keys, threats and variations are those of a
  // solve with tries, found in fewer nodes.
  const Position pos = test::orthodox_position(test::kLoydTwoMovers[2].fen);
  const Verdict with = solve(pos, parse_stipulation("#2"));
  SolveOptions o;
  o.tries = false;
  const Verdict without = solve(pos, parse_stipulation("#2"), o);
  ASSERT_FALSE(with.tries.empty());
  EXPECT_TRUE(without.tries.empty());
  ASSERT_EQ(without.keys.size(), with.keys.size());
  for (std::size_t i = 0; i < with.keys.size(); ++i) {
    EXPECT_EQ(without.keys[i].move, with.keys[i].move);
    EXPECT_EQ(without.keys[i].threats, with.keys[i].threats);
    EXPECT_EQ(without.keys[i].variations.size(), with.keys[i].variations.size());
  }
  EXPECT_LT(without.nodes, with.nodes);
}

}  // namespace
}  // namespace arbiter::puzzles
