// `arbiter puzzle solve --brute-force`: the helpmate search without its bounds prints the same
// solutions as the default search, on a Popeye file and on a FEN.
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

}  // namespace
}  // namespace arbiter
