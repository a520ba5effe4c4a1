// `arbiter puzzle solve --brute-force`: the helpmate search without its bounds prints the same
// solutions as the default search, on a Popeye file and on a FEN; --max-solutions caps the
// listing and the listing says so.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

/// Runs `puzzle solve --format tree ARGS` with and without --brute-force; both exit with
/// `status` (0: every problem sound, 1: one is cooked) and print the same text, which is
/// returned.
std::string helpmate_cli_same_both_ways(const std::string& args, int status) {
  const test::CommandResult bounded = test::run_arbiter("puzzle solve --format tree " + args);
  const test::CommandResult brute =
      test::run_arbiter("puzzle solve --format tree --brute-force " + args);
  EXPECT_EQ(bounded.status, status) << bounded.err;
  EXPECT_EQ(brute.status, status) << brute.err;
  EXPECT_EQ(bounded.out, brute.out) << args;
  return bounded.out;
}

TEST(HelpmateCli, BruteForceGivesTheSameSolutionsOnAPopeyeFile) {
  // tests/data/popeye/castling.inp: two #2/#3 and the h#2 whose mate follows White's O-O.
  const std::string out = helpmate_cli_same_both_ways(test::data_path("popeye/castling.inp"), 0);
  EXPECT_NE(out.find("h#2: sound\n1.Kb8 O-O 2.g2 Rf8#\n"), std::string::npos) << out;
}

TEST(HelpmateCli, BruteForceGivesTheSameSolutionsOnAFen) {
  const std::string out =
      helpmate_cli_same_both_ways("--fen '8/1P6/8/8/8/8/5K2/7k b - - 0 1' --stip h#3", 1);
  EXPECT_NE(out.find("h#3: cooked\n"), std::string::npos) << out;
  EXPECT_NE(out.find("1.Kh2 Kf3 2.Kg1 b8=Q 3.Kf1 Qb1#\n"), std::string::npos) << out;
}

TEST(HelpmateCli, AListingThatStopsAtMaxSolutionsSaysSo) {
  // 182 solution lines (Black castles in 11): 64 are listed by default and the listing says
  // where it stopped; --max-solutions 200 lists them all without the note. Cooked either way.
  const std::string fen = "--fen 'r3k3/8/8/8/8/5R2/8/Q3K3 b q - 0 1' --stip h#2";
  const auto count_lines = [](const std::string& out) {
    std::size_t n = 0;
    for (std::size_t at = out.find("\nsolution "); at != std::string::npos;
         at = out.find("\nsolution ", at + 1))
      ++n;
    return n;
  };
  const test::CommandResult capped = test::run_arbiter("puzzle solve " + fen);
  EXPECT_EQ(capped.status, 1) << capped.err;
  EXPECT_EQ(count_lines(capped.out), 64U) << capped.out;
  EXPECT_NE(capped.out.find("(the listing stopped at 64 lines: --max-solutions N lists more)"),
            std::string::npos)
      << capped.out;
  const test::CommandResult all = test::run_arbiter("puzzle solve --max-solutions 200 " + fen);
  EXPECT_EQ(all.status, 1) << all.err;
  EXPECT_EQ(count_lines(all.out), 182U) << all.out;
  EXPECT_EQ(all.out.find("listing stopped"), std::string::npos) << all.out;
  const test::CommandResult json =
      test::run_arbiter("puzzle solve --json --max-solutions 5 " + fen);
  EXPECT_NE(json.out.find("\"solutions_capped\":true"), std::string::npos) << json.out;
  EXPECT_EQ(test::run_arbiter("puzzle solve --max-solutions 1 " + fen).status, 2);
}

}  // namespace
}  // namespace arbiter
