// Diplomacy Chess perft (docs/diplomacy-perft.md): depth-1 counts by hand, the table's
// [[perft]] counts against a brute-force count through the general resolver (the vector
// overload, which never takes the pair overload's fast path), divide, distinct positions, and
// the CLI (`perft`, `verify`) run as a user would.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "rules/core/rule_table.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_perft.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;
using ::testing::HasSubstr;
using ::testing::StartsWith;

using test::diplomacy;

const std::vector<PerftCheck>& positions() {
  return diplomacy()->table().perft_checks;
}

int perft_submission_count(const SimState& s, Color c) {
  MoveList moves;
  diplomacy_submissions(s, c, moves);
  return moves.size();
}

/// Counts pairs to `depth` resolving each one through the vector overload (trace off, the
/// table's knobs), with no bulk counting.
std::uint64_t brute_force(const SimState& s, int depth) {
  if (depth == 0) return 1;
  if (diplomacy_status(s).over) return 0;
  MoveList white, black;
  diplomacy_submissions(s, kWhite, white);
  diplomacy_submissions(s, kBlack, black);
  ResolveOptions o;
  o.trace = false;
  std::uint64_t nodes = 0;
  for (Move w : white)
    for (Move b : black)
      nodes += brute_force(
          resolve_diplomacy(s, std::vector<Submission>{{kWhite, w}, {kBlack, b}}, o).after,
          depth - 1);
  return nodes;
}

TEST(DiplomacyPerft, StartIsTwentyTimesTwenty) {
  const SimState s = sim_start(diplomacy());
  // Sixteen pawn steps and four knight moves a side, as in chess: no piece can cross another.
  EXPECT_EQ(perft_submission_count(s, kWhite), 20);
  EXPECT_EQ(perft_submission_count(s, kBlack), 20);
  EXPECT_EQ(diplomacy_perft(s, 1), 400U);
  EXPECT_EQ(diplomacy_perft(s, 0), 1U);
}

TEST(DiplomacyPerft, DepthOneIsTheProductOfTheSubmissionCounts) {
  for (const PerftCheck& c : positions()) {
    const SimState s = parse_sim_fen(diplomacy(), c.fen);
    const auto product = static_cast<unsigned long long>(perft_submission_count(s, kWhite)) *
                         static_cast<unsigned long long>(perft_submission_count(s, kBlack));
    EXPECT_EQ(c.nodes.at(0), product) << c.name;
    EXPECT_EQ(diplomacy_perft(s, 1), product) << c.name;
  }
}

TEST(DiplomacyPerft, TableCountsAgreeWithTheBruteForceAtDepthOne) {
  for (const PerftCheck& c : positions())
    EXPECT_EQ(brute_force(parse_sim_fen(diplomacy(), c.fen), 1), c.nodes.at(0)) << c.name;
}

TEST(DiplomacyPerft, TableCountsAgreeWithTheBruteForceAtDepthTwoFromTheStart) {
  // The other positions at depth 2:
  // tests/rules/simultaneous/diplomacy/diplomacy_perft_slow_test.cpp.
  const PerftCheck& start = positions().at(0);
  ASSERT_EQ(start.name, "start");
  EXPECT_EQ(brute_force(parse_sim_fen(diplomacy(), start.fen), 2), start.nodes.at(1));
}

TEST(DiplomacyPerft, FastPathAndGeneralResolverAgreeOnEveryRootPair) {
  ResolveOptions o;
  o.trace = false;
  std::size_t pairs = 0, expected = 0;
  for (const PerftCheck& c : positions()) {
    const SimState s = parse_sim_fen(diplomacy(), c.fen);
    MoveList white, black;
    diplomacy_submissions(s, kWhite, white);
    diplomacy_submissions(s, kBlack, black);
    expected += white.size() * black.size();
    for (Move w : white)
      for (Move b : black) {
        const DiplomacyResolution fast = resolve_diplomacy(s, w, b, o);
        const DiplomacyResolution general =
            resolve_diplomacy(s, std::vector<Submission>{{kWhite, w}, {kBlack, b}}, o);
        ASSERT_EQ(to_sim_fen(fast.after), to_sim_fen(general.after)) << c.name;
        ASSERT_EQ(fast.fates, general.fates) << c.name;
        ++pairs;
      }
  }
  // Every root pair of every [[perft]] position of the table was compared.
  std::printf("[ pairs    ] %zu root pairs of %zu positions\n", pairs, positions().size());
  EXPECT_EQ(pairs, expected);
  EXPECT_GE(positions().size(), 4u);
  EXPECT_GE(pairs, 6000u);
}

TEST(DiplomacyPerft, DivideSumsToThePerftAndFullEqualsBulk) {
  const SimState s = parse_sim_fen(diplomacy(), positions().at(2).fen);  // both-ep
  const DiplomacyKnobs knobs = diplomacy()->knobs().diplomacy;
  const auto divide = diplomacy_perft_divide(s, 2, knobs);
  std::uint64_t sum = 0;
  for (const auto& e : divide) sum += e.nodes;
  EXPECT_EQ(static_cast<int>(divide.size()), perft_submission_count(s, kWhite));
  EXPECT_EQ(sum, positions().at(2).nodes.at(1));
  EXPECT_EQ(diplomacy_perft(s, 2, knobs, /*bulk=*/false), sum);
}

TEST(DiplomacyPerft, LevelsCountTheSamePairsAndFewerPositions) {
  const SimState s = sim_start(diplomacy());
  const auto levels = diplomacy_perft_levels(s, 2, diplomacy()->knobs().diplomacy);
  ASSERT_EQ(levels.size(), 2U);
  EXPECT_EQ(levels[0].nodes, 400U);
  EXPECT_EQ(levels[0].distinct, 400U);  // no two first turns from the start transpose
  EXPECT_EQ(levels[1].nodes, 198331U);
  EXPECT_EQ(levels[1].distinct, 144080U);
}

TEST(DiplomacyPerft, KeySeesBothEnPassantSquaresButNotTheClocks) {
  const SimState a = parse_sim_fen(diplomacy(), positions().at(2).fen);
  SimState b = a;
  b.ep_target[kWhite] = kNoSquare;
  SimState c = a;
  c.ep_target[kBlack] = kNoSquare;
  SimState d = a;
  d.pos.set_clocks(7, 30);
  EXPECT_NE(sim_key(a), sim_key(b));
  EXPECT_NE(sim_key(a), sim_key(c));
  EXPECT_NE(sim_key(b), sim_key(c));
  EXPECT_EQ(sim_key(a), sim_key(d));
}

TEST(DiplomacyPerft, FinishedGameHasNoChildren) {
  // Fool's mate: White is checkmated.
  const SimState s =
      parse_sim_fen(diplomacy(), "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  ASSERT_TRUE(diplomacy_status(s).over);
  EXPECT_EQ(diplomacy_perft(s, 1), 0U);
  EXPECT_EQ(diplomacy_perft(s, 0), 1U);
}

// ---- CLI ----------------------------------------------------------------------------------

TEST(DiplomacyPerftCli, CountsFromTheSetup) {
  const auto r = run_arbiter("perft -v diplomacy -d 2");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "nodes 198331\n");
  EXPECT_THAT(r.err, StartsWith("perft 2 of diplomacy: "));
  EXPECT_THAT(r.err, HasSubstr("M pairs/s"));
}

TEST(DiplomacyPerftCli, DividePerWhiteSubmission) {
  const auto r = run_arbiter("perft -v diplomacy -d 1 --divide");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("b1a3 Na3: 20\nb1c3 Nc3: 20\n"));
  EXPECT_THAT(r.out, HasSubstr("g1f3 Nf3: 20\n"));
  EXPECT_THAT(r.out, HasSubstr("\nnodes 400\n"));
}

TEST(DiplomacyPerftCli, DistinctAndJson) {
  auto r = run_arbiter("perft -v diplomacy -d 1 --distinct");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "depth 1: 400 nodes, 400 distinct positions\nnodes 400\n");
  r = run_arbiter(
      "perft -v diplomacy --fen 'rnbqkbnr/pp2p1pp/8/3pPp2/2pP4/8/PPP2PPP/RNBQKBNR w KQkq d3d6 0 4'"
      " -d 1 --distinct --json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\"fen\":\"rnbqkbnr/pp2p1pp/8/3pPp2/2pP4/8/PPP2PPP/RNBQKBNR w KQkq "
                               "d3d6 0 4\",\"depth\":1,\"nodes\":962,"));
  EXPECT_THAT(r.out, HasSubstr("\"levels\":[{\"depth\":1,\"nodes\":962,\"distinct\":927}]"));
  r = run_arbiter("perft -v diplomacy -d 1 --divide --json");
  EXPECT_THAT(
      r.out, HasSubstr("{\"move\":\"e2e4\",\"san\":\"e4\",\"black_submissions\":20,\"nodes\":20}"));
}

TEST(DiplomacyPerftCli, RefusesWhatItCannotDo) {
  auto r = run_arbiter("perft -v orthodox -d 1 --distinct");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("only simultaneous tables count distinct positions"));
  r = run_arbiter("perft -v diplomacy -d 1 --distinct --divide");
  EXPECT_EQ(r.status, 2);
  r = run_arbiter("perft -v diplomacy -d 1 --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b'");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("bad FEN"));
  r = run_arbiter("perft -v diplomacy --bench --compare orthodox");
  EXPECT_EQ(r.status, 2);
}

TEST(DiplomacyPerftCli, BenchWithinASmallBudget) {
  const auto r = run_arbiter("perft -v diplomacy --bench --bench-nodes 1000000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("start                2      198331"));
  EXPECT_THAT(r.out, HasSubstr("kiwipete             1        2244"));
  EXPECT_THAT(r.out, HasSubstr("total: "));
}

TEST(DiplomacyVerifyCli, RunsTheDiplomacyChecks) {
  const auto r = run_arbiter("verify --no-solver --table diplomacy --json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\"diplomacy perft start: depths 1-2 (198731 pairs)\""));
  EXPECT_THAT(r.out, HasSubstr("\"simultaneous FEN: 5 positions round-trip\""));
  EXPECT_THAT(r.out, HasSubstr("\"diplomacy knobs: 39 alternatives compile and resolve"));
  EXPECT_THAT(r.out, HasSubstr("\"failures\":[]"));
}

TEST(DiplomacyVerifyCli, ReportsAWrongCount) {
  const std::string path = ::testing::TempDir() + "/diplomacy_bad_perft.toml";
  std::ofstream(path)
      << ("[table]\nname = \"dipl-bad\"\ndescription = \"x\"\nextends = \"diplomacy\"\n"
          "[[perft]]\nname = \"start\"\n"
          "fen = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\nnodes = [401]\n"
          "[[perft]]\nname = \"bad\"\nfen = \"8/8/8 w - - 0 1\"\nnodes = [1]\n");
  const auto r = run_arbiter("verify --no-solver --table " + path);
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.err,
              HasSubstr("diplomacy perft 'start' depth 1: 400 pairs, the table records 401"));
  EXPECT_THAT(r.err, HasSubstr("perft 'bad': bad simultaneous FEN"));
}

}  // namespace
}  // namespace arbiter
