// The perft front-end (cli/core/perft_front_end.hpp) on its own: what it prints for a count, and
// the --bench and --compare runs driven by counts that need no engine.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "cli/core/perft_front_end.hpp"
#include "tests/support/captured_output.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::cli {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

PerftOptions options(int depth) {
  PerftOptions o;
  o.depth = depth;
  return o;
}

PerftCount two_root_moves() {
  PerftCount c;
  c.fen = "some fen";
  c.nodes = 7;
  c.divide = {{"e2e4", "e4", std::nullopt, 3}, {"skip", "", std::nullopt, 4}};
  return c;
}

TEST(PerftFrontEnd, ATextCountListsTheRootMovesAndTheNodes) {
  PerftOptions o = options(2);
  o.divide = true;
  PerftCount c = two_root_moves();
  c.root = "A-move of White";
  test::CapturedOutput io;
  print_perft_count(o, *test::orthodox(), c);
  EXPECT_EQ(io.out.str(), "root A-move of White\ne2e4 e4: 3\nskip: 4\nnodes 7\n");
  EXPECT_THAT(io.err.str(), StartsWith("perft 2 of orthodox: "));
  EXPECT_THAT(io.err.str(), HasSubstr(" M nodes/s\n"));
}

TEST(PerftFrontEnd, AJsonCountWritesTheProtocolsFieldsInTheirPlace) {
  PerftOptions o = options(2);
  o.divide = true;
  o.json = true;
  PerftCount c = two_root_moves();
  c.position_fields = {{"phase", "A"}};
  c.bulk_field = false;
  c.divide[0].black_submissions = 20;
  test::CapturedOutput io;
  print_perft_count(o, *test::orthodox(), c);
  EXPECT_THAT(io.out.str(),
              StartsWith("{\"variant\":\"orthodox\",\"fen\":\"some fen\",\"phase\":\"A\","
                         "\"depth\":2,\"nodes\":7,\"seconds\":"));
  EXPECT_THAT(io.out.str(),
              HasSubstr(",\"divide\":[{\"move\":\"e2e4\",\"san\":\"e4\",\"black_submissions\":20,"
                        "\"nodes\":3},{\"move\":\"skip\",\"nodes\":4}]}"));
  EXPECT_THAT(io.out.str(), Not(HasSubstr("\"bulk\"")));
  EXPECT_EQ(io.err.str(), "");
}

TEST(PerftFrontEnd, DistinctLevelsArePrintedPerDepth) {
  PerftOptions o = options(2);
  o.distinct = true;
  PerftCount c;
  c.nodes = 400;
  c.levels = {{20, 20}, {400, 380}};
  c.rate_unit = "pairs";
  test::CapturedOutput io;
  print_perft_count(o, *test::orthodox(), c);
  EXPECT_EQ(io.out.str(),
            "depth 1: 20 nodes, 20 distinct positions\n"
            "depth 2: 400 nodes, 380 distinct positions\nnodes 400\n");
  EXPECT_THAT(io.err.str(), HasSubstr(" M pairs/s\n"));
}

TEST(PerftFrontEnd, TheBenchDepthIsTheDeepestWithinTheBudget) {
  PerftCheck c;
  c.nodes = {20, 400, 8902};
  EXPECT_EQ(bench_depth(c, 0), 1);
  EXPECT_EQ(bench_depth(c, 400), 2);
  EXPECT_EQ(bench_depth(c, 1'000'000), 3);
}

TEST(PerftFrontEnd, ARateWithoutMeasuredTimeIsZero) {
  EXPECT_EQ(node_rate(100, 0.0), 0.0);
  EXPECT_EQ(node_rate(100, 2.0), 50.0);
}

TEST(PerftFrontEnd, ABenchChecksEachCountAgainstTheTable) {
  const PerftOptions o = options(0);
  const auto& positions = bench_positions(*test::orthodox());
  const auto table_count = [&](const std::string& fen) -> PositionCount {
    for (const PerftCheck& c : positions)
      if (c.fen == fen) return [&c](int depth) { return std::uint64_t{c.nodes[depth - 1]}; };
    return nullptr;
  };
  test::CapturedOutput io;
  const BenchWords words{"pairs", "pairs_per_second", "pairs/s", 14, "resolved pairs", "pairs"};
  EXPECT_EQ(run_bench_positions(o, *test::orthodox(), positions, words, table_count), 0);
  EXPECT_THAT(io.out.str(), StartsWith("position         depth       pairs   seconds        "
                                       "pairs/s\n"));
  EXPECT_THAT(io.out.str(), HasSubstr("total: "));
  EXPECT_THAT(io.out.str(), HasSubstr(" resolved pairs in "));
  const auto one_too_many = [&](const std::string& fen) -> PositionCount {
    const PositionCount right = table_count(fen);
    return [right](int depth) { return right(depth) + 1; };
  };
  try {
    run_bench_positions(o, *test::orthodox(), positions, words, one_too_many);
    FAIL() << "a wrong count passed";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("the table expects"));
  }
}

TEST(PerftFrontEnd, ACompareRunsEveryPositionOfBothTablesUnderBoth) {
  PerftOptions o = options(0);
  o.json = true;
  int counted[2] = {0, 0};
  const VariantPtr a = test::orthodox(), b = test::bundled_variant("conversion");
  test::CapturedOutput io;
  run_compare_positions(o, a, b, CompareStyle{12, 1, "", 1000},
                        [&](const VariantPtr& table, const std::string&) -> PositionCount {
                          return [&counted, which = table == a ? 0 : 1](int) {
                            ++counted[which];
                            return std::uint64_t{10};
                          };
                        });
  const int positions =
      static_cast<int>(a->table().perft_checks.size() + b->table().perft_checks.size());
  EXPECT_EQ(counted[0], 3 * positions);  // best of three
  EXPECT_EQ(counted[1], 3 * positions);
  EXPECT_THAT(io.out.str(), StartsWith("{\"variant\":\"orthodox\",\"compare\":\"conversion\","
                                       "\"positions\":[{\"name\":"));
  EXPECT_THAT(io.out.str(), HasSubstr("\"nodes\":10,\"nps\":"));
  EXPECT_THAT(io.out.str(), HasSubstr("\"compare_nodes\":10,\"compare_nps\":"));
}

}  // namespace
}  // namespace arbiter::cli
