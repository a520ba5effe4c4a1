// `arbiter coverage`, `arbiter corpus check` and the solver part of `arbiter verify`, run as a
// user would, with small budgets.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "rules/core/rule_table.hpp"
#include "rules/core/variant.hpp"
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
  // With 10 positions some items stay unexplained: exit status 1 (docs/coverage.md), the
  // report still lists them all.
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out.find("\"unexplained\":0,"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");
  // Every clause of the table (solver::clause_names) and every alternative of every knob,
  // once each; no scenario (--no-scenarios).
  const std::vector<std::string> clauses = {"a-move",
                                            "a-move-refused",
                                            "a-move-mate",
                                            "b-move",
                                            "b-move-check",
                                            "c-move-executes",
                                            "c-move-skipped",
                                            "c-move-skipped-in-check",
                                            "checkmate",
                                            "stalemate",
                                            "a-move-check",
                                            "c-move-replaced-by-opponent",
                                            "c-move-replaced-by-stater"};
  EXPECT_EQ(test::occurrences(r.out, "\"kind\":\"clause\""), static_cast<int>(clauses.size()));
  for (const std::string& c : clauses)
    EXPECT_EQ(test::occurrences(r.out, "{\"kind\":\"clause\",\"name\":\"" + c + "\""), 1) << c;
  int alternatives = 0;
  for (const KnobDef& k : test::bundled_variant("conditional")->table().knobs)
    for (const std::string& alt : k.alternatives) {
      ++alternatives;
      EXPECT_EQ(
          test::occurrences(r.out, "{\"kind\":\"knob\",\"name\":\"" + k.name + "=" + alt + "\""), 1)
          << k.name << "=" << alt;
    }
  EXPECT_GE(alternatives, 12);
  EXPECT_EQ(test::occurrences(r.out, "\"kind\":\"knob\""), alternatives);
  EXPECT_EQ(test::occurrences(r.out, "\"kind\":\"scenario\""), 0);
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
  // The catalog: each of the orthodox scenarios is searched; the coverage: the sweep runs
  // over the positions asked for. Progress (on stderr) counts the scenarios.
  EXPECT_EQ(test::occurrences(r.err, "] scenario orthodox/"), 5) << r.err;
  int index = 0;
  for (const char* s :
       {"check", "double-check", "checkmate", "stalemate", "castling-through-attack"})
    EXPECT_NE(
        r.err.find(fmt::format("verify: orthodox: [{}/5] scenario orthodox/{}\n", ++index, s)),
        std::string::npos)
        << s << '\n'
        << r.err;
  EXPECT_NE(r.err.find("verify: orthodox: sweep: 30 positions"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace arbiter
