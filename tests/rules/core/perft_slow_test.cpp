// The deepest published perft counts (ctest label "slow").
#include <gtest/gtest.h>

#include "rules/core/perft.hpp"
#include "tests/support/perft_positions.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

class PerftDeep : public ::testing::TestWithParam<test::PerftPosition> {};

TEST_P(PerftDeep, MatchesPublishedCountAtFullDepth) {
  const auto& p = GetParam();
  Position pos = test::orthodox_position(p.fen);
  const int depth = static_cast<int>(p.nodes.size());
  EXPECT_EQ(perft(pos, depth), p.nodes.back()) << p.name << " depth " << depth;
}

INSTANTIATE_TEST_SUITE_P(Orthodox, PerftDeep, ::testing::ValuesIn(test::perft_positions()),
                         [](const auto& param_info) { return param_info.param.name; });

}  // namespace
}  // namespace arbiter
