// The SVG board renderer (present/board/svg_board.hpp) and the boards built for it
// (present/board/report_boards.hpp): well-formed XML, one piece drawn per piece on the board (two
// on a shared square), the chess figures for orthodox men and a lettered disc for fairy ones,
// White or Black at the bottom, arrows per move with failed moves marked, conversion and conflict
// marks, the Conditional phase, and a golden file for one board (regenerate with
// ARBITER_UPDATE_GOLDEN=1).
#include <gtest/gtest.h>

#include <bit>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "present/board/report_boards.hpp"
#include "present/board/svg_board.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/notation.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::occurrences;

using present::SvgBoard;

/// Checks that `xml` is well formed as far as this renderer's output goes: every tag closes in
/// order, attributes are quoted, no stray '<' or '&' in text. Returns "" or the problem.
std::string xml_problem(const std::string& xml) {
  std::vector<std::string> open;
  std::size_t i = 0;
  while (i < xml.size()) {
    if (xml[i] == '&') {
      const std::size_t semi = xml.find(';', i);
      if (semi == std::string::npos || semi - i > 6) return "bare '&' at " + std::to_string(i);
      i = semi + 1;
      continue;
    }
    if (xml[i] != '<') {
      if (xml[i] == '>') return "stray '>' at " + std::to_string(i);
      ++i;
      continue;
    }
    std::size_t end = i + 1;
    char quote = 0;
    for (; end < xml.size(); ++end) {
      if (quote) {
        if (xml[end] == quote)
          quote = 0;
        else if (xml[end] == '<')
          return "'<' inside an attribute at " + std::to_string(end);
      } else if (xml[end] == '"' || xml[end] == '\'') {
        quote = xml[end];
      } else if (xml[end] == '>') {
        break;
      }
    }
    if (end >= xml.size()) return "unterminated tag at " + std::to_string(i);
    const std::string tag = xml.substr(i + 1, end - i - 1);
    i = end + 1;
    if (tag.starts_with("?")) continue;
    if (tag.starts_with("/")) {
      const std::string name = tag.substr(1);
      if (open.empty() || open.back() != name) return "mismatched </" + name + ">";
      open.pop_back();
      continue;
    }
    const std::string name = tag.substr(0, tag.find_first_of(" \n/"));
    if (!tag.ends_with("/")) open.push_back(name);
  }
  return open.empty() ? "" : "unclosed <" + open.back() + ">";
}

TEST(SvgBoard, StartPositionIsWellFormedWithEveryPiece) {
  const SvgBoard b = present::board_of_fen(test::orthodox(), test::orthodox()->table().setup_fen);
  const std::string svg = present::svg_board(b);
  EXPECT_EQ(xml_problem(svg), "") << svg;
  EXPECT_EQ(occurrences(svg, "class=\"piece "), 32);
  EXPECT_EQ(occurrences(svg, "class=\"piece white\""), 16);
  EXPECT_EQ(occurrences(svg, "<rect "), 64);
  EXPECT_EQ(occurrences(svg, "class=\"arrow"), 0);
  EXPECT_EQ(occurrences(svg, "class=\"board\""), 1);
  const std::string doc = present::svg_document({b, b});
  EXPECT_EQ(xml_problem(doc), "");
  EXPECT_TRUE(doc.starts_with("<?xml version=\"1.0\""));
  EXPECT_EQ(occurrences(doc, "class=\"board\""), 2);
  EXPECT_EQ(occurrences(doc, "class=\"piece "), 64);
}

TEST(SvgBoard, PieceCountMatchesTheBoardOnManyPositions) {
  // Every position along a fixed game: one glyph per piece, one arrow per move drawn.
  Position pos = parse_fen(test::orthodox(), test::orthodox()->table().setup_fen);
  const char* game[] = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6",
                        "e1g1", "f7f6", "d2d4", "e5d4", "f3d4", "c6c5", "d4e2", "d8d1"};
  int checked = 0;
  for (const char* uci : game) {
    const Move m = parse_uci(pos, uci);
    const std::string svg =
        present::svg_board(present::board_with_moves(test::orthodox(), to_fen(pos), {m}));
    ASSERT_EQ(xml_problem(svg), "") << uci;
    EXPECT_EQ(occurrences(svg, "class=\"piece "), std::popcount(pos.occupied())) << uci;
    EXPECT_EQ(occurrences(svg, "class=\"arrow\""), 1) << uci;
    Undo u;
    pos.make(m, u);
    ++checked;
  }
  EXPECT_EQ(checked, 16);
}

TEST(SvgBoard, SharedSquareDrawsBothPieces) {
  const VariantPtr& v = test::bundled_variant("move-neutral");
  Position pos(v);
  pos.put(kWhite, v->type_of_letter('K'), make_square(4, 0));
  pos.put(kBlack, v->type_of_letter('K'), make_square(4, 7));
  pos.put(kWhite, v->type_of_letter('Q'), make_square(3, 3));
  pos.put(kBlack, v->type_of_letter('N'), make_square(3, 3));  // d4 shared
  const std::string svg = present::svg_board(SvgBoard{pos});
  EXPECT_EQ(xml_problem(svg), "");
  EXPECT_EQ(occurrences(svg, "class=\"piece "), 4);
  // The two halves of the shared square, at half size side by side: White's queen, Black's knight.
  EXPECT_EQ(occurrences(svg, "class=\"piece white half\""), 1);
  EXPECT_EQ(occurrences(svg, "class=\"piece black half\""), 1);
  const std::size_t white = svg.find("class=\"piece white half\""),
                    black = svg.find("class=\"piece black half\"");
  EXPECT_NE(svg.substr(white, svg.find("</g>", white) - white).find("&#9813;"), std::string::npos);
  EXPECT_NE(svg.substr(black, svg.find("</g>", black) - black).find("&#9822;"), std::string::npos);
}

TEST(SvgBoard, DiplomacyBounceDrawsFailedArrowsAndTheConflict) {
  // Both knights go to c3: equal ranks, both fail, c3 is the conflict point.
  const VariantPtr& v = test::bundled_variant("diplomacy");
  const SvgBoard b = present::board_of_step(v, "4k3/8/8/3n4/8/8/8/1N2K3 w - - 0 1", "b1c3 d5c3");
  ASSERT_EQ(b.arrows.size(), 2U);
  EXPECT_TRUE(b.arrows[0].failed);
  EXPECT_TRUE(b.arrows[1].failed);
  EXPECT_EQ(b.conflicts, bb(make_square(2, 2)));
  const std::string svg = present::svg_board(b);
  EXPECT_EQ(xml_problem(svg), "");
  EXPECT_EQ(occurrences(svg, "class=\"arrow failed\""), 2);
  EXPECT_EQ(occurrences(svg, "stroke-dasharray"), 2);
  EXPECT_EQ(occurrences(svg, "class=\"conflict\""), 1);
}

TEST(SvgBoard, DiplomacyExecutedMovesAreSolid) {
  const VariantPtr& v = test::bundled_variant("diplomacy");
  const SvgBoard b = present::board_of_step(v, v->table().setup_fen, "e2e4 e7e5");
  ASSERT_EQ(b.arrows.size(), 2U);
  EXPECT_FALSE(b.arrows[0].failed);
  EXPECT_FALSE(b.arrows[1].failed);
  EXPECT_EQ(b.conflicts, 0U);
}

TEST(SvgBoard, ConversionMoveMarksThePiecesItConverts) {
  // Ng1-f3 with its twin on b1: co-squares b3 and f1; the black pawn on b3 converts.
  const VariantPtr& v = test::bundled_variant("conversion");
  const std::string fen = "4k3/8/8/8/8/1p6/8/1N2K1N1 w - - 0 1";
  const SvgBoard b = present::board_of_step(v, fen, "g1f3");
  EXPECT_EQ(b.marked, bb(make_square(1, 2)));
  ASSERT_EQ(b.arrows.size(), 1U);
  EXPECT_EQ(occurrences(present::svg_board(b), "class=\"co-square\""), 1);
}

TEST(SvgBoard, AStepTheDefaultRulesRefuseIsDrawnFailed) {
  // The ambiguity witness of threat-by-pinned-piece: d2e2 is refused under the default.
  const VariantPtr& v = test::bundled_variant("conversion");
  const SvgBoard b = present::board_of_step(
      v, "r3k2r/1ppq1pp1/8/1R3n2/1r3N2/8/1PPQ1PP1/R3K2R w KQkq - 0 1", "d2e2");
  ASSERT_EQ(b.arrows.size(), 1U);
  EXPECT_TRUE(b.arrows[0].failed);
  EXPECT_EQ(b.arrows[0].from, make_square(3, 1));
  EXPECT_EQ(b.arrows[0].to, make_square(4, 1));
}

TEST(SvgBoard, ASimultaneousStepWithARefusedSubmissionDrawsItFailed) {
  // White's e1d1 is no submission (d1 holds White's queen): drawn failed, Black's e7e5 stands.
  const VariantPtr& v = test::bundled_variant("move-neutral");
  const SvgBoard b = present::board_of_step(v, v->table().setup_fen, "e1d1 e7e5");
  ASSERT_EQ(b.arrows.size(), 2U);
  EXPECT_TRUE(b.arrows[0].failed);
  EXPECT_EQ(b.arrows[0].side, kWhite);
  EXPECT_FALSE(b.arrows[1].failed);
  EXPECT_EQ(b.arrows[1].side, kBlack);
}

TEST(SvgBoard, ConditionalBoardShowsThePhase) {
  const VariantPtr& v = test::bundled_variant("conditional");
  const SvgBoard b = present::board_of_fen(v, "R3k3/8/8/8/8/8/8/4K3 b - - 1 1 B -");
  EXPECT_EQ(b.phase, "B");
  const std::string svg = present::svg_board(b);
  EXPECT_EQ(xml_problem(svg), "");
  EXPECT_NE(svg.find(">Phase B</text>"), std::string::npos);
  EXPECT_EQ(present::board_of_fen(v, v->table().setup_fen).phase, "A");
}

TEST(SvgBoard, CaptionIsEscaped) {
  SvgBoard b = present::board_of_fen(test::orthodox(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  b.caption = "a < b & \"c\"";
  const std::string svg = present::svg_board(b);
  EXPECT_EQ(xml_problem(svg), "");
  EXPECT_NE(svg.find("a &lt; b &amp; &quot;c&quot;"), std::string::npos);
}

TEST(SvgBoard, MatchesTheGoldenFile) {
  const VariantPtr& v = test::bundled_variant("conversion");
  SvgBoard b = present::board_of_step(v, "4k3/8/8/8/8/1p6/8/1N2K1N1 w - - 0 1", "g1f3");
  b.caption = "Ng1-f3 converts the pawn on b3";
  const std::string svg = present::svg_document({b});
  EXPECT_EQ(svg, present::svg_document({b}));  // deterministic
  const std::string path =
      std::string(ARBITER_SOURCE_DIR) + "/tests/present/board/svg_board_golden.svg";
  if (std::getenv("ARBITER_UPDATE_GOLDEN")) {
    std::ofstream(path, std::ios::binary) << svg;
    GTEST_SKIP() << "wrote " << path;
  }
  std::ifstream f(path, std::ios::binary);
  ASSERT_TRUE(f) << "missing golden file " << path << " (run with ARBITER_UPDATE_GOLDEN=1)";
  std::stringstream golden;
  golden << f.rdbuf();
  EXPECT_EQ(svg, golden.str());
}

}  // namespace
}  // namespace arbiter
