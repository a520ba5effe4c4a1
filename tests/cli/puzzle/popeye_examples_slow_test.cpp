// Popeye's own example problems that take arbiter from 0.05 s to 1 s each
// (tests/data/popeye/examples_slow, GPL, from Popeye's public source; README.md there) against
// the answers Popeye printed for them. The comparison: popeye_examples.hpp.
#include "tests/cli/puzzle/popeye_examples.hpp"

namespace arbiter {
namespace {

TEST(PopeyeExamplesSlow, ArbiterFindsWhatPopeyePrintedForItsSlowerExamples) {
  test::popeye_examples::expect_popeye_answers("popeye/examples_slow");
}

}  // namespace
}  // namespace arbiter
