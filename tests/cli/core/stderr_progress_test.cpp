// Progress of the long commands on stderr (cli/core/progress.hpp): counted steps, '\r' frames
// only on a terminal, plain lines into a file, nothing with -q.
#include "cli/core/progress.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "tests/support/test_support.hpp"

namespace arbiter::cli {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(Progress, IntoAFileEachStepIsAPlainLineWithItsCount) {
  std::ostringstream out;
  {
    Progress p(out, /*terminal=*/false, /*quiet=*/false, "find");
    p.step(1, 3, "orthodox/double-check");
    p.tick("12 proposal(s) judged");  // a terminal's detail: not a line of its own
    p.step(solver::ProgressStep("sweep: 20 positions"));
    p.note("corpus written");
  }
  EXPECT_EQ(out.str(),
            "find: [1/3] orthodox/double-check\n"
            "find: sweep: 20 positions\n"
            "find: corpus written\n");
}

TEST(Progress, OnATerminalStepsAreRedrawnInPlaceAndTheLastEndsTheLine) {
  std::ostringstream out;
  {
    Progress p(out, /*terminal=*/true, /*quiet=*/false, "verify");
    p.step(1, 2, "conversion");
    p.tick("3 s");
    p.step(2, 2, "orthodox");
  }
  EXPECT_EQ(out.str(),
            "\rverify: [1/2] conversion\x1b[K"
            "\rverify: [1/2] conversion (3 s)\x1b[K"
            "\rverify: [2/2] orthodox\x1b[K\n");
}

TEST(Progress, QuietWritesNothing) {
  std::ostringstream out;
  {
    Progress p(out, /*terminal=*/true, /*quiet=*/true, "find");
    p.step(1, 1, "x");
    p.note("y");
  }
  EXPECT_EQ(out.str(), "");
}

TEST(Progress, FindCountsItsWitnessesOnStderrWithoutCarriageReturnsIntoAFile) {
  const test::CommandResult r = test::run_arbiter("find double-check --count 2");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("find: [0/2] orthodox/double-check"));
  EXPECT_THAT(r.err, HasSubstr("find: [2/2] orthodox/double-check: witness found after"));
  EXPECT_THAT(r.err, Not(HasSubstr("\r")));
  EXPECT_THAT(r.out, Not(HasSubstr("[1/2]")));  // results only on stdout
  const test::CommandResult quiet = test::run_arbiter("find double-check -q");
  EXPECT_EQ(quiet.status, 0);
  EXPECT_EQ(quiet.err, "");
}

TEST(Progress, CoverageAndAmbiguitiesCountTheirStepsOnStderr) {
  const test::CommandResult r = test::run_arbiter("coverage --no-scenarios --positions 10");
  EXPECT_THAT(r.err, HasSubstr("coverage: [1/1] clauses under default"));
  EXPECT_THAT(r.err, Not(HasSubstr("\r")));
  const test::CommandResult quiet = test::run_arbiter("coverage --no-scenarios --positions 10 -q");
  EXPECT_EQ(quiet.err, "");
  const test::CommandResult knobs = test::run_arbiter(
      "ambiguities -v conversion --knob castling-threatens --no-scenarios --positions 10");
  EXPECT_THAT(knobs.err, HasSubstr("ambiguities: [1/1] knob castling-threatens"));
  EXPECT_THAT(knobs.err, Not(HasSubstr("\r")));
}

}  // namespace
}  // namespace arbiter::cli
