// Tries refuted by more than one defence (SolveOptions::max_refutations, Popeye's Option
// Defence n), on Popeye's TESTS/battle_play.inp position "#2 with setplay", whose tries Popeye
// 122c7d0f prints with Try Defence 2 as: 1.Ka6-b6 ? but 1...c5-c4 !; 1.Rc6-c8 + ? but
// 1...Kb8*c8 !; 1.Rc6-c7 ? but 1...c5-c4 ! 1...Kb8*c7 !
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "puzzles/verdict.hpp"
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

}  // namespace
}  // namespace arbiter::puzzles
