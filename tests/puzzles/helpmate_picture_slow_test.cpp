// The picture test (puzzles/helpmate_picture.hpp) never loses a solution: on random helpmates
// of more men than the bound's own tests use, the solution lines with the pruning and without
// any are the same (about 9 s on the loaded two-core machine, so labelled slow).
#include <gtest/gtest.h>

#include "tests/support/bounded_vs_brute_force.hpp"

namespace arbiter::puzzles {
namespace {

TEST(HelpmatePictures, SameSolutionsAsBruteForceOnRandomHelpmates) {
  // The pruning is the bound and the pictures together; brute force has neither.
  test::expect_same_lines_on_random_positions("h#1", 300, 391, {5, 4, kBlack}, 10);
  test::expect_same_lines_on_random_positions("h#2", 40, 392, {4, 4, kBlack}, 3);
  test::expect_same_lines_on_random_positions("h#1.5", 30, 393, {4, 3, kWhite}, 1);
}

}  // namespace
}  // namespace arbiter::puzzles
