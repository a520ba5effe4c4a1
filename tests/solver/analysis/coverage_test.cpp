// Clause coverage (solver/analysis/coverage.hpp) on the orthodox table with a small, deterministic
// budget, and the witness corpus: written, replayed unchanged, replayed against another table
// (a rule change shows as changed cases), and malformed files rejected with file and line.
#include <gtest/gtest.h>

#include <set>

#include "rules/core/load_variant.hpp"
#include "rules/core/rule_table.hpp"
#include "solver/analysis/corpus.hpp"
#include "solver/analysis/step_cases.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

CoverageOptions small_budget() {
  CoverageOptions o;
  o.positions = 40;
  o.max_pieces = 5;
  o.limits.rlimit = 200'000'000;
  return o;
}

using test::write_temp_file;

TEST(Coverage, OrthodoxHasAWitnessForEveryClauseAndScenario) {
  const CoverageReport r = coverage("orthodox", small_budget());
  EXPECT_EQ(r.table, "orthodox");
  EXPECT_EQ(r.unexplained(), 0);
  int clauses = 0, scenarios = 0;
  for (const CoverageItem& i : r.items) {
    EXPECT_EQ(i.status, CoverageStatus::kWitness) << i.name << ": " << i.detail;
    ASSERT_TRUE(i.witness) << i.name;
    if (i.kind == "clause") {
      ++clauses;
      // The recorded step shows the clause when played again.
      const StepCase c = replay_step(load_variant("orthodox"), i.witness->fen, i.witness->moves);
      EXPECT_NE(std::find(c.clauses.begin(), c.clauses.end(), i.name), c.clauses.end()) << i.name;
      EXPECT_EQ(c.outcome, i.witness->outcomes.front().second);
    }
    scenarios += i.kind == "scenario" ? 1 : 0;
  }
  EXPECT_EQ(clauses, static_cast<int>(clause_names(*load_variant("orthodox")).size()));
  EXPECT_EQ(scenarios, 5);
}

TEST(Coverage, AnExtendedTableSweepsItsParentsCatalogAsProposalFilters) {
  // A renamed copy of the orthodox table: the catalog's orthodox scenarios propose boards, this
  // table's engine judges them, and no exact claim (unsat) is made on the parent's behalf.
  const std::string path = write_temp_file(
      "arbiter-coverage-renamed.toml", "[table]\nname = \"my-chess\"\nextends = \"orthodox\"\n");
  const CoverageReport r = coverage(path, small_budget());
  EXPECT_EQ(r.table, "my-chess");
  int scenarios = 0, witnessed = 0;
  for (const CoverageItem& i : r.items) {
    if (i.kind != "scenario") continue;
    ++scenarios;
    EXPECT_EQ(i.name.rfind("orthodox/", 0), 0U) << i.name;
    EXPECT_NE(i.detail.find("[scenario of the table orthodox]"), std::string::npos) << i.detail;
    EXPECT_NE(i.status, CoverageStatus::kUnreachable) << i.name;
    witnessed += i.status == CoverageStatus::kWitness ? 1 : 0;
  }
  EXPECT_EQ(scenarios, 5);
  EXPECT_GE(witnessed, 4);
}

/// A sweep of the Conditional table without Z3: quick, and its knobs differ on plain steps.
CoverageOptions sweep_only() {
  CoverageOptions o;
  o.positions = 20;
  o.scenarios = false;
  o.probes = false;
  return o;
}

TEST(Coverage, SameOptionsSameReport) {
  const std::string a = corpus_toml(coverage("conditional", sweep_only()));
  EXPECT_EQ(a, corpus_toml(coverage("conditional", sweep_only())));
}

TEST(Coverage, KnobWitnessShowsEveryAlternative) {
  const CoverageReport r = coverage("conditional", sweep_only());
  int witnessed = 0;
  for (const CoverageItem& i : r.items) {
    if (i.kind != "knob" || !i.witness) continue;
    const std::string knob = i.name.substr(0, i.name.find('='));
    // One outcome per alternative, and not all the same.
    const KnobDef* def = test::bundled_variant("conditional")->table().knob(knob);
    ASSERT_NE(def, nullptr) << i.name;
    std::set<std::string> alternatives, settings;
    for (const std::string& alt : def->alternatives) alternatives.insert(knob + "=" + alt);
    std::set<std::string> outcomes;
    for (const auto& [setting, outcome] : i.witness->outcomes) {
      EXPECT_EQ(setting.rfind(knob + "=", 0), 0u);
      settings.insert(setting);
      outcomes.insert(outcome);
      // Each outcome is what the engine gives under that setting.
      const auto eq = setting.find('=');
      const VariantPtr v =
          load_variant("conditional", {{setting.substr(0, eq), setting.substr(eq + 1)}});
      EXPECT_EQ(replay_step(v, i.witness->fen, i.witness->moves).outcome, outcome) << setting;
    }
    EXPECT_EQ(settings, alternatives) << i.name;
    EXPECT_EQ(i.witness->outcomes.size(), alternatives.size()) << i.name;
    EXPECT_GT(outcomes.size(), 1u) << i.name;
    ++witnessed;
  }
  EXPECT_GE(witnessed, 6);
}

TEST(Coverage, CorpusReplaysAsRecordedAndCatchesARuleChange) {
  CoverageOptions o = small_budget();
  const CoverageReport r = coverage("orthodox", o);
  const std::string path = write_temp_file("arbiter-coverage-orthodox.toml", corpus_toml(r));
  const std::vector<CorpusResult> same = replay_corpus(path);
  ASSERT_FALSE(same.empty());
  for (const CorpusResult& c : same) EXPECT_EQ(c.problem, "") << c.item;
  // The same cases under Conversion Chess's rules: some outcomes change.
  int changed = 0;
  for (const CorpusResult& c : replay_corpus(path, "conversion"))
    changed += c.problem.empty() ? 0 : 1;
  EXPECT_GT(changed, 0);
}

TEST(Coverage, MalformedCorpusNamesFileAndLine) {
  const std::string bad =
      write_temp_file("arbiter-bad-corpus.toml",
                      "table = \"orthodox\"\n\n[[case]]\nitem = \"clause check\"\n"
                      "setting = \"default\"\nfen = \"8/8\"\n");
  try {
    replay_corpus(bad);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("arbiter-bad-corpus.toml:3"), std::string::npos)
        << e.what();
  }
  const std::string syntax = write_temp_file("arbiter-syntax-corpus.toml", "table = \n");
  EXPECT_THROW(replay_corpus(syntax), std::runtime_error);
}

}  // namespace
}  // namespace arbiter::solver
