// Files of many problems at scale: `puzzle solve --timeout SECONDS` and Popeye's MaxTime (a
// problem over its limit is reported "timed out" with what was found, and the file goes on),
// and `--jobs N` for solve and check (the same output, in file order, as one at a time) and
// generate (sub-shards on threads).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

/// `text` as a file of its own, named after the test, with `extension`.
std::string batch_scale_file(const std::string& text, const std::string& extension) {
  const fs::path p = fs::temp_directory_path() /
                     ("arbiter_scale_" + std::to_string(::getpid()) + "_" +
                      ::testing::UnitTest::GetInstance()->current_test_info()->name() + extension);
  std::ofstream(p) << text;
  return p.string();
}

// The start position as a #8: no solution, and far more than a second to prove it.
constexpr const char* kSlowProblem =
    "BeginProblem\nForsyth rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR\nStipulation #8\n";
constexpr const char* kFastProblem =
    "NextProblem\nPieces White Kb6 Rh1 Black Ka8\nStipulation #1\nEndProblem\n";

TEST(BatchScaleCli, AProblemOverTheTimeoutIsReportedTimedOutAndTheFileGoesOn) {
  const std::string file = batch_scale_file(std::string(kSlowProblem) + kFastProblem, ".inp");
  const test::CommandResult r = test::run_arbiter("puzzle solve -q --timeout 0.3 " + file);
  fs::remove(file);
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("#8: timed out\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("#1: sound\nkey Rh8#"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 problems: 1 sound, 0 cooked, 0 no solution, 1 timed out, 0 not read"),
            std::string::npos)
      << r.out;
}

TEST(BatchScaleCli, PopeyesMaxTimeIsTheProblemsOwnTimeLimit) {
  const std::string file =
      batch_scale_file(std::string(kSlowProblem) + "Option MaxTime 1\n" + kFastProblem, ".inp");
  const test::CommandResult r = test::run_arbiter("puzzle solve -q --json " + file);
  fs::remove(file);
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"verdict\":\"timed out\",\"timed_out\":true"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"verdict\":\"sound\""), std::string::npos) << r.out;
}

TEST(BatchScaleCli, JobsPrintTheSameResultsInFileOrder) {
  const std::string file = test::data_path("popeye/examples/tests_battle_play.inp");
  const test::CommandResult one = test::run_arbiter("puzzle solve -q --format tree " + file);
  const test::CommandResult four =
      test::run_arbiter("puzzle solve -q --format tree --jobs 4 " + file);
  EXPECT_EQ(one.status, four.status);
  EXPECT_FALSE(one.out.empty());
  EXPECT_EQ(one.out, four.out);
}

TEST(BatchScaleCli, CheckTakesJobsAndATimeoutToo) {
  const std::string file = batch_scale_file(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ; #8\n"
      "k7/8/1K6/8/8/8/8/7R w - - 0 1 ; #1\n"
      "k7/8/1K6/8/8/8/8/2R5 w - - 0 1 ; ser-#2\n",
      ".txt");
  const test::CommandResult r = test::run_arbiter("puzzle check --timeout 0.3 --jobs 2 " + file);
  fs::remove(file);
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  const auto first = r.out.find("line 1: #8 timed out");
  const auto second = r.out.find("line 2: #1 sound: Rh8#");
  const auto third = r.out.find("line 3: ser-#2 cooked");
  EXPECT_NE(first, std::string::npos) << r.out;
  EXPECT_NE(second, std::string::npos) << r.out;
  EXPECT_NE(third, std::string::npos) << r.out;
  EXPECT_LT(first, second);
  EXPECT_LT(second, third);
  EXPECT_NE(r.out.find("3 problems: 1 sound, 1 cooked, 0 no solution, 1 timed out, 0 not read"),
            std::string::npos)
      << r.out;
}

TEST(BatchScaleCli, GenerateWithJobsSplitsTheShardAndARestartContinuesIt) {
  const std::string db = batch_scale_file("", ".sqlite");
  fs::remove(db);
  const std::string command =
      "puzzle generate --stip \"#2\" --count 4 --seed 3 --jobs 2 -q --db " + db;
  const test::CommandResult first = test::run_arbiter(command);
  EXPECT_EQ(first.status, 0) << first.out << first.err;
  EXPECT_NE(first.out.find("4 problems in the stream (4 new)"), std::string::npos) << first.out;
  const test::CommandResult again = test::run_arbiter(command);
  EXPECT_EQ(again.status, 0) << again.out << again.err;
  EXPECT_NE(again.out.find("4 problems in the stream (0 new)"), std::string::npos) << again.out;
  const test::CommandResult fens = test::run_arbiter("puzzle export --format fen --db " + db);
  EXPECT_EQ(std::count(fens.out.begin(), fens.out.end(), '\n'), 4) << fens.out;
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(db + suffix);
}

}  // namespace
}  // namespace arbiter
