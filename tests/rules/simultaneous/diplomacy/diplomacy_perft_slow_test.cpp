// Diplomacy Chess perft, deeper: the table's depth-2 counts against a brute-force count that
// resolves every pair, leaves included, through the general resolver (the vector overload,
// never the fast path), and the start at depth 3.
#include <gtest/gtest.h>

#include <vector>

#include "rules/core/rule_table.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_perft.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::diplomacy;

std::uint64_t brute_force(const SimState& s, int depth) {
  if (depth == 0) return 1;
  if (diplomacy_status(s).over) return 0;
  MoveList white, black;
  diplomacy_submissions(s, kWhite, white);
  diplomacy_submissions(s, kBlack, black);
  ResolveOptions o;
  o.trace = false;
  o.validate = false;
  std::uint64_t nodes = 0;
  for (Move w : white)
    for (Move b : black)
      nodes += brute_force(
          resolve_diplomacy(s, std::vector<Submission>{{kWhite, w}, {kBlack, b}}, o).after,
          depth - 1);
  return nodes;
}

const PerftCheck& check(const std::string& name) {
  for (const PerftCheck& c : diplomacy()->table().perft_checks)
    if (c.name == name) return c;
  throw std::logic_error("no [[perft]] " + name);
}

class DiplomacyPerftDepthTwo : public ::testing::TestWithParam<const char*> {};

TEST_P(DiplomacyPerftDepthTwo, BruteForceAgrees) {
  const PerftCheck& c = check(GetParam());
  const SimState s = parse_sim_fen(diplomacy(), c.fen);
  EXPECT_EQ(brute_force(s, 2), c.nodes.at(1));
  EXPECT_EQ(diplomacy_perft(s, 2, diplomacy()->knobs().diplomacy, /*bulk=*/false), c.nodes.at(1));
}

INSTANTIATE_TEST_SUITE_P(Positions, DiplomacyPerftDepthTwo,
                         ::testing::Values("start", "kiwipete", "both-ep", "facing"));

TEST(DiplomacyPerftSlow, StartAtDepthThree) {
  const PerftCheck& c = check("start");
  EXPECT_EQ(diplomacy_perft(parse_sim_fen(diplomacy(), c.fen), 3), c.nodes.at(2));
}

TEST(DiplomacyPerftSlow, DistinctLevelsMatchThePerft) {
  const PerftCheck& c = check("both-ep");
  const auto levels =
      diplomacy_perft_levels(parse_sim_fen(diplomacy(), c.fen), 2, diplomacy()->knobs().diplomacy);
  EXPECT_EQ(levels.at(0).nodes, c.nodes.at(0));
  EXPECT_EQ(levels.at(1).nodes, c.nodes.at(1));
  EXPECT_EQ(levels.at(0).distinct, 927U);
  EXPECT_EQ(levels.at(1).distinct, 389978U);
}

}  // namespace
}  // namespace arbiter
