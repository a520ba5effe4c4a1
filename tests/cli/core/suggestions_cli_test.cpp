// A mistyped subcommand, option, table, knob or scenario is answered with the nearest known
// name (rules/core/closest_name.hpp), not only "not expected".
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(Suggestions, AMistypedOptionNamesTheNearestOptionOfItsSubcommand) {
  const auto r = run_arbiter("perft --dept 3");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("unknown option '--dept' of arbiter perft: did you mean --depth?"));
  const auto nested = run_arbiter("puzzle solve --stip '#2' --fne x");
  EXPECT_EQ(nested.status, 2);
  EXPECT_THAT(nested.err, HasSubstr("of arbiter puzzle solve: did you mean --fen?"));
}

TEST(Suggestions, AMistypedSubcommandNamesTheNearestSubcommand) {
  const auto top = run_arbiter("perfy");
  EXPECT_EQ(top.status, 2);
  EXPECT_THAT(top.err, HasSubstr("unknown subcommand 'perfy': did you mean perft?"));
  const auto nested = run_arbiter("puzzle slove");
  EXPECT_EQ(nested.status, 2);
  EXPECT_THAT(nested.err,
              HasSubstr("unknown subcommand 'slove' of arbiter puzzle: did you mean solve?"));
}

TEST(Suggestions, AMistypedTableKnobAlternativeOrScenarioNamesTheNearestName) {
  const auto table = run_arbiter("perft -d 1 -v conversoin");
  EXPECT_EQ(table.status, 2);
  EXPECT_THAT(table.err, HasSubstr("unknown bundled table 'conversoin': did you mean conversion?"));
  const auto knob = run_arbiter("perft -d 1 -v conversion --knob castling-threaten=ignored");
  EXPECT_EQ(knob.status, 2);
  EXPECT_THAT(knob.err, HasSubstr("did you mean castling-threatens?"));
  const auto alternative = run_arbiter("perft -d 1 -v conversion --knob castling-threatens=ignord");
  EXPECT_EQ(alternative.status, 2);
  EXPECT_THAT(alternative.err, HasSubstr("has no alternative 'ignord': did you mean ignored?"));
  const auto scenario = run_arbiter("find dubble-check");
  EXPECT_EQ(scenario.status, 2);
  EXPECT_THAT(scenario.err, HasSubstr("did you mean double-check?"));
  const auto ambiguity = run_arbiter("ambiguities -v conversion --knob castling-threaten");
  EXPECT_EQ(ambiguity.status, 2);
  EXPECT_THAT(ambiguity.err, HasSubstr("did you mean castling-threatens?"));
}

TEST(Suggestions, NothingNearGivesTheListOrTheHelpInstead) {
  const auto top = run_arbiter("frobnicate");
  EXPECT_EQ(top.status, 2);
  EXPECT_THAT(top.err, Not(HasSubstr("did you mean")));
  EXPECT_THAT(top.err, HasSubstr("expected one of variants, check-table, perft"));
  const auto option = run_arbiter("perft -q");  // "-q" is one edit from every short option
  EXPECT_EQ(option.status, 2);
  EXPECT_THAT(option.err,
              HasSubstr("unknown option '-q' of arbiter perft: no option of that name"));
  const auto table = run_arbiter("perft -d 1 -v xyzzy");
  EXPECT_THAT(table.err, HasSubstr("expected one of conditional, conversion"));
}

}  // namespace
}  // namespace arbiter
