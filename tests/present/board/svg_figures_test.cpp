// How the SVG board (present/board/svg_board.hpp) draws men and which way up: the Unicode chess
// figures for the six orthodox pieces (a white man is the solid figure filled white under the
// outline figure in black; a black man the solid figure in black), a lettered disc for a fairy
// piece no figure shows, White or Black at the bottom with the coordinates following, and the
// same text for the same board.
#include <gtest/gtest.h>

#include <string>

#include "present/board/report_boards.hpp"
#include "present/board/svg_board.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/table_loader.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using present::SvgBoard;
using test::occurrences;

/// The text of the first man's <g> whose class is `cls` ("" when none).
std::string figures_man(const std::string& svg, const std::string& cls) {
  const std::size_t at = svg.find("class=\"" + cls + "\"");
  if (at == std::string::npos) return "";
  return svg.substr(at, svg.find("</g>", at) - at);
}

TEST(SvgFigures, FigureCodePointsBelongToTheSixOrthodoxNames) {
  EXPECT_EQ(present::chess_figure("king"), 0x2654);
  EXPECT_EQ(present::chess_figure("queen"), 0x2655);
  EXPECT_EQ(present::chess_figure("rook"), 0x2656);
  EXPECT_EQ(present::chess_figure("bishop"), 0x2657);
  EXPECT_EQ(present::chess_figure("knight"), 0x2658);
  EXPECT_EQ(present::chess_figure("pawn"), 0x2659);
  for (const char* fairy : {"archbishop", "chancellor", "nightrider", "amazon", "camel", ""})
    EXPECT_EQ(present::chess_figure(fairy), 0) << fairy;
}

TEST(SvgFigures, OrthodoxMenAreDrawnAsTheChessFigures) {
  const SvgBoard b = present::board_of_fen(test::orthodox(), test::orthodox()->table().setup_fen);
  const std::string svg = present::svg_board(b);
  // White's men: the solid figure (U+265A..U+265F) filled white, the outline (U+2654..) on top.
  EXPECT_EQ(occurrences(svg, "&#9812;"), 1);  // white king's outline
  EXPECT_EQ(occurrences(svg, "&#9813;"), 1);  // queen
  EXPECT_EQ(occurrences(svg, "&#9814;"), 2);  // rooks
  EXPECT_EQ(occurrences(svg, "&#9815;"), 2);  // bishops
  EXPECT_EQ(occurrences(svg, "&#9816;"), 2);  // knights
  EXPECT_EQ(occurrences(svg, "&#9817;"), 8);  // pawns
  // The solid figures: each white man's body and each black man.
  EXPECT_EQ(occurrences(svg, "&#9818;"), 2);
  EXPECT_EQ(occurrences(svg, "&#9819;"), 2);
  EXPECT_EQ(occurrences(svg, "&#9820;"), 4);
  EXPECT_EQ(occurrences(svg, "&#9821;"), 4);
  EXPECT_EQ(occurrences(svg, "&#9822;"), 4);
  EXPECT_EQ(occurrences(svg, "&#9823;"), 16);
  EXPECT_EQ(occurrences(svg, "<circle"), 0) << "no lettered disc for an orthodox man";
  EXPECT_EQ(occurrences(svg, " letter\""), 0);
  const std::string white = figures_man(svg, "piece white"),
                    black = figures_man(svg, "piece black");
  EXPECT_NE(white.find("fill=\"#fff\""), std::string::npos) << white;
  EXPECT_NE(white.find("fill=\"#000\""), std::string::npos) << white;
  EXPECT_NE(black.find("fill=\"#000\""), std::string::npos) << black;
  EXPECT_EQ(black.find("fill=\"#fff\""), std::string::npos) << black;
  EXPECT_NE(white.find("font-family=\"DejaVu Sans"), std::string::npos) << white;
}

TEST(SvgFigures, AFairyPieceKeepsALetteredDisc) {
  const VariantPtr v = Variant::compile(load_table_file(test::data_path("tables/fairy/zoo.toml")));
  // White: king, archbishop (A), nightrider (Z); Black: king, chancellor (c).
  const SvgBoard b = present::board_of_fen(v, "4k1Z1/8/2c5/8/8/3A4/8/4K3 w - - 0 1");
  const std::string svg = present::svg_board(b);
  EXPECT_EQ(occurrences(svg, "class=\"piece "), 5);
  EXPECT_EQ(occurrences(svg, "<circle"), 3);
  const std::string a = figures_man(svg, "piece white letter");
  EXPECT_NE(a.find(">A</text>"), std::string::npos) << a;
  EXPECT_NE(a.find("fill=\"#fff\""), std::string::npos) << "a white disc: " << a;
  const std::string c = figures_man(svg, "piece black letter");
  EXPECT_NE(c.find(">C</text>"), std::string::npos) << c;
  EXPECT_NE(c.find("fill=\"#222\""), std::string::npos) << "a dark disc: " << c;
  EXPECT_NE(svg.find(">Z</text>"), std::string::npos);
  EXPECT_EQ(occurrences(svg, "&#9812;"), 1);  // the kings stay figures
  EXPECT_EQ(occurrences(svg, "&#9818;"), 2);
}

TEST(SvgFigures, BlackAtTheBottomPutsH8BottomLeftAndTheCoordinatesFollow) {
  const std::string fen = "4k3/8/8/8/8/8/4P3/K7 w - - 0 1";
  const Move e2e4 = parse_uci(parse_fen(test::orthodox(), fen), "e2e4");
  const SvgBoard b = present::board_with_moves(test::orthodox(), fen, {e2e4});
  const std::string white = present::svg_board(b), black = present::svg_board(b, kBlack);
  // Rank labels: "1" by the bottom row for White, by the top row for Black.
  EXPECT_NE(white.find("y=\"346\" font-size=\"13\" text-anchor=\"middle\" fill=\"#333\">1<"),
            std::string::npos);
  EXPECT_NE(black.find("y=\"31\" font-size=\"13\" text-anchor=\"middle\" fill=\"#333\">1<"),
            std::string::npos);
  // File labels: "a" under the left column for White, under the right one for Black.
  EXPECT_NE(white.find("<text x=\"42\" y=\"379\""), std::string::npos);
  EXPECT_NE(black.find("<text x=\"357\" y=\"379\""), std::string::npos);
  // White's king on a1: bottom left for White, top right for Black.
  EXPECT_NE(figures_man(white, "piece white").find("x=\"42.5\""), std::string::npos);
  EXPECT_NE(figures_man(black, "piece white").find("x=\"357.5\""), std::string::npos);
  // The arrow e2-e4 goes up for White, down for Black (e2's centre: column 3, row 1).
  EXPECT_NE(white.find("x1=\"222.5\" y1=\"296.5\""), std::string::npos);
  EXPECT_NE(black.find("x1=\"177.5\" y1=\"71.5\""), std::string::npos);
  // Both ways the bottom-left square is dark (a1 for White, h8 for Black).
  EXPECT_NE(white.find("<rect x=\"20\" y=\"319\" width=\"45\" height=\"45\" fill=\"#b58863\"/>"),
            std::string::npos);
  EXPECT_NE(black.find("<rect x=\"20\" y=\"319\" width=\"45\" height=\"45\" fill=\"#b58863\"/>"),
            std::string::npos);
  EXPECT_EQ(occurrences(black, "class=\"piece "), 3);
  EXPECT_NE(present::svg_document({b}, kBlack).find("x1=\"177.5\" y1=\"71.5\""), std::string::npos)
      << "the document draws the board flipped too";
}

TEST(SvgFigures, TheSameBoardGivesTheSameTextEitherWayUp) {
  const VariantPtr& v = test::bundled_variant("move-neutral");
  Position pos(v);
  pos.put(kWhite, v->type_of_letter('K'), make_square(4, 0));
  pos.put(kBlack, v->type_of_letter('K'), make_square(4, 7));
  pos.put(kWhite, v->type_of_letter('R'), make_square(3, 3));
  pos.put(kBlack, v->type_of_letter('B'), make_square(3, 3));  // d4 shared
  SvgBoard b{pos};
  b.conflicts = bb(make_square(2, 2));
  b.arrows.push_back({make_square(4, 0), make_square(4, 1), kWhite, true});
  for (Color bottom : {kWhite, kBlack}) {
    EXPECT_EQ(present::svg_board(b, bottom), present::svg_board(SvgBoard{b}, bottom));
    EXPECT_EQ(present::svg_document({b, b}, bottom), present::svg_document({b, b}, bottom));
  }
  EXPECT_EQ(present::svg_board(b), present::svg_board(b, kWhite))
      << "White at the bottom by default";
  EXPECT_NE(present::svg_board(b, kBlack), present::svg_board(b, kWhite));
}

}  // namespace
}  // namespace arbiter
