// Move-Neutral perft against a brute force that resolves every pair, traced and validated
// (slow: about a million resolutions per position; kiwipete's 4.2 million are left to the
// bulk count and `verify`).
#include <gtest/gtest.h>

#include <vector>

#include "rules/core/rule_table.hpp"
#include "rules/simultaneous/move_neutral/move_neutral.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::neutral;

const std::vector<PerftCheck>& positions() {
  return neutral()->table().perft_checks;
}

/// Counts pairs to `depth` resolving every one, traced and validated, with no bulk counting.
std::uint64_t mn_brute_force(const SimState& s, int depth) {
  if (depth == 0) return 1;
  if (move_neutral_status(s).over) return 0;
  MoveList white, black;
  move_neutral_submissions(s, kWhite, white);
  move_neutral_submissions(s, kBlack, black);
  std::uint64_t nodes = 0;
  for (Move w : white)
    for (Move b : black) nodes += mn_brute_force(resolve_move_neutral(s, w, b).after, depth - 1);
  return nodes;
}

TEST(MoveNeutralPerftSlow, DepthTwoAgreesWithTheBruteForce) {
  // Kiwipete's 4.2 million pairs are left to the bulk count (and `verify`).
  for (const PerftCheck& c : positions()) {
    if (c.name == "kiwipete") continue;
    EXPECT_EQ(mn_brute_force(parse_sim_fen(neutral(), c.fen), 2), c.nodes.at(1)) << c.name;
  }
}

}  // namespace
}  // namespace arbiter
