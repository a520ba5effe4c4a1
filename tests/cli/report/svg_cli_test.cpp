// `--svg FILE` on find, resolve, replay and ambiguities, run as a user would: the file is a
// standalone SVG with the expected boards, pieces, arrows and marks, and the text output is
// unchanged by the option.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::occurrences;
using test::slurp;

using test::run_arbiter;

std::string temp_svg(const std::string& name) {
  return ::testing::TempDir() + "/" + name + "_" + std::to_string(getpid()) + ".svg";
}

TEST(SvgCli, ResolveDrawsTheTurnAndThePositionAfter) {
  const std::string path = temp_svg("resolve");
  const std::string args =
      "resolve -v diplomacy --fen '4k3/8/8/3n4/8/8/8/1N2K3 w - - 0 1' --white Nc3 --black Nc3";
  const test::CommandResult plain = run_arbiter(args), r = run_arbiter(args + " --svg " + path);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, plain.out);
  const std::string svg = slurp(path);
  EXPECT_TRUE(svg.starts_with("<?xml"));
  EXPECT_EQ(occurrences(svg, "class=\"board\""), 2);
  EXPECT_EQ(occurrences(svg, "class=\"arrow failed\""), 2);
  EXPECT_EQ(occurrences(svg, "class=\"conflict\""), 1);
  EXPECT_EQ(occurrences(svg, "class=\"piece "), 8);  // four pieces, before and after
  EXPECT_NE(svg.find("not executed"), std::string::npos);
  std::remove(path.c_str());
}

TEST(SvgCli, ReplayDrawsTheFinalPositionWithItsPhase) {
  const std::string path = temp_svg("replay");
  const test::CommandResult r =
      run_arbiter("replay -v conditional '" + test::data_path("conditional/five_turns.pgn") +
                  "' --svg " + path);
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string svg = slurp(path);
  EXPECT_EQ(occurrences(svg, "class=\"board\""), 1);
  EXPECT_NE(svg.find(">Phase B</text>"), std::string::npos);
  // final r1bq1rk1/1pp2pp1/p1np1n1p/2b1p3/4P3/1BPP1N1P/PP3PP1/RNBQ1RK1: no capture, 32 pieces
  EXPECT_NE(r.out.find("final r1bq1rk1/1pp2pp1/p1np1n1p/2b1p3/4P3/1BPP1N1P/PP3PP1/RNBQ1RK1"),
            std::string::npos);
  EXPECT_EQ(occurrences(svg, "class=\"piece "), 32);
  std::remove(path.c_str());
}

TEST(SvgCli, FindDrawsOneBoardPerWitness) {
  const std::string path = temp_svg("find");
  const test::CommandResult r = run_arbiter(
      "find -v orthodox double-check --max-pieces 5 --count 2 --rlimit 50000000 --svg " + path);
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string svg = slurp(path);
  EXPECT_EQ(occurrences(svg, "class=\"board\""), 2);
  EXPECT_NE(svg.find("witness 2"), std::string::npos);
  std::remove(path.c_str());
}

TEST(SvgCli, AmbiguitiesDrawsOneBoardPerKnobWithAWitness) {
  const std::string path = temp_svg("ambiguities");
  const test::CommandResult r =
      run_arbiter("ambiguities -v conversion --positions 20 --no-scenarios -q --svg " + path);
  const int with_witness = occurrences(r.out, "\n  fen    ");
  ASSERT_GT(with_witness, 0) << r.out;
  const std::string svg = slurp(path);
  EXPECT_EQ(occurrences(svg, "class=\"board\""), with_witness);
  EXPECT_EQ(occurrences(svg, ">knob "), with_witness);
  EXPECT_GE(occurrences(svg, "class=\"co-square\""), 1);  // converted pieces are marked
  std::remove(path.c_str());
}

TEST(SvgCli, UnwritableFileIsAnError) {
  const test::CommandResult r =
      run_arbiter("resolve -v diplomacy --white e4 --black e5 --svg /nonexistent-dir/x.svg");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("cannot write the SVG file"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace arbiter
