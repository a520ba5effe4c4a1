// `arbiter ambiguities --reachable`, run as a user would: a knob's record of play from the start
// with its outcomes, the bound searched (and whether it is a proof) for a knob without one,
// the JSON fields, the exit statuses, and a record that `arbiter replay` reads back.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;
using ::testing::HasSubstr;

TEST(AmbiguitiesReachableCli, AKnobWithARecordShowsItsMovesAndOutcomes) {
  const auto r =
      run_arbiter("ambiguities -v diplomacy --knob knight-timing --reachable --steps 0 -q");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_THAT(r.out, HasSubstr("\nknob knight-timing\n  record 1. Na3 Na6\n  1 turns "
                               "(exhaustive: none shorter); the readings part at turn 1\n"));
  EXPECT_THAT(r.out, HasSubstr("  knight-timing=two-step-path              final "
                               "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 2, in "
                               "play\n"));
  EXPECT_THAT(r.out, HasSubstr("1 knob(s): 1 with a record (longest 1 turns), 0 without\n"));
}

TEST(AmbiguitiesReachableCli, TheRecordIsReadByReplayAndItsReadingsNameTheKnob) {
  const auto r = run_arbiter("replay -v diplomacy --readings -", "1. Na3 Na6\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("knob knight-timing: the readings part at turn 1\n"));
}

/// A knob no record of 2 plies parts, searched to 2 plies and no further.
const std::string kNoRecord =
    "ambiguities -v conversion --knob converted-pawn-double-step --reachable --exhaustive 2 "
    "--steps 0 -q";

TEST(AmbiguitiesReachableCli, AKnobWithoutARecordGivesTheBoundAndExitsOne) {
  const auto r = run_arbiter(kNoRecord);
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out, HasSubstr("  no record found: every record of up to 2 plies played "
                               "(proved: none of 2 plies parts the readings); then 0 steps of "
                               "guided walks\n"));
}

TEST(AmbiguitiesReachableCli, JsonHasKnobRecordPliesBoundAndProved) {
  const auto r = run_arbiter(kNoRecord + " --json");
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out, HasSubstr("[{\"knob\":\"converted-pawn-double-step\",\"record\":null,"
                               "\"plies\":0,\"bound\":2,\"proved\":true,"));
}

TEST(AmbiguitiesReachableCli, JsonNamesTheMethodThatFoundTheRecord) {
  const auto r =
      run_arbiter("ambiguities -v diplomacy --knob knight-timing --reachable --steps 0 -q --json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\"method\":\"walk\""));
}

TEST(AmbiguitiesReachableCli, MethodBmcSaysWhyItDoesNotCoverATable) {
  const auto r =
      run_arbiter("ambiguities -v conditional --knob illegal-c-move --reachable --method bmc -q");
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out, HasSubstr("\nknob illegal-c-move\n  no record found\n  bmc: not covered ("));
  EXPECT_THAT(r.out, HasSubstr("covers sequential tables only"));
}

TEST(AmbiguitiesReachableCli, AnUnknownMethodExitsTwo) {
  const auto r = run_arbiter("ambiguities -v conversion --reachable --method guess -q");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("--method"));
}

TEST(AmbiguitiesReachableCli, ProgressGoesToStandardError) {
  const auto r = run_arbiter("ambiguities -v diplomacy --knob knight-timing --reachable --steps 0");
  EXPECT_THAT(r.err, HasSubstr("ambiguities: exhaustive: 1 position(s) at turn 0, 1 knob(s) open"));
  EXPECT_THAT(r.err,
              HasSubstr("ambiguities: knob knight-timing: a record of 1 turns (exhaustive)"));
}

TEST(AmbiguitiesReachableCli, AnUnknownKnobIsAnInputError) {
  const auto r = run_arbiter("ambiguities -v conversion --knob nosuch --reachable -q");
  EXPECT_EQ(r.status, 2);
}

}  // namespace
}  // namespace arbiter
