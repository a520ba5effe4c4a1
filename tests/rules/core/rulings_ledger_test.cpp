// The rulings ledgers (docs/rulings/<table>.md) against what they name: every knob of a bundled
// table appears in its variant's ledger; every knob and alternative a ledger names is its
// table's, every trace clause its resolver's, every test one declared under tests/; each pair
// table has one row per pair of the mechanics the ledger lists. The reference syntax is
// described at the top of each ledger.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "rules/core/rule_table.hpp"
#include "rules/core/table_loader.hpp"
#include "rules/simultaneous/trace_clauses.hpp"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

fs::path source_dir() {
  return fs::path(ARBITER_SOURCE_DIR);
}

fs::path ledger_path(const std::string& table) {
  return source_dir() / "docs" / "rulings" / (table + ".md");
}

/// The bundled tables that have knobs: each needs a ledger (orthodox has none and needs none).
std::vector<std::string> tables_with_ledgers() {
  std::vector<std::string> out;
  for (const std::string& name : bundled_table_names())
    if (!load_bundled_table(name).knobs.empty()) out.push_back(name);
  return out;
}

/// Every text in backticks, in order, but the placeholders with which a ledger describes its
/// reference syntax.
std::vector<std::string> backticked(const std::string& text) {
  const std::set<std::string> placeholders = {"knob:NAME", "knob:NAME=ALT", "clause:NAME",
                                              "Suite.Name"};
  std::vector<std::string> out;
  const std::regex quoted("`([^`\n]+)`");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), quoted);
       it != std::sregex_iterator(); ++it)
    if (!placeholders.count((*it)[1])) out.push_back((*it)[1]);
  return out;
}

/// "Suite.Name" of every test and property declared in the sources under tests/.
std::set<std::string> declared_tests() {
  std::set<std::string> out;
  const std::regex decl(
      R"(\b(?:TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P|RC_GTEST_PROP|RC_GTEST_FIXTURE_PROP)\s*\(\s*(\w+)\s*,\s*(\w+))");
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(source_dir() / "tests")) {
    if (!e.is_regular_file() || e.path().extension() != ".cpp") continue;
    const std::string text = read_file(e.path());
    for (auto it = std::sregex_iterator(text.begin(), text.end(), decl);
         it != std::sregex_iterator(); ++it)
      out.insert((*it)[1].str() + "." + (*it)[2].str());
  }
  return out;
}

const std::regex& test_reference() {
  static const std::regex r(R"(^[A-Z][A-Za-z0-9]*\.[A-Z][A-Za-z0-9_]*$)");
  return r;
}

/// knob name -> its alternatives, as the table declares them.
std::map<std::string, std::set<std::string>> declared_knobs(const RuleTable& t) {
  std::map<std::string, std::set<std::string>> out;
  for (const KnobDef& k : t.knobs) out[k.name].insert(k.alternatives.begin(), k.alternatives.end());
  return out;
}

/// The trace clause names of the table's resolver (none for a table without one).
std::set<std::string> clause_names(const RuleTable& t) {
  std::set<std::string> out;
  if (t.resolver == Resolver::kDiplomacy)
    for (int c = 0; c < kDiplomacyClauseCount; ++c)
      out.insert(std::string(clause_name(static_cast<DiplomacyClause>(c))));
  if (t.resolver == Resolver::kMoveNeutral)
    for (int c = 0; c < kMoveNeutralClauseCount; ++c)
      out.insert(std::string(clause_name(static_cast<MoveNeutralClause>(c))));
  return out;
}

TEST(RulingsLedger, EveryTableWithKnobsHasALedgerAndOrthodoxNeedsNone) {
  const std::vector<std::string> tables = tables_with_ledgers();
  EXPECT_EQ(tables,
            (std::vector<std::string>{"conditional", "conversion", "diplomacy", "move-neutral"}));
  for (const std::string& t : tables) EXPECT_TRUE(fs::is_regular_file(ledger_path(t))) << t;
}

TEST(RulingsLedger, EveryKnobOfATableIsInItsLedger) {
  for (const std::string& name : tables_with_ledgers()) {
    SCOPED_TRACE(name);
    std::set<std::string> named;
    const std::regex knob("^knob:([a-z0-9-]+)(=[a-z0-9-]+)?$");
    for (const std::string& b : backticked(read_file(ledger_path(name)))) {
      std::smatch m;
      if (std::regex_match(b, m, knob)) named.insert(m[1]);
    }
    for (const KnobDef& k : load_bundled_table(name).knobs)
      EXPECT_TRUE(named.count(k.name)) << "`knob:" << k.name << "` is missing from the ledger";
  }
}

TEST(RulingsLedger, EveryKnobAndAlternativeALedgerNamesIsDeclaredByItsTable) {
  const std::regex knob("^knob:([a-z0-9-]+)(?:=([a-z0-9-]+))?$");
  for (const std::string& name : tables_with_ledgers()) {
    SCOPED_TRACE(name);
    const std::map<std::string, std::set<std::string>> knobs =
        declared_knobs(load_bundled_table(name));
    int references = 0;
    for (const std::string& b : backticked(read_file(ledger_path(name)))) {
      if (b.rfind("knob:", 0) != 0) continue;
      std::smatch m;
      if (!std::regex_match(b, m, knob)) {
        ADD_FAILURE() << "`" << b << "`: expected `knob:NAME` or `knob:NAME=ALT`";
        continue;
      }
      ++references;
      const auto it = knobs.find(m[1]);
      if (it == knobs.end()) {
        ADD_FAILURE() << "`" << b << "`: the table declares no knob " << m[1];
        continue;
      }
      if (m[2].matched) {
        EXPECT_TRUE(it->second.count(m[2]))
            << "`" << b << "`: " << m[1] << " has no alternative " << m[2];
      }
    }
    EXPECT_GT(references, 0);
  }
}

TEST(RulingsLedger, EveryTestALedgerNamesIsDeclaredUnderTests) {
  const std::set<std::string> tests = declared_tests();
  // The scan itself works: it finds this test and a property.
  ASSERT_TRUE(tests.count("RulingsLedger.EveryTestALedgerNamesIsDeclaredUnderTests"));
  ASSERT_TRUE(tests.count("MoveNeutralProperties.ResultDoesNotDependOnWhichMoveIsAppliedFirst"));
  for (const std::string& name : tables_with_ledgers()) {
    SCOPED_TRACE(name);
    int references = 0;
    for (const std::string& b : backticked(read_file(ledger_path(name)))) {
      // A suite with a wildcard would hide a renamed test: name each test.
      EXPECT_FALSE(std::regex_match(b, std::regex(R"(^[A-Z][A-Za-z0-9]*\.\*$)")))
          << "`" << b << "`: name the tests one by one";
      if (!std::regex_match(b, test_reference())) continue;
      ++references;
      EXPECT_TRUE(tests.count(b)) << "`" << b << "` is not a test declared under tests/";
    }
    EXPECT_GT(references, 20);
  }
}

TEST(RulingsLedger, EveryTraceClauseALedgerNamesIsItsResolvers) {
  for (const std::string& name : tables_with_ledgers()) {
    SCOPED_TRACE(name);
    const std::set<std::string> clauses = clause_names(load_bundled_table(name));
    const std::regex clause("^clause:([a-z0-9-]+)$");
    for (const std::string& b : backticked(read_file(ledger_path(name)))) {
      if (b.rfind("clause:", 0) != 0) continue;
      std::smatch m;
      if (!std::regex_match(b, m, clause)) {
        ADD_FAILURE() << "`" << b << "`: expected `clause:NAME`";
        continue;
      }
      EXPECT_TRUE(clauses.count(m[1])) << "`" << b << "` is not a trace clause of this table";
    }
  }
}

/// The mechanics a ledger lists ("The mechanics of this variant: a, b, c.") and the first cells
/// of its pair rows ("| a × b | ...").
TEST(RulingsLedger, ThePairTableHasOneRowPerPairOfTheListedMechanics) {
  const std::set<std::string> known = {"castling",
                                       "en passant",
                                       "promotion",
                                       "check and king safety",
                                       "capture of a moving piece",
                                       "conversion",
                                       "shared squares",
                                       "simultaneous arrival",
                                       "progressive sets",
                                       "conditional statements"};
  for (const std::string& name : tables_with_ledgers()) {
    SCOPED_TRACE(name);
    const std::string text = read_file(ledger_path(name));
    std::smatch m;
    ASSERT_TRUE(std::regex_search(text, m, std::regex("The mechanics of this variant: ([^.]+)\\.")))
        << "no line listing the mechanics";
    std::vector<std::string> mechanics;
    const std::string list = m[1];
    const std::regex item("[a-z][a-z ]*[a-z]");
    for (auto it = std::sregex_iterator(list.begin(), list.end(), item);
         it != std::sregex_iterator(); ++it) {
      EXPECT_TRUE(known.count(it->str())) << it->str();
      mechanics.push_back(it->str());
    }
    std::multiset<std::pair<std::string, std::string>> rows;
    const std::regex row("\\n\\| ([a-z ]+) × ([a-z ]+) \\|");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), row);
         it != std::sregex_iterator(); ++it)
      rows.insert({(*it)[1], (*it)[2]});
    std::size_t expected = 0;
    for (std::size_t i = 0; i < mechanics.size(); ++i)
      for (std::size_t j = i + 1; j < mechanics.size(); ++j) {
        ++expected;
        EXPECT_EQ(rows.count({mechanics[i], mechanics[j]}), 1U)
            << "row '" << mechanics[i] << " × " << mechanics[j] << "'";
      }
    EXPECT_EQ(rows.size(), expected);
  }
}

TEST(RulingsLedger, TheReadmeTheArchitectureAndEachVariantPageLinkTheLedgers) {
  EXPECT_NE(read_file(source_dir() / "README.md").find("docs/rulings/"), std::string::npos);
  EXPECT_NE(read_file(source_dir() / "docs" / "architecture.md").find("rulings/"),
            std::string::npos);
  for (const std::string& name : tables_with_ledgers())
    EXPECT_NE(read_file(source_dir() / "docs" / (name + ".md")).find("rulings/" + name + ".md"),
              std::string::npos)
        << name;
}

}  // namespace
}  // namespace arbiter
