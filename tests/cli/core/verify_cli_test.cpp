// `arbiter verify`: results on stdout, progress on stderr, -q for errors and the verdict only,
// the HTML report in --report DIR or ./arbiter-report, or none (said once) where that cannot be
// written.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
namespace fs = std::filesystem;

/// Runs arbiter with `args` in the folder `cwd`.
test::CommandResult run_in(const fs::path& cwd, const std::string& args) {
  const fs::path out = cwd / "stdout.txt", err = cwd / "stderr.txt";
  const std::string cmd = "cd '" + cwd.string() + "' && " + ARBITER_BINARY + " " + args +
                          " </dev/null >'" + out.string() + "' 2>'" + err.string() + "'";
  const int raw = std::system(cmd.c_str());
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, test::slurp(out), test::slurp(err)};
}

fs::path fresh_folder(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("arbiter_verify_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(VerifyCli, ResultsGoToStdoutAndProgressToStderr) {
  const auto r = test::run_arbiter("verify --no-solver --table orthodox conversion");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("PASS orthodox"));
  EXPECT_THAT(r.out, HasSubstr("verify: 2 table(s), 2 passed, 0 failed"));
  EXPECT_THAT(r.out, Not(HasSubstr("[1/2]")));
  EXPECT_THAT(r.err, HasSubstr("verify: [1/2] orthodox\nverify: [2/2] conversion\n"));
  EXPECT_THAT(r.err, Not(HasSubstr("\r")));
}

TEST(VerifyCli, QuietLeavesOnlyErrorsAndTheVerdict) {
  const auto pass = test::run_arbiter("verify --no-solver -q --table orthodox");
  EXPECT_EQ(pass.status, 0);
  EXPECT_THAT(pass.out, ::testing::MatchesRegex("verify: 1 table\\(s\\), 1 passed, 0 failed, "
                                                "[0-9.]+ s\n"));
  EXPECT_EQ(pass.err, "");
  const auto fail = test::run_arbiter("verify --no-solver -q --table " +
                                      test::data_path("tables/two_royals.toml"));
  EXPECT_EQ(fail.status, 1);
  EXPECT_THAT(fail.out, HasSubstr("0 passed, 1 failed"));
  EXPECT_THAT(fail.out, Not(HasSubstr("FAIL")));
  EXPECT_THAT(fail.err, HasSubstr("expected exactly one royal piece"));
}

TEST(VerifyCli, ReportGoesToTheFolderReportNames) {
  const fs::path dir = fresh_folder("report_dir");
  const auto r = test::run_arbiter("verify --no-solver --table orthodox --report '" +
                                   (dir / "r").string() + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "r" / "index.html"));
  EXPECT_THAT(r.out, HasSubstr("report " + (dir / "r" / "index.html").string()));
  fs::remove_all(dir);
}

TEST(VerifyCli, AReportFolderThatCannotBeWrittenIsAnInputErrorBeforeTheRun) {
  const auto r = test::run_arbiter("verify --no-solver --table orthodox --report /proc/arbiter");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("cannot write the report to '/proc/arbiter'"));
  EXPECT_THAT(r.out, Not(HasSubstr("PASS")));
}

TEST(VerifyCli, DefaultReportIsArbiterReportInTheWorkingDirectory) {
  const fs::path dir = fresh_folder("default_report");
  // A run over every table (a --table run writes a report only where --report asks for one).
  const auto r = run_in(dir, "verify --no-solver --max-nodes 100");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "arbiter-report" / "index.html")) << r.out << r.err;
  fs::remove_all(dir);
}

TEST(VerifyCli, NoReportWhereTheWorkingDirectoryCannotHoldOneSaidOnce) {
  const fs::path dir = fresh_folder("no_report");
  { std::ofstream(dir / "arbiter-report") << "a file where the folder would go\n"; }
  const auto r = run_in(dir, "verify --no-solver --max-nodes 100");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(test::occurrences(r.err, "no report"), 1) << r.err;
  EXPECT_THAT(r.out, Not(HasSubstr("report ")));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace arbiter
