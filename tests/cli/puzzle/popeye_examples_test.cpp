// Popeye's own example problems that arbiter solves fast (tests/data/popeye/examples, GPL,
// from Popeye's public source; README.md there) against the answers Popeye printed for them;
// the slower ones are in popeye_examples_slow_test.cpp. The comparison: popeye_examples.hpp.
#include "tests/cli/puzzle/popeye_examples.hpp"

namespace arbiter {
namespace {

using test::popeye_examples::same_move;

TEST(PopeyeExamples, ArbiterFindsWhatPopeyePrintedForItsOwnExamples) {
  test::popeye_examples::expect_popeye_answers("popeye/examples");
}

TEST(PopeyeExamples, PopeyesMovesAreComparedAsMovesNotAsText) {
  EXPECT_TRUE(same_move("Qf2", "1.Da7-f2", "de"));
  EXPECT_TRUE(same_move("Rh3+", "Th1-h3", "de"));
  EXPECT_TRUE(same_move("O-O", "0-0", "de"));
  EXPECT_TRUE(same_move("O-O-O#", "3.0-0-0", "en"));
  EXPECT_TRUE(same_move("exd6", "e5*d6", "en"));
  EXPECT_TRUE(same_move("e8=N", "e7-e8=S", "en"));
  EXPECT_TRUE(same_move("e8=B", "e7-e8=L", "de"));
  EXPECT_TRUE(same_move("Nbd2", "Sb1-d2", "en"));
  EXPECT_FALSE(same_move("Nfd2", "Sb1-d2", "en"));  // the other knight
  EXPECT_FALSE(same_move("e8=Q", "e7-e8=S", "en"));
  EXPECT_FALSE(same_move("Bf2", "Da7-f2", "de"));
  EXPECT_FALSE(same_move("Nf3", "Nf1-f3", "en"));  // Popeye's English N is the nightrider
}

}  // namespace
}  // namespace arbiter
