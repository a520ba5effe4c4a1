// `arbiter puzzle solve FILE` and `--epd FILE` as a user runs them: Popeye files (two public
// ones from Popeye's examples, keys checked against Popeye's own output), twins, EPD and
// FEN-line files, JSON lines, and exit status 2 when a problem cannot be read.
#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

/// A file with `text` in a fresh directory, removed with the fixture.
class PuzzleBatchCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("arbiter_batch_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) const {
    const fs::path p = dir_ / name;
    std::ofstream(p) << text;
    return p.string();
  }
  fs::path dir_;
};

/// The text of problem `index` in the text output (from its header to the next one).
std::string problem_text(const std::string& out, int index) {
  const std::string head = "problem " + std::to_string(index) + "  ";
  const auto start = out.find(head);
  if (start == std::string::npos) return {};
  const auto end = out.find("\nproblem " + std::to_string(index + 1) + "  ", start);
  return out.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

/// Line `index` (1-based) of the --json output: one problem's object.
std::string problem_json(const std::string& out, int index) {
  std::istringstream lines(out);
  std::string line;
  for (int i = 0; i < index && std::getline(lines, line);) ++i;
  return line;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_F(PuzzleBatchCli, PopeyesCastlingExamplesHaveTheKeysPopeyePrints) {
  // REGRESSIONTESTS/castling.out: 1.Da7-f2 !; 1.Kc8-b8 0-0 2.g3-g2 Tf1-f8 #; 1.Df8-e7 !;
  // 1.Th1-h3 + !
  const test::CommandResult r =
      test::run_arbiter("puzzle solve " + test::data_path("popeye/castling.inp"));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string p1 = problem_text(r.out, 1), p2 = problem_text(r.out, 2),
                    p3 = problem_text(r.out, 3), p4 = problem_text(r.out, 4);
  EXPECT_TRUE(has(p1, "author: G. Sch\"opfer\norigin: Neue Leipziger Ztg., 1927\n")) << p1;
  EXPECT_TRUE(has(p1, "#2: sound\nkey Qf2\n")) << p1;
  EXPECT_TRUE(has(p2, "h#2: sound\n")) << p2;
  EXPECT_TRUE(has(p2, "solution Kb8 O-O g2 Rf8#\n")) << p2;
  EXPECT_TRUE(has(p3, "title: Verbesserung\n")) << p3;
  EXPECT_TRUE(has(p3, "#3: sound\nkey Qe7\n")) << p3;
  EXPECT_TRUE(has(p4, "#3: sound\nkey Rh3+ (checks)\n")) << p4;
  EXPECT_EQ(problem_text(r.out, 5), "");
  // Protocol and the options that only change Popeye's printout are noted, with their line.
  EXPECT_TRUE(has(r.err, "arbiter: note: " + test::data_path("popeye/castling.inp") +
                             ":2: 'Protokoll castling.out' ignored"))
      << r.err;
  // Progress lines only on a terminal.
  EXPECT_FALSE(has(r.err, "problem 1/4")) << r.err;
}

TEST_F(PuzzleBatchCli, PopeyesEnPassantExamplesHaveTheKeysPopeyePrints) {
  // REGRESSIONTESTS/ep.out: 1.h5*g6 ep. !; 1.h5*g6 ep. # !
  const test::CommandResult r =
      test::run_arbiter("puzzle solve " + test::data_path("popeye/ep.inp"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(problem_text(r.out, 1), "#2: sound\nkey hxg6\n")) << r.out;
  EXPECT_TRUE(has(problem_text(r.out, 2), "#1: sound\nkey hxg6# (checks)\n")) << r.out;
}

TEST_F(PuzzleBatchCli, TwinsAndJsonLines) {
  const std::string file = write("twins.inp",
                                 "BeginProblem\n"
                                 "Author Someone\n"
                                 "Title Two rooks\n"
                                 "Stipulation #1\n"
                                 "Pieces White Kg6 Ra1 Black Kh8\n"
                                 "Twin Move a1 b1\n"
                                 "EndProblem\n");
  const test::CommandResult t = test::run_arbiter("puzzle solve " + file);
  ASSERT_EQ(t.status, 0) << t.err;
  EXPECT_TRUE(has(t.out, "problem 1  " + file +
                             ":1\nauthor: Someone\ntitle: Two rooks\n"
                             "twin: a)\n#1: sound\nkey Ra8# (checks)\n"))
      << t.out;
  EXPECT_TRUE(has(t.out, "problem 2  " + file +
                             ":6\nauthor: Someone\ntitle: Two rooks\n"
                             "twin: b) Move a1 b1\n#1: sound\nkey Rb8# (checks)\n"))
      << t.out;
  const test::CommandResult j = test::run_arbiter("puzzle solve --json " + file);
  ASSERT_EQ(j.status, 0) << j.err;
  std::istringstream lines(j.out);
  std::string first, second, third;
  std::getline(lines, first);
  std::getline(lines, second);
  EXPECT_FALSE(std::getline(lines, third));
  EXPECT_TRUE(has(first, "{\"index\":1,\"source\":\"" + file + ":1\",\"author\":\"Someone\""))
      << first;
  EXPECT_TRUE(has(first, "\"fen\":\"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"")) << first;
  EXPECT_TRUE(has(first, "\"verdict\":\"sound\"")) << first;
  EXPECT_TRUE(has(second, "\"twin\":\"b) Move a1 b1\"")) << second;
  EXPECT_TRUE(has(second, "\"move\":\"Rb8#\"")) << second;
}

TEST_F(PuzzleBatchCli, AProblemThatCannotBeReadFailsTheRunAfterTheOthersAreSolved) {
  const std::string file = write("mixed.inp",
                                 "BeginProblem\n"
                                 "Stipulation #1\n"
                                 "Condition Circe\n"
                                 "Pieces White Kg6 Ra1 Black Kh8\n"
                                 "NextProblem\n"
                                 "Stipulation #1\n"
                                 "Pieces White Kg6 Ra1 Black Kh8\n"
                                 "NextProblem\n"
                                 "Stipulation #1\n"
                                 "Pieces White Kg6 Ra1\n"  // no black king
                                 "EndProblem\n");
  const test::CommandResult r = test::run_arbiter("puzzle solve " + file);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(has(r.err, "arbiter: error: " + file +
                             ":3: condition 'Circe' is not supported by arbiter: its conditions "
                             "are the names of its tables (conditional, conversion, diplomacy, "
                             "move-neutral, orthodox; docs/popeye-input.md, Conditions)"))
      << r.err;
  EXPECT_TRUE(
      has(r.out, "problem 1  " + file + ":1\ncondition: Circe\nerror: " + file + ":3: condition"))
      << r.out;
  EXPECT_TRUE(has(problem_text(r.out, 2), "key Ra8#")) << r.out;
  EXPECT_TRUE(has(problem_text(r.out, 3),
                  "error: " + file + ":8: bad FEN: FEN column 1: Black has no king"))
      << r.out;
  const test::CommandResult j = test::run_arbiter("puzzle solve --json " + file);
  EXPECT_EQ(j.status, 2);
  EXPECT_TRUE(has(j.out, "\"error\":\"" + file + ":3: condition 'Circe'")) << j.out;
}

// Issue 23 item 6: Conversion Chess problems in a Popeye file, through `Condition`. The #2 is
// sound in Conversion Chess (b8=Q, then the queen or the bishop mates) and has no solution in
// orthodox chess, where 1.b8=Q Kh4 holds.
TEST_F(PuzzleBatchCli, AConditionNamesTheTableOfItsProblemAndTwin) {
  const std::string file = write("conversion.inp",
                                 "BeginProblem\n"
                                 "Condition Conversion\n"
                                 "Pieces White Kg1 Bd1 Pb7 Black Kh3 Ph5\n"
                                 "Stipulation #2\n"
                                 "Twin Condition Orthodox\n"
                                 "NextProblem\n"
                                 "Condition Diplomacy\n"
                                 "Pieces White Kg1 Bd1 Pb7 Black Kh3 Ph5\n"
                                 "Stipulation #2\n"
                                 "EndProblem\n");
  const test::CommandResult r = test::run_arbiter("puzzle solve --json " + file);
  EXPECT_EQ(r.status, 2) << "the Diplomacy problem cannot be solved";
  const std::string first = problem_json(r.out, 1), second = problem_json(r.out, 2);
  EXPECT_TRUE(has(first, "\"variant\":\"conversion\"")) << first;
  EXPECT_TRUE(has(first, "\"condition\":\"Conversion\"")) << first;
  EXPECT_TRUE(has(first, "\"verdict\":\"sound\"")) << first;
  EXPECT_TRUE(has(second, "\"variant\":\"orthodox\"")) << second;
  EXPECT_TRUE(has(second, "\"verdict\":\"no solution\"")) << second;
  EXPECT_TRUE(has(r.err, file + ":7: condition 'Diplomacy': table 'diplomacy' has the "
                                "simultaneous protocol"))
      << r.err;
}

TEST_F(PuzzleBatchCli, EpdAndFenLineFiles) {
  const std::string epd = write("p.epd",
                                "7k/8/6K1/8/8/8/8/R7 w - - stip \"#1\"; id \"rook mate\";\n"
                                "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - -\n");
  const test::CommandResult e = test::run_arbiter("puzzle solve --epd " + epd + " --stip '#2'");
  ASSERT_EQ(e.status, 0) << e.err;
  EXPECT_TRUE(
      has(e.out, "problem 1  " + epd + ":1\ntitle: rook mate\n#1: sound\nkey Ra8# (checks)\n"))
      << e.out;
  EXPECT_TRUE(has(problem_text(e.out, 2), "#2: sound\nkey Qa5\n")) << e.out;
  const test::CommandResult no_stip = test::run_arbiter("puzzle solve --epd " + epd);
  EXPECT_EQ(no_stip.status, 2);
  EXPECT_TRUE(has(no_stip.err, epd + ":2: no stipulation")) << no_stip.err;

  const std::string fens = write("p.txt",
                                 "7k/8/6K1/8/8/8/8/R7 w - - 0 1\n"
                                 "7k/8/6K1/8/8/8/8/1R6 w - - 0 1\n");
  const test::CommandResult f = test::run_arbiter("puzzle solve " + fens + " --stip '#1'");
  ASSERT_EQ(f.status, 0) << f.err;
  EXPECT_TRUE(has(problem_text(f.out, 2), "key Rb8#")) << f.out;
  const test::CommandResult f_no_stip = test::run_arbiter("puzzle solve " + fens);
  EXPECT_EQ(f_no_stip.status, 2);
  EXPECT_TRUE(has(f_no_stip.err, "is not a Popeye file (no BeginProblem)")) << f_no_stip.err;
}

TEST_F(PuzzleBatchCli, SolutionTreeFormat) {
  const test::CommandResult loyd = test::run_arbiter(
      "puzzle solve --format tree --fen '2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1' "
      "--stip '#2'");
  ASSERT_EQ(loyd.status, 0) << loyd.err;
  EXPECT_TRUE(has(loyd.out, "#2: sound\n")) << loyd.out;
  EXPECT_TRUE(has(loyd.out, "1.Qb5? axb5!\n")) << loyd.out;
  EXPECT_TRUE(has(loyd.out, "1.Qa5! zugzwang\n")) << loyd.out;
  EXPECT_TRUE(has(loyd.out, "  1...Re7 2.Qxb4#, 2.Qb6#\n")) << loyd.out;
  EXPECT_FALSE(has(loyd.out, "nodes")) << loyd.out;
  const test::CommandResult help =
      test::run_arbiter("puzzle solve --format tree " + test::data_path("popeye/castling.inp"));
  ASSERT_EQ(help.status, 0) << help.err;
  EXPECT_TRUE(has(problem_text(help.out, 2), "h#2: sound\n1.Kb8 O-O 2.g2 Rf8#\n")) << help.out;
  EXPECT_TRUE(has(problem_text(help.out, 4), "1.Rh3+!\n")) << help.out;
  // A #3 is printed down to the mates, the shortest answers only, as Popeye 122c7d0f prints
  // B. Schwarz's problem of castling.inp (1...Kb2 2.Kd2 Kb1 3.Rb3#, and 2.Kd1 likewise).
  EXPECT_TRUE(has(problem_text(help.out, 4),
                  "1.Rh3+!\n"
                  "  1...Kb2 2.Kd1\n"
                  "    2...Kb1 3.Rb3#\n"
                  "  1...Kb2 2.Kd2\n"
                  "    2...Kb1 3.Rb3#\n"
                  "  1...Kc2 2.Rb4\n"
                  "    2...Kc1 3.Rc3#\n"))
      << help.out;
}

TEST_F(PuzzleBatchCli, OneSourceOfProblemsAtATime) {
  EXPECT_EQ(test::run_arbiter("puzzle solve --stip '#2'").status, 2);
  const test::CommandResult both = test::run_arbiter(
      "puzzle solve --fen '7k/8/6K1/8/8/8/8/R7 w - - 0 1' --stip '#1' " + write("x.inp", ""));
  EXPECT_EQ(both.status, 2);
  EXPECT_TRUE(has(both.err, "give one of --fen, a FILE or --epd FILE")) << both.err;
  const test::CommandResult missing = test::run_arbiter("puzzle solve /nonexistent/x.inp");
  EXPECT_EQ(missing.status, 2);
  EXPECT_TRUE(has(missing.err, "cannot read '/nonexistent/x.inp'")) << missing.err;
}

}  // namespace
}  // namespace arbiter
