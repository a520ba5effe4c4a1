// The report's reachable records (cli/report/report_reachable.hpp, `arbiter report
// --reachable-from FILE`, docs/report.md): each record's moves and a board per reading appear,
// a knob without a record shows its bound and whether it is a proof, a record that no longer
// parts the readings says so, a bad or unreadable file is exit 2 with the place named, a bare
// file goes to the table whose knobs it names, and the page is deterministic.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <string>
#include <utility>

#include "cli/report/report_reachable.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

namespace fs = std::filesystem;
using test::occurrences;
using test::run_arbiter;
using test::slurp;

// Two Conditional Chess records `ambiguities -v conditional --reachable --json` finds, and a
// knob it finds none for (the JSON as that command writes it, outcomes included).
constexpr const char* kConditionalJson = R"([
{"knob":"illegal-c-move","record":"1. a4 a5 2. !a5","plies":3,"bound":1,"proved":true,
 "unit":"ply","sets":"one","found_by":"exhaustive","first":3,"outcomes":{}},
{"knob":"a-move-mate","record":"1. g4 e6 2. !d4 Bb4+","plies":4,"bound":3,"proved":true,
 "unit":"ply","sets":"one","found_by":"guided","first":4,"outcomes":{}},
{"knob":"no-legal-c-move","record":null,"plies":0,"bound":3,"proved":true,"unit":"ply",
 "sets":"one","found_by":"","first":0,"outcomes":{}}
])";

/// A search result as `ambiguities --reachable` gives it (no record: std::nullopt).
solver::ReachableWitness reachable_witness(const std::string& knob,
                                           std::optional<std::string> record, int plies, int bound,
                                           bool proved, const std::string& found_by) {
  solver::ReachableWitness w;
  w.knob = knob;
  w.record = std::move(record);
  w.plies = plies;
  w.bound = bound;
  w.proved = proved;
  w.found_by = found_by;
  return w;
}

cli::ReachableRecords conditional_records() {
  return {"a test",
          {reachable_witness("a-move-mate", "1. g4 e6 2. !d4 Bb4+", 4, 3, true, "guided"),
           reachable_witness("no-legal-c-move", std::nullopt, 0, 3, true, "")}};
}

std::string reachable_page_dir(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / (name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  return dir.string();
}

TEST(ReportReachable, EachRecordsMovesAndEveryReadingsBoardAppear) {
  const cli::ReportSection s = cli::reachable_section(
      "conditional", test::bundled_variant("conditional"), conditional_records());
  const std::string& html = s.html;
  EXPECT_NE(html.find("<pre class=\"record\">1. g4 e6 2. !d4 Bb4+</pre>"), std::string::npos);
  // One board where the readings part, one per alternative (the knob has two).
  EXPECT_EQ(occurrences(html, "<svg class=\"board\""), 3) << html;
  EXPECT_NE(html.find("after 3 plies: the readings part at ply 4 (Bb4+)"), std::string::npos);
  // The default reading refuses the check; the other plays it and ends in phase B+.
  EXPECT_NE(html.find("a-move-mate=immediate: refuses ply 4 (Bb4+)"), std::string::npos);
  EXPECT_NE(html.find("a-move-mate=end-of-turn: the end of the record (in play)"),
            std::string::npos);
  EXPECT_NE(html.find("rnbqk1nr/pppp1ppp/4p3/8/1b1P2P1/8/PPP1PP1P/RNBQKBNR w KQkq - 1 3 B+ -"),
            std::string::npos);
  EXPECT_NE(html.find("check in A-move"), std::string::npos);
}

TEST(ReportReachable, AKnobWithoutARecordShowsItsBoundAndWhetherItIsAProof) {
  cli::ReachableRecords records = conditional_records();
  const std::string proved =
      cli::reachable_section("conditional", test::bundled_variant("conditional"), records).html;
  EXPECT_NE(proved.find("Every record of up to 3 plies was played: a proof"), std::string::npos)
      << proved;
  records.knobs[1].proved = false;
  const std::string gave_up =
      cli::reachable_section("conditional", test::bundled_variant("conditional"), records).html;
  EXPECT_NE(gave_up.find("the search gave up there: not a proof"), std::string::npos) << gave_up;
}

TEST(ReportReachable, ARecordThatNoLongerPartsTheReadingsSaysSo) {
  const cli::ReachableRecords records{
      "a test", {reachable_witness("illegal-c-move", "1. e4 e5 2. !d4", 3, 1, true, "guided")}};
  const std::string html =
      cli::reachable_section("conditional", test::bundled_variant("conditional"), records).html;
  EXPECT_NE(html.find("gives the same outcome under every alternative"), std::string::npos) << html;
  EXPECT_EQ(occurrences(html, "<svg class=\"board\""), 0);
}

TEST(ReportReachable, ReachableFromFileDrawsTheRecordsDeterministically) {
  const std::string json = test::write_temp_file("report_reachable_ok.json", kConditionalJson);
  std::string pages[2];
  for (std::string& page : pages) {
    const std::string dir = reachable_page_dir("arbiter_report_reachable");
    const test::CommandResult r = run_arbiter(
        "report -q --no-solver --no-puzzles -v conditional "
        "--out '" +
        dir + "' --reachable-from '" + json + "'");
    ASSERT_EQ(r.status, 0) << r.err;
    page = slurp(dir + "/conditional.html");
    fs::remove_all(dir);
  }
  EXPECT_EQ(pages[0], pages[1]);
  const std::string& page = pages[0];
  EXPECT_NE(page.find("<h2>Reachable records: readings parting in a game</h2>"), std::string::npos);
  EXPECT_NE(page.find("<pre class=\"record\">1. a4 a5 2. !a5</pre>"), std::string::npos);
  EXPECT_NE(page.find("<pre class=\"record\">1. g4 e6 2. !d4 Bb4+</pre>"), std::string::npos);
  EXPECT_NE(page.find("illegal-c-move=skip: the end of the record"), std::string::npos);
  EXPECT_NE(page.find("illegal-c-move=opponent-moves: refuses ply 3 (!a5)"), std::string::npos);
  EXPECT_NE(page.find("found by the exhaustive search: none shorter"), std::string::npos);
  // The setup, then three boards for each of the two records.
  EXPECT_EQ(occurrences(page, "<svg class=\"board\""), 1 + 2 * 3);
}

TEST(ReportReachable, WithoutTheOptionsAPageSaysHowToGetTheRecords) {
  const std::string dir = reachable_page_dir("arbiter_report_reachable_hint");
  const test::CommandResult r = run_arbiter(
      "report -q --no-solver --no-puzzles -v conditional -v orthodox --out '" + dir + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(slurp(dir + "/conditional.html").find("arbiter report --reachable</code> runs"),
            std::string::npos);
  // A table without knobs has nothing to search, so nothing to say.
  EXPECT_EQ(slurp(dir + "/orthodox.html").find("Reachable records"), std::string::npos);
  fs::remove_all(dir);
}

TEST(ReportReachable, ABareFileGoesToTheTableWhoseKnobsItNames) {
  const std::string json = test::write_temp_file("report_reachable_bare.json", kConditionalJson);
  const std::string dir = reachable_page_dir("arbiter_report_reachable_bare");
  const test::CommandResult r =
      run_arbiter("report -q --no-solver --no-puzzles -v diplomacy -v conditional --out '" + dir +
                  "' --reachable-from '" + json + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(slurp(dir + "/conditional.html").find("1. a4 a5 2. !a5"), std::string::npos);
  EXPECT_NE(slurp(dir + "/diplomacy.html").find("arbiter report --reachable</code> runs"),
            std::string::npos);
  fs::remove_all(dir);
}

/// Runs the report on `json` (written to a file) and returns the result.
test::CommandResult report_from_json(const std::string& file, const std::string& json) {
  const std::string path = test::write_temp_file(file, json);
  return run_arbiter("report -q --no-solver --no-puzzles -v conditional --out '" +
                     reachable_page_dir("arbiter_report_reachable_bad") + "' --reachable-from '" +
                     path + "'");
}

TEST(ReportReachable, TextThatIsNotJsonIsExitTwoWithLineAndColumn) {
  const test::CommandResult r =
      report_from_json("report_reachable_syntax.json", "[\n{\"knob\": }\n]");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("report_reachable_syntax.json: not the JSON of `ambiguities --reachable "
                       "--json`: parse error at line 2, column"),
            std::string::npos)
      << r.err;
}

TEST(ReportReachable, AnUnreadableFileIsExitTwo) {
  const test::CommandResult r = run_arbiter(
      "report -q --no-solver -v conditional --out /tmp --reachable-from /nonexistent/r.json");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--reachable-from /nonexistent/r.json: cannot read the file"),
            std::string::npos)
      << r.err;
}

TEST(ReportReachable, AnEntryOfTheWrongShapeNamesItsIndexKnobAndKey) {
  const test::CommandResult plies = report_from_json(
      "report_reachable_plies.json",
      R"([{"knob":"illegal-c-move","record":"1. a4 a5 2. !a5","plies":"three","bound":1,
          "proved":true}])");
  EXPECT_EQ(plies.status, 2);
  EXPECT_NE(plies.err.find("entry 1 (knob 'illegal-c-move'): \"plies\" must be a whole number"),
            std::string::npos)
      << plies.err;
  const test::CommandResult object =
      report_from_json("report_reachable_object.json", R"({"knob":"illegal-c-move"})");
  EXPECT_EQ(object.status, 2);
  EXPECT_NE(object.err.find("expected an array of knob objects"), std::string::npos) << object.err;
  const test::CommandResult missing = report_from_json(
      "report_reachable_missing.json", R"([{"knob":"a-move-mate","plies":4,"bound":3}])");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("entry 1 (knob 'a-move-mate'): missing \"record\""), std::string::npos)
      << missing.err;
}

TEST(ReportReachable, ATableNotInTheReportIsExitTwo) {
  const std::string json = test::write_temp_file("report_reachable_table.json", kConditionalJson);
  const test::CommandResult r = run_arbiter(
      "report -q --no-solver -v conditional --out /tmp --reachable-from 'diplomacy=" + json + "'");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("'diplomacy' is not a table of this report (conditional)"),
            std::string::npos)
      << r.err;
}

TEST(ReportReachable, AKnobTheTableLacksIsExitTwo) {
  const test::CommandResult r = report_from_json(
      "report_reachable_knob.json",
      R"([{"knob":"head-on-swap","record":null,"plies":0,"bound":1,"proved":true}])");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("table conditional has no knob head-on-swap"), std::string::npos) << r.err;
}

TEST(ReportReachable, ABudgetOutOfRangeIsExitTwoNamingTheOption) {
  for (const char* bad :
       {"--reachable-steps -1", "--reachable-exhaustive 9", "--reachable-walk-plies x"}) {
    const test::CommandResult r =
        test::run_arbiter(std::string("report --no-solver -v conditional --reachable ") + bad);
    EXPECT_EQ(r.status, 2) << bad << "\n" << r.err;
    const std::string option = std::string(bad).substr(0, std::string(bad).find(' '));
    EXPECT_NE(r.err.find(option), std::string::npos) << bad << "\n" << r.err;
  }
}

}  // namespace
}  // namespace arbiter
