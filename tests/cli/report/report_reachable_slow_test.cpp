// `arbiter report --reachable` (cli/report/report_reachable.hpp, docs/report.md): the report runs
// the reachable-record search itself, says so on stderr while it runs, and draws a record or the
// bound searched for every knob of the table. The search runs on a small budget
// (--reachable-steps, --reachable-exhaustive): what is pinned is that the report runs it and
// draws every knob, not what the full search finds (ReachableSlow pins that). Slow: it runs the
// search and writes the whole report, about 2 s.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

TEST(ReportReachableSearch, ReachableRunsTheSearchWithProgressAndCoversEveryKnob) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(::testing::TempDir()) /
                       ("arbiter_report_reachable_search_" + std::to_string(getpid()));
  fs::remove_all(dir);
  const test::CommandResult r = test::run_arbiter(
      "report --no-solver --no-puzzles -v conditional --reachable --reachable-steps 100000 "
      "--reachable-exhaustive 1 --out '" +
      dir.string() + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("report: conditional: reachable records"), std::string::npos) << r.err;
  const std::string page = test::slurp((dir / "conditional.html").string());
  EXPECT_NE(page.find("records from the search of this run"), std::string::npos);
  const int knobs = static_cast<int>(test::bundled_variant("conditional")->table().knobs.size());
  EXPECT_EQ(test::occurrences(page, "<h3 id=\"reachable-"), knobs);
  // A knob has either a record (its moves) or the bound searched.
  EXPECT_EQ(test::occurrences(page, "<pre class=\"record\">") +
                test::occurrences(page, "No record found. Every record of up to"),
            knobs);
  // The small budget finds some records and leaves some knobs with their bound: both kinds drawn.
  EXPECT_GT(test::occurrences(page, "<pre class=\"record\">"), 0);
  EXPECT_NE(page.find("No record found. Every record of up to 1 "), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace arbiter
