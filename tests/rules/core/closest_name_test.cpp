// closest_name (rules/core/closest_name.hpp): the "did you mean ...?" of the table loader.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/core/closest_name.hpp"

namespace arbiter {
namespace {

TEST(ClosestName, EditDistanceCountsATranspositionAsOneEdit) {
  EXPECT_EQ(edit_distance("castling-threaten", "castling-threatens"), 1U);
  EXPECT_EQ(edit_distance("tuoch", "touch"), 1U);
  EXPECT_EQ(edit_distance("", "abc"), 3U);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3U);
}

TEST(ClosestName, ASlipOfTheKeyboardFindsTheNameAndAnotherWordDoesNot) {
  const std::vector<std::string> knobs = {"threat-by-pinned-piece", "castling-threatens",
                                          "castle-through-cleared-square"};
  EXPECT_EQ(closest_name("castling-threaten", knobs), "castling-threatens");
  EXPECT_EQ(closest_name("threat-by-pined-piece", knobs), "threat-by-pinned-piece");
  EXPECT_EQ(closest_name("touch-move", knobs), std::nullopt);
  EXPECT_EQ(closest_name("castling-threatens", knobs), std::nullopt);  // not misspelt
}

}  // namespace
}  // namespace arbiter
