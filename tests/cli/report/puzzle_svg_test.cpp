// Puzzle diagrams: `puzzle export --format svg` (one board per corpus problem, its key an
// arrow, its verdict the caption), `puzzle solve --svg` and `puzzle task --svg` (every key or
// answer an arrow from the right square to the right square), and the report's sample-puzzles
// section (cli/report/report_puzzles.hpp) in `arbiter report` and the report `arbiter verify`
// writes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "cli/report/report_puzzles.hpp"
#include "present/board/svg_board.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/geometry.hpp"
#include "rules/core/notation.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::occurrences;
using test::slurp;

namespace fs = std::filesystem;
using test::run_arbiter;

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "/puzzle_svg_" + name + "_" + std::to_string(getpid());
}

/// The captions of the boards, in order.
std::vector<std::string> captions(const std::string& svg) {
  std::vector<std::string> out;
  const std::regex re("<text class=\"caption\"[^>]*>([^<]*)</text>");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator();
       ++it)
    out.push_back((*it)[1]);
  return out;
}

/// The arrows as "from-to" squares, read back from the line's start and the head's tip through
/// the renderer's geometry (present/board/svg_board.hpp), so they can be compared with the moves.
std::multiset<std::string> arrows(const std::string& svg) {
  std::multiset<std::string> out;
  const std::regex re(
      "<g class=\"arrow\"[^>]*><line x1=\"([0-9.]+)\" y1=\"([0-9.]+)\"[^>]*/><polygon "
      "points=\"([0-9.]+),([0-9.]+) ");
  const auto square = [](double x, double y) {
    const int file = static_cast<int>((x - present::kSvgMargin) / present::kSvgSquare);
    const int rank = 7 - static_cast<int>(y / present::kSvgSquare);
    return std::string{static_cast<char>('a' + file), static_cast<char>('1' + rank)};
  };
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator();
       ++it)
    out.insert(square(std::stod((*it)[1]), std::stod((*it)[2])) + "-" +
               square(std::stod((*it)[3]), std::stod((*it)[4])));
  return out;
}

std::string from_to(const Position& pos, const std::string& san) {
  const Move m = parse_san(pos, san);
  return square_name(m.from()) + "-" + square_name(m.to());
}

// Generates `n` problems of `variant` into a fresh corpus and returns its path. Any key and
// surplus men are kept: the drawing is under test here, and the composer defaults (issue 24)
// would need far more candidates.
std::string corpus(const std::string& variant, int n, int seed) {
  const std::string db = temp_path(variant + "_" + std::to_string(seed)) + ".sqlite";
  fs::remove(db);
  const test::CommandResult r = run_arbiter(fmt::format(
      "puzzle generate -q -v {} -s '#2' -n {} --seed {} --any-key --allow-surplus --db '{}'",
      variant, n, seed, db));
  EXPECT_EQ(r.status, 0) << r.err;
  return db;
}

TEST(PuzzleSvg, ExportDrawsOneBoardPerProblemWithItsKey) {
  for (const std::string variant : {"orthodox", "conversion"}) {
    const std::string db = corpus(variant, 5, 7);
    const test::CommandResult epd = run_arbiter("puzzle export --db '" + db + "'");
    ASSERT_EQ(epd.status, 0) << epd.err;
    const std::string out = temp_path("export") + ".svg";
    const test::CommandResult r =
        run_arbiter("puzzle export --db '" + db + "' --format svg --out '" + out + "'");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "");
    const std::string svg = slurp(out);
    EXPECT_TRUE(svg.starts_with("<?xml")) << variant;
    EXPECT_EQ(svg, run_arbiter("puzzle export --db '" + db + "' --format svg").out)
        << "stdout and --out differ";
    // One board per EPD line; each board's caption has the problem's id, the verdict and the
    // EPD's key, and its arrow goes from the key's square to its target.
    std::istringstream lines(epd.out);
    std::vector<std::string> epd_lines;
    for (std::string l; std::getline(lines, l);) epd_lines.push_back(l);
    ASSERT_EQ(epd_lines.size(), 5U) << variant;
    EXPECT_EQ(occurrences(svg, "class=\"board\""), 5);
    const std::vector<std::string> caps = captions(svg);
    ASSERT_EQ(caps.size(), 5U);
    std::multiset<std::string> expected;
    for (std::size_t i = 0; i < epd_lines.size(); ++i) {
      const std::string& l = epd_lines[i];
      const std::string key = l.substr(l.find(" bm ") + 4, l.find(';') - l.find(" bm ") - 4);
      const std::string fen = l.substr(0, l.find(" bm ")) + " 0 1";
      EXPECT_EQ(caps[i], fmt::format("{}:{} #2 sound: key {}", variant, i + 1, key));
      expected.insert(from_to(parse_fen(test::bundled_variant(variant), fen), key));
    }
    EXPECT_EQ(arrows(svg), expected) << variant;
    fs::remove(out);
    fs::remove(db);
  }
  // --out belongs to svg; a missing database is an error.
  const std::string db = corpus("orthodox", 1, 2);
  EXPECT_EQ(run_arbiter("puzzle export --db '" + db + "' --format epd --out x.svg").status, 2);
  EXPECT_NE(run_arbiter("puzzle export --db /nonexistent/x.sqlite --format svg").status, 0);
  fs::remove(db);
}

TEST(PuzzleSvg, SolveDrawsEveryKey) {
  struct Case {
    std::string fen, stip;
    std::multiset<std::string> arrows;
    std::string caption;
  };
  const std::vector<Case> cases = {
      // Sound: one key, Re8.
      {"8/k7/2B1R3/N1Kp4/6p1/8/B7/8 w - - 0 1", "#2", {"e6-e8"}, "orthodox #2 sound: key Re8"},
      // Cooked (Loyd's two-mover without the a6 pawn): both keys drawn.
      {"2brrb2/8/8/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1",
       "#2",
       {"h5-a5", "h5-b5"},
       "orthodox #2 cooked: keys Qa5, Qb5"},
      // Helpmate: Black's first move of the one solution.
      {"8/7k/4P3/2K5/1nP5/8/1Q6/8 b - - 0 1",
       "h#2",
       {"h7-g8"},
       "orthodox h#2 sound: Kg8 Kd6 Kf8 Qh8#"},
      // No solution: no arrow.
      {"2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/8/8 w - - 0 1", "#2", {}, "orthodox #2 no solution"},
  };
  for (const Case& c : cases) {
    const std::string out = temp_path("solve") + ".svg";
    const std::string args = "puzzle solve --fen '" + c.fen + "' -s '" + c.stip + "'";
    const test::CommandResult plain = run_arbiter(args), r = run_arbiter(args + " --svg " + out);
    // The exit status is the verdict's: 0 only for a sound problem.
    ASSERT_EQ(r.status, c.caption.find(" sound") != std::string::npos ? 0 : 1) << r.err;
    const auto verdict = [](const std::string& text) {
      return text.substr(0, text.find(" nodes, "));
    };
    EXPECT_EQ(verdict(r.out), verdict(plain.out)) << "--svg changes nothing but the timing";
    const std::string svg = slurp(out);
    EXPECT_EQ(occurrences(svg, "class=\"board\""), 1);
    EXPECT_EQ(arrows(svg), c.arrows) << c.fen;
    EXPECT_EQ(captions(svg), std::vector<std::string>{c.caption});
    if (c.stip == "h#2") {
      EXPECT_NE(svg.find("#2e7d32"), std::string::npos) << "Black's colour";
    }
    fs::remove(out);
  }
}

TEST(PuzzleSvg, TaskDrawsTheAnswers) {
  const std::string out = temp_path("task") + ".svg";
  test::CommandResult r = run_arbiter(
      "puzzle task -v diplomacy --task both-mated --fen '7k/q3N1pp/8/8/8/8/Q3n1PP/7K "
      "w - - 0 1' --svg " +
      out);
  ASSERT_EQ(r.status, 1) << "cooked: three answers\n" << r.err;
  std::string svg = slurp(out);
  // Qg8 + Qg1, Qg8 + Qa1, Qa8 + Qg1: each move drawn once.
  EXPECT_EQ(arrows(svg), (std::multiset<std::string>{"a2-a8", "a2-g8", "a7-a1", "a7-g1"}));
  EXPECT_EQ(captions(svg), std::vector<std::string>{"diplomacy both-mated: cooked"});
  r = run_arbiter(
      "puzzle task -v conditional --task conditional-mate --fen '7k/8/6K1/8/1p6/8/8/R7 b - - 0 1 "
      "B -' --svg " +
      out);
  ASSERT_EQ(r.status, 0) << r.err;
  svg = slurp(out);
  EXPECT_EQ(arrows(svg), std::multiset<std::string>{"a1-a8"});
  EXPECT_NE(svg.find(">Phase B</text>"), std::string::npos);
  fs::remove(out);
}

/// The sample-puzzles section of a page: from its heading to the next heading or the end.
std::string puzzles_part(const std::string& html) {
  const auto b = html.find("<h2>Sample puzzles</h2>");
  if (b == std::string::npos) return "";
  const auto e = html.find("<h2", b + 4);
  return html.substr(b, e == std::string::npos ? std::string::npos : e - b);
}

TEST(PuzzleSvg, TheSectionIsDeterministicAndItsKeysSolve) {
  for (const std::string variant : {"orthodox", "conversion"}) {
    const VariantPtr& v = test::bundled_variant(variant);
    const cli::ReportSection s = cli::sample_puzzles_section(v);
    EXPECT_EQ(s.title, "Sample puzzles");
    EXPECT_EQ(occurrences(s.html, "<svg class=\"board\""), 3) << variant;
    EXPECT_EQ(occurrences(s.html, "<td>sound</td>"), 3) << variant;
    EXPECT_EQ(occurrences(s.html, "<g class=\"arrow\""), 3) << variant;
    EXPECT_EQ(s.html, cli::sample_puzzles_section(v).html) << "the same page on every run";
  }
  for (const std::string variant : {"diplomacy", "move-neutral", "conditional"}) {
    const cli::ReportSection s = cli::sample_puzzles_section(test::bundled_variant(variant));
    EXPECT_EQ(occurrences(s.html, "<svg class=\"board\""), 1) << variant;
    EXPECT_NE(s.html.find("arbiter puzzle task -v " + variant), std::string::npos);
  }
}

TEST(PuzzleSvg, ReportAndVerifyPagesHoldTheSection) {
  const fs::path dir = temp_path("report");
  fs::remove_all(dir);
  test::CommandResult r =
      run_arbiter("report -q --no-solver --out '" + dir.string() + "' -v orthodox -v diplomacy");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string ortho = slurp((dir / "orthodox.html").string());
  EXPECT_EQ(occurrences(puzzles_part(ortho), "<svg class=\"board\""), 3);
  EXPECT_EQ(
      occurrences(puzzles_part(slurp((dir / "diplomacy.html").string())), "<svg class=\"board\""),
      1);
  // --no-puzzles: the section and its three boards are gone, the rest is unchanged.
  r = run_arbiter("report -q --no-solver --no-puzzles --out '" + dir.string() + "' -v orthodox");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string without = slurp((dir / "orthodox.html").string());
  EXPECT_EQ(puzzles_part(without), "");
  EXPECT_EQ(occurrences(ortho, "<svg class=\"board\""),
            occurrences(without, "<svg class=\"board\"") + 3);
  fs::remove_all(dir);
  // The report arbiter verify writes.
  r = run_arbiter("verify --no-solver --table conversion --max-nodes 100000 --report '" +
                  dir.string() + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string conv = slurp((dir / "conversion.html").string());
  EXPECT_NE(conv.find("<h2>Verify checks</h2>"), std::string::npos);
  EXPECT_EQ(occurrences(puzzles_part(conv), "<svg class=\"board\""), 3);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace arbiter
