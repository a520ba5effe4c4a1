// Move-Neutral Chess perft (docs/move-neutral.md): the table's [[perft]] counts against the
// product of the submission counts at depth 1 and a brute-force count through the traced,
// validated resolver at depth 2; divide; the CLI (`perft`, `verify`) run as a user would.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/core/rule_table.hpp"
#include "rules/simultaneous/move_neutral/move_neutral.hpp"
#include "rules/simultaneous/move_neutral/move_neutral_perft.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;
using ::testing::HasSubstr;
using ::testing::StartsWith;

using test::neutral;

const std::vector<PerftCheck>& positions() {
  return neutral()->table().perft_checks;
}

std::uint64_t mn_perft_submission_count(const SimState& s, Color c) {
  MoveList moves;
  move_neutral_submissions(s, c, moves);
  return static_cast<std::uint64_t>(moves.size());
}

TEST(MoveNeutralPerft, TableHasTheFivePositions) {
  std::vector<std::string> names;
  for (const PerftCheck& c : positions()) names.push_back(c.name);
  EXPECT_EQ(names, (std::vector<std::string>{"start", "kiwipete", "shared", "slide", "both-ep"}));
}

TEST(MoveNeutralPerft, DepthOneIsTheProductOfTheSubmissionCounts) {
  for (const PerftCheck& c : positions()) {
    const SimState s = parse_sim_fen(neutral(), c.fen);
    const std::uint64_t product =
        mn_perft_submission_count(s, kWhite) * mn_perft_submission_count(s, kBlack);
    EXPECT_EQ(c.nodes.at(0), product) << c.name;
    EXPECT_EQ(move_neutral_perft(s, 1), product) << c.name;
  }
}

TEST(MoveNeutralPerft, DivideSumsToThePerftAndFullEqualsBulk) {
  const SimState s = parse_sim_fen(neutral(), positions().at(3).fen);  // both-ep
  const auto rules = move_neutral_rules();
  const auto divide = sim_perft_divide(*rules, s, 2);
  std::uint64_t sum = 0;
  for (const auto& e : divide) sum += e.nodes;
  EXPECT_EQ(divide.size(), mn_perft_submission_count(s, kWhite));
  EXPECT_EQ(sum, positions().at(3).nodes.at(1));
  EXPECT_EQ(move_neutral_perft(s, 2, /*bulk=*/false), sum);
}

TEST(MoveNeutralPerft, AFinishedGameHasNoChildren) {
  // Black is mated on the present board (back rank), White is not.
  const SimState s = parse_sim_fen(neutral(), "R5k1/5ppp/8/8/8/8/8/6K1 w - - 0 1");
  ASSERT_TRUE(move_neutral_status(s).over);
  EXPECT_EQ(move_neutral_perft(s, 1), 0U);
  EXPECT_EQ(move_neutral_perft(s, 0), 1U);
}

// ---- CLI ----------------------------------------------------------------------------------

TEST(MoveNeutralPerftCli, CountsDivideDistinctAndJson) {
  auto r = run_arbiter("perft -v move-neutral -d 2");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "nodes 198163\n");
  EXPECT_THAT(r.err, StartsWith("perft 2 of move-neutral: "));
  r = run_arbiter("perft -v move-neutral -d 1 --divide");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("b1a3 Na3: 20\nb1c3 Nc3: 20\n"));
  EXPECT_THAT(r.out, HasSubstr("\nnodes 400\n"));
  r = run_arbiter("perft -v move-neutral -d 1 --distinct");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "depth 1: 400 nodes, 400 distinct positions\nnodes 400\n");
  r = run_arbiter(
      "perft -v move-neutral --fen 'r1bqk2r/ppppbppp/2n2n2/4(Qp)3/4P3/8/PPPP1PPP/RNB1KBNR w KQkq "
      "- 4 5' -d 1 --json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\"fen\":\"r1bqk2r/ppppbppp/2n2n2/4(Qp)3/4P3/8/PPPP1PPP/RNB1KBNR w "
                               "KQkq - 4 5\",\"depth\":1,\"nodes\":1008,"));
}

TEST(MoveNeutralPerftCli, BenchWithinASmallBudget) {
  const auto r = run_arbiter("perft -v move-neutral --bench --bench-nodes 300000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("start                2      198163"));
  EXPECT_THAT(r.out, HasSubstr("kiwipete             1        2064"));
  EXPECT_THAT(r.out, HasSubstr("total: "));
}

TEST(MoveNeutralVerifyCli, RunsTheSimultaneousChecks) {
  const auto r = run_arbiter("verify --no-solver --table move-neutral --json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\"move-neutral perft start: depths 1-2 (198563 pairs)\""));
  EXPECT_THAT(r.out, HasSubstr("\"move-neutral perft shared: depths 1-2 (1071814 pairs)\""));
  EXPECT_THAT(r.out, HasSubstr("\"simultaneous FEN: 6 positions round-trip\""));
  EXPECT_THAT(r.out, HasSubstr("\"move-neutral knobs: 12 alternatives compile and resolve"));
  EXPECT_THAT(r.out, HasSubstr("\"failures\":[]"));
}

}  // namespace
}  // namespace arbiter
