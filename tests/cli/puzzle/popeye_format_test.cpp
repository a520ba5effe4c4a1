// `puzzle solve --format popeye`: arbiter's text against the text Popeye printed for its own
// example and regression problems (tests/data/popeye/text: NAME.inp, one problem copied from
// Popeye's source, and NAME.ref, Popeye's printed solution for it from its stipulation line
// on; README.md there cites each). Compared as scripts/popeye-diff.sh compares them: the
// lines of each level sorted, since Popeye prints moves in its generator's order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> popeye_text_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::size_t popeye_text_indent(const std::string& line) {
  return line.find_first_not_of(' ') == std::string::npos ? line.size()
                                                          : line.find_first_not_of(' ');
}

/// lines[i, end) deeper than `depth`, each with the lines below it, the runs of siblings of
/// one indentation sorted; `i` is left after them.
std::vector<std::string> popeye_sorted_tree(const std::vector<std::string>& lines, std::size_t& i,
                                            std::size_t end, long depth) {
  std::vector<std::string> out, run;
  std::size_t run_indent = 0;
  const auto flush = [&] {
    std::sort(run.begin(), run.end());
    out.insert(out.end(), run.begin(), run.end());
    run.clear();
  };
  while (i<end&& static_cast<long>(popeye_text_indent(lines[i]))> depth) {
    const std::size_t indent = popeye_text_indent(lines[i]);
    if (!run.empty() && indent != run_indent) flush();
    run_indent = indent;
    std::string node = lines[i++];
    for (const auto& below : popeye_sorted_tree(lines, i, end, static_cast<long>(indent)))
      node += '\n' + below;
    run.push_back(node);
  }
  flush();
  return out;
}

/// A twin's line ("a) ", "b) wKh1-->h2  ", "+c) ..."): it starts a part of its own.
bool popeye_twin_line(const std::string& line) {
  std::size_t i = line.starts_with('+') ? 1 : 0;
  if (i >= line.size() || line[i] < 'a' || line[i] > 'z') return false;
  for (++i; i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])) != 0;) ++i;
  return line.compare(i, 2, ") ") == 0;
}

/// The text with the order of Popeye's move generator taken out: the blocks between blank
/// lines sorted (within each twin), each block's sibling lines sorted; the first and last
/// lines kept in place.
std::string popeye_canonical(const std::string& text) {
  const std::vector<std::string> lines = popeye_text_lines(text);
  if (lines.size() < 2) return text;
  std::vector<std::string> blocks;
  std::size_t part = 0;  // where the current twin's blocks start
  std::size_t blanks = 0;
  for (std::size_t i = 1; i + 1 < lines.size();) {
    if (lines[i].find_first_not_of(' ') == std::string::npos) {
      ++blanks;
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end + 1 < lines.size() && lines[end].find_first_not_of(' ') != std::string::npos) ++end;
    if (popeye_twin_line(lines[i])) {
      std::sort(blocks.begin() + static_cast<long>(part), blocks.end());
      part = blocks.size();
    }
    std::string block;
    for (const auto& node : popeye_sorted_tree(lines, i, end, -1)) block += node + '\n';
    blocks.push_back(block);
  }
  std::sort(blocks.begin() + static_cast<long>(part), blocks.end());
  std::string out = lines.front() + '\n';
  for (const auto& b : blocks) out += b;
  return out + std::to_string(blanks) + " blank lines\n" + lines.back() + '\n';
}

/// arbiter's text from its stipulation line to "solution finished." (the two blank lines
/// after it are Popeye's too but not in the .ref files).
std::string popeye_text_of(const std::string& out) {
  std::string text = out;
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text + '\n';
}

/// `puzzle solve --format popeye -q` on a Popeye file holding `text` (written as `name` in the
/// temporary directory).
test::CommandResult solve_popeye_text(const std::string& name, const std::string& text) {
  return test::run_arbiter("puzzle solve --format popeye -q " + test::write_temp_file(name, text));
}

TEST(PopeyeFormat, PrintsWhatPopeyePrintedForItsOwnProblems) {
  const fs::path dir = test::data_path("popeye/text");
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".inp") continue;
    fs::path ref = entry.path();
    ref.replace_extension(".ref");
    const auto r = test::run_arbiter("puzzle solve --format popeye -q " + entry.path().string());
    SCOPED_TRACE(entry.path().filename().string());
    EXPECT_EQ(popeye_canonical(popeye_text_of(r.out)), popeye_canonical(test::slurp(ref.string())));
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(PopeyeFormat, EndsWithPopeyesFinishedLineWithoutTime) {
  const auto r = test::run_arbiter(
      "puzzle solve --format popeye --fen '7k/5K2/8/8/8/8/8/6R1 w - - 0 1' -s '#1'");
  EXPECT_EQ(r.out,
            "  #1                          2 + 1\n\n   1.Rg1-h1 # !\n\n\nsolution finished.\n\n\n");
}

TEST(PopeyeFormat, PrintsTwinsAndDuplexAsOneBlockLikePopeye) {
  // Popeye's REGRESSIONTESTS/twin.out, first problem (Staudte, h#2 Duplex, b) h=2): the
  // diagram's stipulation line, "Duplex" centred, each twin's line, the half-duplex without
  // one, "Loesung beendet." once.
  const auto r = solve_popeye_text("twin_block.inp",
                                   "AnfangProblem\n"
                                   "Forderung h#2\n"
                                   "Steine Weiss kc8 be7 Schwarz ka6 tf7\n"
                                   "Option Duplex\n"
                                   "Zwilling Forderung h=2\n"
                                   "EndeProblem\n");
  EXPECT_EQ(r.out,
            "  h#2                         2 + 2\n"
            "               Duplex\n"
            "\n"
            "a) \n"
            "\n"
            "  1.Tf7-f6 e7-e8=D   2.Tf6-b6 De8-a4 #\n"
            "\n"
            "  1.Kc8-b8 Tf7*e7   2.Kb8-a8 Te7-e8 #\n"
            "\n"
            "b) h=2  \n"
            "\n"
            "  1.Ka6-a7 e7-e8=D   2.Ka7-a8 De8*f7 =\n"
            "\n"
            "  1.Kc8-b8 Tf7*e7   2.Kb8-a8 Te7-b7 =\n"
            "\n"
            "Loesung beendet.\n\n\n");
}

TEST(PopeyeFormat, WritesEachTwinningAsPopeyeDoes) {
  // output/plaintext/twinning.c: moves "wKh1-->h2", exchanges "<-->", removals "-", additions
  // "+", "rotate 90", "mirror a1<-->h1", "shift a1 ==> b1", "P ==> S"; "+" before a continued
  // twin's letter; "zeroposition" before the first twin, which is then a).
  const auto r = solve_popeye_text(
      "twin_lines.inp",
      "BeginProblem\nStipulation #1\nPieces White Kb6 Rc1 Bd2 Black Ka8\nZeroPosition\n"
      "Move c1 c2\nTwin Exchange b6 a8\nTwin Remove d2\nTwin Add black pg7\n"
      "Twin Rotate 90\nTwin Mirror a1<-->h1\nTwin Shift a1 b1\nTwin Substitute B S\n"
      "Twin Continued Move d2 d3\nEndProblem\n");
  for (const char* line :
       {"\nzeroposition\n\n\na) wRc1-->c2  \n", "\nb) wKb6<-->bKa8  \n", "\nc) -wBd2  \n",
        "\nd) +bPg7  \n", "\ne) rotate 90  \n", "\nf) mirror a1<-->h1  \n",
        "\ng) shift a1 ==> b1  \n", "\nh) B ==> S  \n", "\n+i) wSd2-->d3  \n"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\nin\n" << r.out;
  EXPECT_EQ(r.out.find("solution finished."), r.out.rfind("solution finished."));
}

/// The #1 of the twin-block tests (White Kb6 Rc1, Black Ka8: 1.Rc1-c8#) with `twins` after
/// it, solved with --format popeye from a file `name`: its text. Exit status 2: one of the
/// twins cannot be read or solved.
std::string twin_block_text(const std::string& name, const std::string& twins) {
  const auto r =
      solve_popeye_text(name, "BeginProblem\nStipulation #1\nPieces White Kb6 Rc1 Black Ka8\n" +
                                  twins + "EndProblem\n");
  EXPECT_EQ(r.status, 2);
  return r.out;
}

TEST(PopeyeFormat, KeepsATwinBlockWholeWhenATwinCannotBeSolved) {
  // Popeye's own output for this file (popeye 4.104 at commit 122c7d0f): the twin without a
  // white king is its line and a blank line ("both sides need a king" goes to stderr), and
  // "solution finished." still ends the block.
  EXPECT_EQ(twin_block_text("twin_unsolved.inp", "Twin Remove b6\n"),
            "  #1                          2 + 1\n"
            "\n"
            "a) \n"
            "\n"
            "   1.Rc1-c8 # !\n"
            "\n"
            "\n"
            "b) -wKb6  \n"
            "\n"
            "\n"
            "solution finished.\n\n\n");
}

TEST(PopeyeFormat, KeepsATwinBlockWholeWhenATwinCannotBeRead) {
  // The head (zeroposition) is the block's although its first twin is not read; an unread
  // twin is its label (its changes could not be read) and a blank line; the readable twin
  // after it is solved; "solution finished." once, at the end.
  EXPECT_EQ(
      twin_block_text("twin_unread.inp",
                      "ZeroPosition Add White Gg5\nTwin Continued Move c1 c2\nTwin Move c1 d1\n"),
      "  #1                          2 + 1\n"
      "\n"
      "zeroposition\n"
      "\n"
      "\n"
      "a) \n"
      "\n"
      "\n"
      "+b) \n"
      "\n"
      "\n"
      "c) wRc1-->d1  \n"
      "\n"
      "   1.Rd1-d8 # !\n"
      "\n"
      "\n"
      "solution finished.\n\n\n");
}

TEST(PopeyeFormat, PrintsAProblemThatCannotBeSolvedAsAnEmptyBlock) {
  // Popeye's output for a problem without a white king: its stipulation line, a blank line,
  // "solution finished.".
  const auto r = solve_popeye_text(
      "unsolved.inp", "BeginProblem\nStipulation #2\nPieces White Rc1 Black Ka8\nEndProblem\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "  #2                          1 + 1\n\n\nsolution finished.\n\n\n");
}

TEST(PopeyeFormat, PrintsAKeyAloneWithoutOptionVariation) {
  // Popeye prints a key's threat and variations only under Option Variation; the tries (under
  // Option Try) with their refutations and the set play either way. Popeye's own output for
  // Loyd's #2 without Option Variation:
  const std::string loyd =
      "Stipulation #2\nPieces White Kg3 Qh5 Se3 Pb3d2f4\n"
      "Black Kd4 Rd8e8 Bc8f8 Pa6b4d3e4g4\n";
  const auto r = solve_popeye_text("no_variation.inp", "BeginProblem\n" + loyd + "NextProblem\n" +
                                                           loyd + "Option Try\nNextProblem\n" +
                                                           loyd + "Option Variation\nEndProblem\n");
  const std::string key_alone =
      "  #2                         6 + 10\n\n   1.Qh5-a5 !\n\n\nsolution finished.\n\n\n";
  EXPECT_EQ(r.out.substr(0, key_alone.size()), key_alone);
  EXPECT_NE(r.out.find("   1.Qh5-a5 !\n\n   1.Qh5-b5 ?\n    but\n      1...a6*b5 !\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("   1.Qh5-a5 ! zugzwang.\n      1..."), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("threat:"), std::string::npos) << r.out;
}

TEST(PopeyeFormat, PrintsNoTriesInAOneMover) {
  // Popeye lists no tries in #1 and =1, even under Option Try; its output for this =1:
  // "   1.Qc1-f4 = !" and "   1.Qc1-c7 = !" alone.
  const auto r = solve_popeye_text(
      "one_mover.inp",
      "BeginProblem\nStipulation =1\nPieces White Kb6 Qc1 Black Ka8\nOption Try\nEndProblem\n");
  EXPECT_NE(r.out.find("   1.Qc1-f4 = !\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("   1.Qc1-c7 = !\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(" ?\n"), std::string::npos) << r.out;
}

TEST(PopeyeFormat, IsOneOfTheFormatsOfPuzzleSolve) {
  const auto r =
      test::run_arbiter("puzzle solve --format popeyes --fen 8/8/8/8/8/8/8/K1k5 -s '#1'");
  EXPECT_EQ(r.status, 2);
}

}  // namespace
}  // namespace arbiter
