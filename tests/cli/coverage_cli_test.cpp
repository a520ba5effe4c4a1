// `arbiter coverage`, `arbiter corpus check` and the solver part of `arbiter verify`, run as a
// user would, with small budgets.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;

std::string temp_file(const std::string& name) {
  return (std::filesystem::temp_directory_path() / name).string();
}

TEST(CoverageCli, OrthodoxCoverageSavesACorpusThatReplays) {
  const std::string corpus = temp_file("arbiter-cli-corpus.toml");
  auto r = run_arbiter(
      "coverage -v orthodox --positions 30 --max-pieces 5 --rlimit 200000000 -q --save " + corpus);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("clause   castling"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("0 unexplained"), std::string::npos) << r.out;
  r = run_arbiter("corpus check " + corpus);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("0 changed"), std::string::npos) << r.out;
  // Replayed against Conversion Chess: a rule change, so some cases change and the exit is 1.
  r = run_arbiter("corpus check " + corpus + " --table conversion --json");
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"changed\":"), std::string::npos) << r.out;
}

TEST(CoverageCli, JsonListsEveryItem) {
  const auto r = run_arbiter("coverage -v conditional --positions 10 --no-scenarios -q --json");
  EXPECT_NE(r.out.find("\"kind\":\"knob\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"name\":\"b-move-check=replace-c-move\""), std::string::npos) << r.out;
}

TEST(CoverageCli, BadInputIsAnErrorNotACrash) {
  auto r = run_arbiter("coverage -v no-such-table");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("no-such-table"), std::string::npos) << r.err;
  r = run_arbiter("corpus check /nonexistent/corpus.toml");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("/nonexistent/corpus.toml"), std::string::npos) << r.err;
  const std::string bad = temp_file("arbiter-cli-bad-corpus.toml");
  std::ofstream(bad) << "table = \"orthodox\"\n[[case]]\nitem = 3\n";
  r = run_arbiter("corpus check " + bad);
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("arbiter-cli-bad-corpus.toml:2"), std::string::npos) << r.err;
}

TEST(CoverageCli, AmbiguitiesShowEachKnobsAlternativesSideBySide) {
  const auto r = run_arbiter("ambiguities -v conditional --positions 20 --no-scenarios -q");
  EXPECT_NE(r.out.find("knob b-move-check"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("b-move-check=restart-turn"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("b-move-check=replace-c-move"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("reads  conditional-chess.txt"), std::string::npos) << r.out;
  const auto j = run_arbiter("ambiguities -v conditional --positions 20 --no-scenarios -q --json");
  EXPECT_NE(j.out.find("\"knob\":\"illegal-c-move\""), std::string::npos) << j.out;
  EXPECT_NE(j.out.find("\"found\":true"), std::string::npos) << j.out;
}

TEST(CoverageCli, VerifyRunsTheCatalogAndCoverage) {
  const auto r = run_arbiter(
      "verify --table orthodox --max-nodes 1000 --coverage-positions 30 --max-pieces 5");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("PASS orthodox"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace arbiter
