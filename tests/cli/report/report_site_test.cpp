// The HTML report (cli/report/report_site.hpp, `arbiter report`, the report at the end of `arbiter
// verify`): the pages exist, hold one board per drawn item (setup, knob witnesses, scenario
// witnesses), the coverage table has a row per item, the solver sections are left out with a
// note under --no-solver, extra sections are appended, and the output is deterministic.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/report/report_site.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::occurrences;
using test::slurp;

namespace fs = std::filesystem;
using test::run_arbiter;

/// An empty directory under the test's temporary folder, removed again when the test ends
/// (also when an assertion returns early).
class FreshDir {
 public:
  explicit FreshDir(const std::string& name)
      : path_(fs::path(::testing::TempDir()) / (name + "_" + std::to_string(getpid()))) {
    fs::remove_all(path_);
  }
  FreshDir(const FreshDir&) = delete;
  FreshDir& operator=(const FreshDir&) = delete;
  ~FreshDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

constexpr const char* kQuick =
    " -q --positions 12 --plies 6 --max-pieces 4 --no-probes --rlimit 20000000";

TEST(ReportSite, PageWithoutSolverHasRulesKnobsAndExtraSections) {
  cli::VariantReport r;
  r.variant = test::bundled_variant("conversion");
  r.no_solver_note = "test note";
  r.extra.push_back({"Sample puzzles", "<p id=\"puzzles\">later</p>\n"});
  const std::string html = cli::variant_page(r);
  EXPECT_EQ(occurrences(html, "<svg class=\"board\""), 1);  // the setup
  for (const KnobDef& k : r.variant->table().knobs) {
    EXPECT_NE(html.find("id=\"knob-" + k.name + "\""), std::string::npos) << k.name;
    EXPECT_NE(html.find("<b>" + k.default_value + "</b> (default)"), std::string::npos);
  }
  EXPECT_NE(html.find("Not in this report: test note"), std::string::npos);
  EXPECT_EQ(html.find("id=\"coverage\""), std::string::npos);
  EXPECT_NE(html.find("<h2>Sample puzzles</h2>\n<p id=\"puzzles\">later</p>"), std::string::npos);
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>"));
  EXPECT_NE(html.find("id=\"rendered\""), std::string::npos);
}

TEST(ReportSite, ReportCommandDrawsEveryWitness) {
  const FreshDir dir_scratch("arbiter_report_cmd");
  const fs::path& dir = dir_scratch.path();
  const test::CommandResult r =
      run_arbiter("report --out '" + dir.string() + "' -v orthodox -v diplomacy --no-puzzles" +
                  kQuick);  // sample puzzles: tests/cli/report/puzzle_svg_test.cpp
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, (dir / "index.html").string() + "\n");
  const std::string index = slurp(dir / "index.html");
  EXPECT_NE(index.find("href=\"orthodox.html\""), std::string::npos);
  EXPECT_NE(index.find("href=\"diplomacy.html\""), std::string::npos);
  for (const char* table : {"orthodox", "diplomacy"}) {
    const std::string page = slurp(dir / (std::string(table) + ".html"));
    // One board for the setup, one per knob with a witness, one per scenario with a witness;
    // the coverage table has one row per item (plus its header).
    const int witnesses = occurrences(page, "<div class=\"item\">");
    EXPECT_EQ(occurrences(page, "<svg class=\"board\""), 1 + witnesses) << table;
    EXPECT_GE(witnesses, 3) << table;
    const std::size_t cov = page.find("id=\"coverage\"");
    ASSERT_NE(cov, std::string::npos) << table;
    const int rows = occurrences(page.substr(cov), "<tr>") - 1;
    EXPECT_GT(rows, 10) << table;
    EXPECT_EQ(occurrences(page.substr(cov), "status-witness") +
                  occurrences(page.substr(cov), "status-unreachable") +
                  occurrences(page.substr(cov), "status-not-found") +
                  occurrences(page.substr(cov), "status-unknown"),
              rows)
        << table;
    EXPECT_EQ(page.find("<script src"), std::string::npos);
    EXPECT_EQ(page.find("<link"), std::string::npos);
  }
  // Deterministic: a second run writes the same page.
  const FreshDir again_scratch("arbiter_report_cmd2");
  const fs::path& again = again_scratch.path();
  ASSERT_EQ(
      run_arbiter("report --out '" + again.string() + "' -v orthodox --no-puzzles" + kQuick).status,
      0);
  EXPECT_EQ(slurp(dir / "orthodox.html"), slurp(again / "orthodox.html"));
}

TEST(ReportSite, AKnobProvedNotToMatterSaysSo) {
  const FreshDir dir_scratch("arbiter_report_quiet");
  const fs::path& dir = dir_scratch.path();
  const test::CommandResult r =
      run_arbiter("report --out '" + dir.string() + "' -v " +
                  test::data_path("tables/quiet_knobs/conversion_no_castling.toml") +
                  " --no-puzzles --no-scenarios" + kQuick);
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string page = slurp(dir / "conversion-no-castling.html");
  // The four castling knobs: proved, not "no position found".
  EXPECT_EQ(occurrences(page, "Proved not to matter in this table"), 4) << page;
  EXPECT_NE(page.find("a castling right held by either side"), std::string::npos);
}

TEST(ReportSite, VerifyWritesTheReportAndPrintsItsPath) {
  const FreshDir dir_scratch("arbiter_verify_report");
  const fs::path& dir = dir_scratch.path();
  const test::CommandResult r = run_arbiter(
      "verify --no-solver --table conditional --max-nodes 100000 --report '" + dir.string() + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("report " + (dir / "index.html").string() + "\n"), std::string::npos)
      << r.out;
  const std::string page = slurp(dir / "conditional.html");
  EXPECT_NE(page.find("<h2>Verify checks</h2>"), std::string::npos);
  EXPECT_NE(page.find("arbiter verify ran with --no-solver"), std::string::npos);
  EXPECT_NE(page.find("Phase A"), std::string::npos);  // the setup board
  // With --table, no report unless --report names a directory; --no-report writes none.
  const test::CommandResult partial =
      run_arbiter("verify --no-solver --table conditional --max-nodes 100000");
  EXPECT_EQ(partial.out.find("report "), std::string::npos) << partial.out;
  const FreshDir other_scratch("arbiter_verify_no_report");
  const fs::path& other = other_scratch.path();
  const test::CommandResult none = run_arbiter(
      "verify --no-solver --table conditional --max-nodes 100000 --no-report --report '" +
      other.string() + "'");
  EXPECT_EQ(none.out.find("report "), std::string::npos) << none.out;
  EXPECT_FALSE(fs::exists(other));
}

}  // namespace
}  // namespace arbiter
