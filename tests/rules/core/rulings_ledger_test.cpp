// The rulings ledgers (docs/rulings/<table>.md) against what they name: every knob of a bundled
// table appears in its variant's ledger; every knob and alternative a ledger names is its
// table's, every trace clause its resolver's, every test one declared under tests/; each pair
// table has one row per pair of the mechanics the ledger lists; every row names the engine and
// Z3 functions that implement it (or says why it has none), and each is defined under rules/ or
// solver/; every command option a ledger names is one the binary's help lists. The reference
// syntax is described in docs/rulings/README.md and at the top of each ledger.
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
#include "tests/support/test_support.hpp"

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
  const std::set<std::string> placeholders = {"knob:NAME",  "knob:NAME=ALT", "clause:NAME",
                                              "Suite.Name", "engine:NAME",   "z3:NAME"};
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
    for (int c = 0; c < kClauseCount<DiplomacyClause>; ++c)
      out.insert(std::string(clause_name(static_cast<DiplomacyClause>(c))));
  if (t.resolver == Resolver::kMoveNeutral)
    for (int c = 0; c < kClauseCount<MoveNeutralClause>; ++c)
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

/// The cells of a table row "| a | b | c |": {"a", "b", "c"}.
std::vector<std::string> cells(const std::string& row) {
  std::vector<std::string> out;
  std::size_t start = 2;  // after "| "
  for (std::size_t bar = row.find(" | ", start); bar != std::string::npos;
       bar = row.find(" | ", start)) {
    out.push_back(row.substr(start, bar - start));
    start = bar + 3;
  }
  if (row.size() >= start + 2) out.push_back(row.substr(start, row.size() - start - 2));
  return out;
}

/// The names of the functions defined (or declared) in the C++ sources under `dir`: "f" for a
/// function f, and "C::f" too for a member of a class C (defined out of its class, or inside a
/// file that declares C; "C::C" for its constructors). Read line by line, by the shape of a
/// definition: type words, the name, '(' (a call has no type words before it).
std::set<std::string> defined_functions(const fs::path& dir) {
  static const std::regex typed(
      R"(^\s*(?:template\s*<.*>\s*)?(?:[\w:<>,*&]+\s+)+[*&]?((?:\w+::)*~?\w+)\s*\()");
  static const std::regex qualified(R"(^\s*((?:\w+::)+~?\w+)\s*\()");
  static const std::regex untyped(R"(^\s*(?:explicit\s+)?(\w+)\s*\()");
  static const std::regex class_decl(R"(\b(?:class|struct)\s+(\w+))");
  static const std::regex statement(R"(^\s*(?:return|else|throw|co_return|case|delete|new)\b)");
  std::set<std::string> out;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir)) {
    const std::string ext = e.path().extension().string();
    if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
    std::ifstream in(e.path());
    std::set<std::string> classes, names;
    for (std::string line; std::getline(in, line);) {
      std::smatch m;
      if (std::regex_search(line, m, class_decl)) classes.insert(m[1]);
      if (std::regex_search(line, statement)) continue;
      if (std::regex_search(line, m, typed) || std::regex_search(line, m, qualified)) {
        const std::string name = m[1];
        out.insert(name);
        const std::size_t colons = name.rfind("::");
        if (colons != std::string::npos) out.insert(name.substr(colons + 2));
        names.insert(name);
      } else if (std::regex_search(line, m, untyped) && classes.count(m[1])) {
        out.insert(m[1].str() + "::" + m[1].str());  // a constructor inside its class
      }
    }
    for (const std::string& c : classes)
      for (const std::string& n : names)
        if (n.find("::") == std::string::npos) out.insert(c + "::" + n);
  }
  return out;
}

/// Every `engine:NAME` a ledger names is a function defined under rules/, every `z3:NAME` one
/// defined under solver/: by name (qualified by its class for a member), wherever it lives
/// there, so that moving a function between folders keeps the ledger right.
TEST(RulingsLedger, EveryEngineAndZ3FunctionALedgerNamesIsDefined) {
  const std::set<std::string> engine = defined_functions(source_dir() / "rules");
  const std::set<std::string> z3 = defined_functions(source_dir() / "solver");
  // The scan itself works: it finds a free function, a member defined out of its class, one
  // defined inside it, and a constructor; and it does not take a call for a definition.
  ASSERT_TRUE(engine.count("resolve_diplomacy"));
  ASSERT_TRUE(engine.count("Position::make"));
  ASSERT_TRUE(engine.count("DiplomacySimulation::enter"));
  ASSERT_TRUE(z3.count("MoveNeutralStep::MoveNeutralStep"));
  ASSERT_FALSE(z3.count("resolve_diplomacy"));
  ASSERT_FALSE(engine.count("diplomacy_step"));
  const std::regex reference("^(engine|z3):((?:[A-Za-z_]\\w*::)*~?[A-Za-z_]\\w*)$");
  for (const std::string& name : tables_with_ledgers()) {
    SCOPED_TRACE(name);
    int references = 0;
    for (const std::string& b : backticked(read_file(ledger_path(name)))) {
      if (b.rfind("engine:", 0) != 0 && b.rfind("z3:", 0) != 0) continue;
      std::smatch m;
      if (!std::regex_match(b, m, reference)) {
        ADD_FAILURE() << "`" << b << "`: expected `engine:NAME` or `z3:NAME`, NAME a function "
                      << "or Class::member";
        continue;
      }
      ++references;
      if (m[1] == "engine")
        EXPECT_TRUE(engine.count(m[2])) << "`" << b << "`: no such function under rules/";
      else
        EXPECT_TRUE(z3.count(m[2])) << "`" << b << "`: no such function under solver/";
    }
    EXPECT_GT(references, 20);
  }
}

/// Every row of a ledger's two tables (the text, the pairs) ends with an engine cell and a Z3
/// cell: the engine cell names engine functions or says "none: why"; the Z3 cell names Z3
/// functions or says "no Z3 encoding: why".
TEST(RulingsLedger, EveryRowNamesItsEngineAndZ3FunctionsOrSaysWhyNot) {
  for (const std::string& name : tables_with_ledgers()) {
    SCOPED_TRACE(name);
    std::istringstream text(read_file(ledger_path(name)));
    int tables = 0, rows = 0;
    bool in_table = false;
    for (std::string line; std::getline(text, line);) {
      if (line.rfind("| place |", 0) == 0 || line.rfind("| pair |", 0) == 0) {
        ++tables;
        in_table = true;
        const std::vector<std::string> head = cells(line);
        ASSERT_GE(head.size(), 2U) << line;
        EXPECT_EQ(head[head.size() - 2], "engine") << line;
        EXPECT_EQ(head.back(), "Z3") << line;
        continue;
      }
      if (line.rfind("|", 0) != 0) {
        in_table = false;
        continue;
      }
      if (!in_table || line.rfind("| --- |", 0) == 0) continue;
      ++rows;
      const std::vector<std::string> row = cells(line);
      ASSERT_GE(row.size(), 2U) << line;
      const std::string& engine = row[row.size() - 2];
      const std::string& z3 = row.back();
      EXPECT_TRUE(engine.find("`engine:") != std::string::npos || engine.rfind("none: ", 0) == 0)
          << "row '" << row.front() << "': the engine cell names no `engine:NAME` and says no "
          << "'none: why'";
      EXPECT_TRUE(z3.find("`z3:") != std::string::npos || z3.rfind("no Z3 encoding: ", 0) == 0)
          << "row '" << row.front() << "': the Z3 cell names no `z3:NAME` and says no "
          << "'no Z3 encoding: why'";
      EXPECT_EQ(engine.find("`z3:"), std::string::npos) << "row '" << row.front() << "'";
      EXPECT_EQ(z3.find("`engine:"), std::string::npos) << "row '" << row.front() << "'";
    }
    EXPECT_EQ(tables, 2);
    EXPECT_GT(rows, 20);
  }
}

/// The long options (`--sets`) in a text, in order.
std::vector<std::string> long_options(const std::string& text) {
  std::vector<std::string> out;
  const std::regex option(R"((?:^|\s)(--[a-z][a-z0-9-]*))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), option);
       it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  return out;
}

/// The help text of `arbiter CMD --help` (of `arbiter --help` for ""), asked once per command.
const std::string& help_of(const std::string& command) {
  static std::map<std::string, std::string> cache;
  const auto it = cache.find(command);
  if (it != cache.end()) return it->second;
  const test::CommandResult r = test::run_arbiter(command.empty() ? "--help" : command + " --help");
  EXPECT_EQ(r.status, 0) << "arbiter " << command << " --help: " << r.err;
  return cache[command] = r.out;
}

/// The subcommands `arbiter --help` lists.
std::vector<std::string> subcommands() {
  std::vector<std::string> out;
  const std::string& help = help_of("");
  const std::size_t from = help.find("Subcommands:");
  EXPECT_NE(from, std::string::npos) << help;
  std::istringstream lines(help.substr(from == std::string::npos ? help.size() : from));
  std::string line;
  const std::regex entry(R"(^  ([a-z][a-z-]*)\s)");
  std::smatch m;
  while (std::getline(lines, line))
    if (std::regex_search(line, m, entry)) out.push_back(m[1]);
  return out;
}

bool help_lists(const std::string& help, const std::string& option) {
  const std::regex listed("(^|[\\s,])" + option + "(?![a-z0-9-])");
  return std::regex_search(help, listed);
}

// A row that shows a command (`build/arbiter resolve --sets progressive`) names options of that
// command; an option named alone (`--sets`) must be one of some subcommand. Both are checked
// against the help the binary prints, so a renamed or removed option shows up here.
TEST(RulingsLedger, EveryCommandOptionALedgerNamesIsInTheBinarysHelp) {
  const std::regex command(R"(\barbiter\s+([a-z][a-z-]*))");
  int checked = 0;
  for (const std::string& name : tables_with_ledgers()) {
    for (const std::string& span : backticked(read_file(ledger_path(name)))) {
      const std::vector<std::string> options = long_options(span);
      if (options.empty()) continue;
      std::smatch m;
      const bool shown = std::regex_search(span, m, command);
      for (const std::string& option : options) {
        ++checked;
        if (shown) {
          EXPECT_TRUE(help_lists(help_of(m[1]), option))
              << name << ".md: `" << span << "`: arbiter " << m[1] << " has no option " << option;
          continue;
        }
        bool found = false;
        for (const std::string& sub : subcommands())
          found = found || help_lists(help_of(sub), option);
        EXPECT_TRUE(found) << name << ".md: `" << span << "`: no subcommand has option " << option;
      }
    }
  }
  EXPECT_GT(checked, 10);
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
