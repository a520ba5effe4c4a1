// The play below a key (puzzles/mate_tree.hpp): the trees below every defence may share one
// table (the solution tree, the grades and Popeye's printout do), and a shared table, grown from
// its first size as it fills, gives each tree exactly as a fresh one does.
#include <gtest/gtest.h>

#include <string>

#include "puzzles/mate_tree.hpp"
#include "puzzles/verdict.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

/// "Kf2(Qe2#,Qg2#)" style text of a defence's tree, every level.
std::string text_of(const MateTreeDefence& d) {
  std::string out = d.defence + "(";
  for (const MateTreeAnswer& a : d.answers) {
    out += a.move;
    if (!a.defences.empty()) {
      out += "[";
      for (const MateTreeDefence& next : a.defences) out += text_of(next);
      out += "]";
    }
    out += ",";
  }
  return out + ")";
}

TEST(MateTree, TreesBelowEveryDefenceAreTheSameWithOneSharedTable) {
  // A #3 and Loyd's #4 of Popeye's examples (BEISPIEL/ep.inp 10: 1.gxf6 e.p.+!).
  for (const char* fen : {"8/6P1/4K2P/7N/5N2/4b3/8/6k1 w - - 0 1",
                          "1b3NrR/P1pp2pK/1p2p1RQ/5pP1/1P3pk1/1P6/2PPP2P/N7 w - f6 0 1"}) {
    const Position pos = test::orthodox_position(fen);
    const Stipulation stip = parse_stipulation(fen[0] == '8' ? "#3" : "#4");
    const Verdict v = solve(pos, stip);
    ASSERT_EQ(v.keys.size(), 1U) << fen;
    const Position after_key = after_moves(pos, {v.keys[0].move});
    ASSERT_FALSE(v.keys[0].variations.empty()) << fen;
    // The smallest first size, so that the shared table grows on the way.
    TranspositionTable shared = mate_tree_table(stip.moves - 1, 10);
    for (const Variation& d : v.keys[0].variations) {
      const Position at = after_moves(after_key, {d.defence});
      const std::string fresh = text_of(mate_tree(at, d.defence, stip.moves - 1));
      EXPECT_EQ(text_of(mate_tree(at, d.defence, stip.moves - 1, Goal::kMate, &shared)), fresh)
          << fen << ' ' << d.defence;
    }
    EXPECT_GT(shared.size(), std::size_t{1} << 10) << fen;
  }
}

}  // namespace
}  // namespace arbiter::puzzles
