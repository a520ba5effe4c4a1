// Perft on the standard orthodox positions at depths that keep the suite fast; the deepest
// published counts run in perft_slow_test.cpp (label "slow").
#include <gtest/gtest.h>

#include "rules/core/fen.hpp"
#include "rules/core/perft.hpp"
#include "tests/support/perft_positions.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

class PerftFast : public ::testing::TestWithParam<test::PerftPosition> {};

TEST_P(PerftFast, MatchesPublishedCountsAtShallowDepth) {
  const auto& p = GetParam();
  Position pos = test::orthodox_position(p.fen);
  for (std::size_t d = 1; d <= p.nodes.size(); ++d) {
    if (p.nodes[d - 1] > 2'500'000) break;
    EXPECT_EQ(perft(pos, static_cast<int>(d)), p.nodes[d - 1]) << p.name << " depth " << d;
  }
}

TEST_P(PerftFast, FullAndBulkCountsAgree) {
  const auto& p = GetParam();
  Position pos = test::orthodox_position(p.fen);
  EXPECT_EQ(perft_full(pos, 3), perft(pos, 3));
  EXPECT_EQ(perft_full(pos, 3), p.nodes[2]);
}

TEST_P(PerftFast, DivideSumsToPerft) {
  const auto& p = GetParam();
  Position pos = test::orthodox_position(p.fen);
  std::uint64_t sum = 0;
  for (const auto& e : perft_divide(pos, 2)) sum += e.nodes;
  EXPECT_EQ(sum, p.nodes[1]);
}

INSTANTIATE_TEST_SUITE_P(Orthodox, PerftFast, ::testing::ValuesIn(test::perft_positions()),
                         [](const auto& param_info) { return param_info.param.name; });

// The issue lists position 6 without the black bishop on g4 that the published counts
// (46, 2079, ...) belong to. Its own counts, checked by hand at depth 1 (47 moves: 1 king,
// 4 queen, 9 rook, 14 bishop, 11 knight and 8 pawn moves), are pinned here as regression data.
TEST(Perft, IssueVariantOfPosition6WithoutTheG4Bishop) {
  Position pos = test::orthodox_position(
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
  EXPECT_EQ(perft(pos, 1), 47u);
  EXPECT_EQ(perft(pos, 2), 1845u);
  EXPECT_EQ(perft(pos, 3), 81467u);
}

}  // namespace
}  // namespace arbiter
