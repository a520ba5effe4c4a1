// The suggestion helper behind every "did you mean ...?" (rules/core/closest_name.hpp).
#include "rules/core/closest_name.hpp"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

TEST(ClosestName, ASwapOfNeighbouringLettersIsOneEdit) {
  EXPECT_EQ(edit_distance("conversoin", "conversion"), 1);
  EXPECT_EQ(edit_distance("perfy", "perft"), 1);
  EXPECT_EQ(edit_distance("--dept", "--depth"), 1);
  EXPECT_EQ(edit_distance("Orthodox", "orthodox"), 0);  // case is not an edit
  EXPECT_EQ(edit_distance("", "abc"), 3);
}

TEST(ClosestName, SuggestsTheNearestNameOnlyWhenItIsNearEnough) {
  const std::vector<std::string> subcommands{"perft", "verify", "moves", "replay", "resolve"};
  EXPECT_EQ(did_you_mean("perfy", subcommands), "did you mean perft?");
  EXPECT_EQ(did_you_mean("verfiy", subcommands), "did you mean verify?");
  EXPECT_EQ(did_you_mean("frobnicate", subcommands), "");
  EXPECT_EQ(did_you_mean("x", subcommands), "");
}

TEST(ClosestName, AWordANameBeginsWithIsNear) {
  EXPECT_EQ(did_you_mean("--dep", {"--depth", "--divide", "--json"}), "did you mean --depth?");
}

TEST(ClosestName, TiesAreAllNamedInTheGivenOrder) {
  EXPECT_EQ(did_you_mean("cat", {"bat", "dog", "car"}), "did you mean bat or car?");
}

}  // namespace
}  // namespace arbiter
