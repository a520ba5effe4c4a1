// Issue 35: the exit status of every `arbiter puzzle` subcommand carries its verdict (docs/cli.md,
// Conventions): 0 when the claim holds (the problem is sound: a solution and no cook), 1 when it
// does not (no solution, cooked; in a file, any problem), 2 for a usage or input error (a bad
// FEN, stipulation or line, an unreadable or empty file).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/support/scratch_dir_test_fixture.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

class PuzzleExitStatus : public test::ScratchDirTest {};

constexpr const char* kSound = "7k/8/6K1/8/8/8/8/R7 w - - 0 1";     // #1: Ra8#
constexpr const char* kCooked = "7k/8/6K1/8/8/8/8/RR6 w - - 0 1";   // #1: Ra8#, Rb8#
constexpr const char* kUnsolved = "7k/8/6K1/8/8/8/8/N7 w - - 0 1";  // #1: none

bool says(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_F(PuzzleExitStatus, SolveExitsZeroForASoundProblemOneForCookedOrNoSolutionTwoForBadInput) {
  for (const char* extra : {"", " --json", " --keys-only", " --format tree", " --grade"}) {
    const auto solve = [&](const std::string& fen) {
      return test::run_arbiter("puzzle solve --stip '#1' --fen '" + fen + "'" + extra);
    };
    EXPECT_EQ(solve(kSound).status, 0) << extra;
    const test::CommandResult cooked = solve(kCooked);
    EXPECT_EQ(cooked.status, 1) << extra << cooked.err;
    EXPECT_TRUE(says(cooked.out, "cooked")) << cooked.out;
    EXPECT_EQ(solve(kUnsolved).status, 1) << extra;
    EXPECT_EQ(solve("7k/8/6K1/8/8/8/8/X7 w - - 0 1").status, 2) << extra;
  }
  EXPECT_EQ(
      test::run_arbiter(std::string("puzzle solve --stip 'x#1' --fen '") + kSound + "'").status, 2);
}

TEST_F(PuzzleExitStatus, AFileOfProblemsExitsOneWhenAnyIsUnsoundAndEndsWithASummaryLine) {
  const std::string all_sound = write("sound.txt", std::string(kSound) + "\n" + kSound + "\n");
  const test::CommandResult ok = test::run_arbiter("puzzle solve -q --stip '#1' " + all_sound);
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_TRUE(ok.out.ends_with("\n\n2 problems: 2 sound, 0 cooked, 0 no solution, 0 not read\n"))
      << ok.out;

  const std::string mixed = write("mixed.epd",
                                  "7k/8/6K1/8/8/8/8/R7 w - - dm 1;\n"
                                  "7k/8/6K1/8/8/8/8/RR6 w - - dm 1;\n"
                                  "7k/8/6K1/8/8/8/8/N7 w - - dm 1;\n");
  const test::CommandResult r = test::run_arbiter("puzzle solve -q --epd " + mixed);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_TRUE(r.out.ends_with("\n3 problems: 1 sound, 1 cooked, 1 no solution, 0 not read\n"))
      << r.out;
  // --json: stdout stays one object per problem, the summary goes to stderr.
  const test::CommandResult j = test::run_arbiter("puzzle solve -q --json --epd " + mixed);
  EXPECT_EQ(j.status, 1);
  EXPECT_FALSE(says(j.out, "3 problems")) << j.out;
  EXPECT_TRUE(says(j.err, "3 problems: 1 sound, 1 cooked, 1 no solution, 0 not read\n")) << j.err;
  // A problem that cannot be read outweighs an unsound one: 2.
  std::ofstream(mixed, std::ios::app) << "7k/8/6K1/8/8/8/8/R7 w - - dm x;\n";
  const test::CommandResult bad = test::run_arbiter("puzzle solve -q --epd " + mixed);
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(says(bad.out, "4 problems: 1 sound, 1 cooked, 1 no solution, 1 not read\n"))
      << bad.out;
}

TEST_F(PuzzleExitStatus, CheckExitsOneWhenAnyProblemIsUnsoundTwoWhenALineIsBad) {
  const std::string sound = write("sound.txt", std::string(kSound) + " ; #1\n");
  const test::CommandResult ok = test::run_arbiter("puzzle check " + sound);
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_TRUE(ok.out.ends_with("1 problem: 1 sound, 0 cooked, 0 no solution, 0 not read\n"))
      << ok.out;
  const std::string cooked =
      write("cooked.txt", std::string(kSound) + " ; #1\n" + kCooked + " ; #1\n");
  const test::CommandResult one = test::run_arbiter("puzzle check " + cooked);
  EXPECT_EQ(one.status, 1) << one.err;
  EXPECT_TRUE(one.out.ends_with("2 problems: 1 sound, 1 cooked, 0 no solution, 0 not read\n"))
      << one.out;
  std::ofstream(cooked, std::ios::app) << "not a fen ; #1\n";
  EXPECT_EQ(test::run_arbiter("puzzle check " + cooked).status, 2);
}

TEST_F(PuzzleExitStatus, UnreadableOrEmptyFilesAreInputErrors) {
  const std::string empty = write("empty.txt", "\n% nothing\n");
  const std::string text = write("text.txt", "not a database\n");
  for (const std::string& command :
       {"puzzle solve --stip '#1' " + empty, "puzzle solve --epd " + empty, "puzzle check " + empty,
        "puzzle check " + path("missing.txt"), "puzzle solve " + path("missing.inp"),
        "puzzle export --db " + path("missing.db"),
        "puzzle merge " + path("out.db") + " " + path("missing.db"), "puzzle export --db " + text,
        "puzzle merge " + path("out.db") + " " + text, "puzzle generate -q --db " + text}) {
    const test::CommandResult r = test::run_arbiter(command);
    EXPECT_EQ(r.status, 2) << command << '\n' << r.err;
    EXPECT_TRUE(says(r.err, "arbiter: error: ")) << command << '\n' << r.err;
  }
}

TEST_F(PuzzleExitStatus, GenerateExitsOneWhenItsCandidateBudgetRunsOutBeforeTheCount) {
  const std::string gen =
      "puzzle generate -q --any-key --allow-surplus --stip '#2' --seed 3 --db " + path("g.db");
  EXPECT_EQ(test::run_arbiter(gen + " --count 1").status, 0);
  const test::CommandResult short_run = test::run_arbiter(gen + " --count 50 --max-candidates 1");
  EXPECT_EQ(short_run.status, 1) << short_run.err;
  EXPECT_EQ(test::run_arbiter(gen + " --shard 2/2").status, 2);
}

TEST_F(PuzzleExitStatus, TaskExitsZeroOnlyForOneAnswer) {
  const test::CommandResult cooked = test::run_arbiter(
      "puzzle task -v diplomacy --task both-mated --fen '7k/q3N1pp/8/8/8/8/Q3n1PP/7K w - - 0 1'");
  EXPECT_TRUE(says(cooked.out, "both-mated: cooked")) << cooked.out;
  EXPECT_EQ(cooked.status, 1);
  const test::CommandResult none = test::run_arbiter(
      "puzzle task -v diplomacy --task both-mated --fen '7k/8/8/8/8/8/8/7K w - - 0 1'");
  EXPECT_TRUE(says(none.out, "both-mated: no solution")) << none.out;
  EXPECT_EQ(none.status, 1);
  EXPECT_EQ(test::run_arbiter("puzzle task -v orthodox --task both-mated --fen '" +
                              std::string(kSound) + "'")
                .status,
            2);
}

}  // namespace
}  // namespace arbiter
