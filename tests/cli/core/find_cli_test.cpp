// `arbiter find`: the catalog listing, witnesses printed with FEN and diagram, JSON output,
// determinism for a fixed seed, and honest reporting of an exhausted budget.
#include <gtest/gtest.h>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;

TEST(FindCli, ListsTheCatalog) {
  const test::CommandResult r = run_arbiter("find --list");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("orthodox/stalemate"), std::string::npos);
  EXPECT_NE(r.out.find("conversion/conversion-gives-check"), std::string::npos);
}

TEST(FindCli, ListsTheProtocolVariantScenarios) {
  const test::CommandResult r = run_arbiter("find --list");
  EXPECT_EQ(r.status, 0) << r.err;
  for (const char* name :
       {"conditional/c-move-illegal-after-b", "conditional/b-check-cancelled-by-c",
        "conditional/b-check-not-cancelled", "conditional/a-move-check-must-mate",
        "conditional/forced-non-mating-check", "diplomacy/equal-rank-bounce",
        "diplomacy/higher-rank-captures", "diplomacy/meet-in-transit",
        "diplomacy/obstacle-arrives-first", "diplomacy/king-square-becomes-attacked",
        "move-neutral/trade-places", "move-neutral/shared-square", "move-neutral/target-left",
        "move-neutral/both-kings-in-check", "move-neutral/both-mated"})
    EXPECT_NE(r.out.find(name), std::string::npos) << name;
}

TEST(FindCli, PrintsADiplomacyWitnessWithTheTrace) {
  const test::CommandResult r =
      run_arbiter("find -v diplomacy equal-rank-bounce --max-pieces 5 --rlimit 200000000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("moves white "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("trace same-destination"), std::string::npos) << r.out;
}

// issue 36: a user's table is served by the modules of its protocol and resolver, not by its
// name; the catalog's Diplomacy scenarios propose boards that this table's engine judges.
TEST(FindCli, AUserTableOfTheDiplomacyModuleRunsTheModulesScenarios) {
  const std::string table = test::data_path("tables/modules/diplomacy_fairy.toml");
  const test::CommandResult r =
      run_arbiter("find -v '" + table + "' equal-rank-bounce --max-pieces 5 --rlimit 200000000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("scenario diplomacy/equal-rank-bounce:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("note written for the table 'diplomacy'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("trace same-destination"), std::string::npos) << r.out;
  const test::CommandResult json =
      run_arbiter("find -v '" + table + "' equal-rank-bounce --max-pieces 5 --json");
  EXPECT_NE(json.out.find("\"served_as\":\"proposal filter\""), std::string::npos) << json.out;
}

TEST(FindCli, AUserTableIsServedByItsModuleForPerftAndResolve) {
  const std::string table = test::data_path("tables/modules/diplomacy_fairy.toml");
  const test::CommandResult perft = run_arbiter("perft -v '" + table + "' -d 1");
  EXPECT_EQ(perft.status, 0) << perft.err;
  const test::CommandResult resolve =
      run_arbiter("resolve -v '" + table + "' --white Cxh7 --black d5");  // not a submission
  EXPECT_EQ(resolve.status, 2) << resolve.out;
  const test::CommandResult played =
      run_arbiter("resolve -v '" + table + "' --white d4 --black d5");
  EXPECT_EQ(played.status, 0) << played.err;
  EXPECT_NE(played.out.find("after  rnbqkcnr/ppp1appp/8/3p4/3P4/8/PPP1APPP/RNBQKCNR"),
            std::string::npos)
      << played.out;
}

TEST(FindCli, PrintsAReplayedWitness) {
  const test::CommandResult r =
      run_arbiter("find --variant orthodox double-check --max-pieces 5 --rlimit 50000000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("fen "), std::string::npos);
  EXPECT_NE(r.out.find("a b c d e f g h"), std::string::npos);
  EXPECT_NE(r.out.find("status sat"), std::string::npos);
}

TEST(FindCli, SameSeedSameOutput) {
  const std::string args =
      "find -v conversion conversion-check --max-pieces 6 --seed 3 --count 2 --rlimit 50000000 "
      "--json";
  const test::CommandResult a = run_arbiter(args), b = run_arbiter(args);
  EXPECT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out.find("\"status\":\"sat\""), std::string::npos) << a.out;
}

TEST(FindCli, ExhaustedBudgetIsUnknownNotNoWitness) {
  const test::CommandResult r = run_arbiter("find double-check --rlimit 1");
  EXPECT_EQ(r.status, 4);
  EXPECT_NE(r.out.find("status unknown"), std::string::npos) << r.out;
}

TEST(FindCli, UnknownScenarioIsAnError) {
  const test::CommandResult r = run_arbiter("find --variant orthodox no-such-thing");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("no scenario"), std::string::npos);
}

}  // namespace
}  // namespace arbiter
