#include "present/board/svg_board.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <stdexcept>

namespace arbiter::inline present {
namespace {

constexpr int kTop = 4;                     // padding above the board
constexpr int kBoardSide = 8 * kSvgSquare;  // the squares
constexpr int kWidth = kSvgMargin + kBoardSide + 4;
constexpr int kLine = 18;  // one line of text under the board
constexpr const char* kLight = "#f0d9b5";
constexpr const char* kDark = "#b58863";
constexpr const char* kFont = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";
// The chess figures (U+2654..U+265F): DejaVu Sans first (Debian's fonts-dejavu-core, which
// scripts/setup.sh installs), then fonts that carry them on other systems.
constexpr const char* kFigureFont =
    "DejaVu Sans, FreeSerif, Noto Sans Symbols2, Segoe UI Symbol, Apple Symbols, serif";

/// Where the squares go: `bottom` is the side whose first rank is drawn at the bottom (White:
/// a1 bottom left; Black: h8 bottom left).
struct Frame {
  Color bottom = kWhite;

  int column(Square s) const { return bottom == kWhite ? file_of(s) : 7 - file_of(s); }
  int row(Square s) const { return bottom == kWhite ? 7 - rank_of(s) : rank_of(s); }
  int x(Square s) const { return kSvgMargin + column(s) * kSvgSquare; }
  int y(Square s) const { return kTop + row(s) * kSvgSquare; }
  double cx(Square s) const { return x(s) + kSvgSquare / 2.0; }
  double cy(Square s) const { return y(s) + kSvgSquare / 2.0; }
};

int height_of(const SvgBoard& b) {
  int h = kTop + kBoardSide + kSvgMargin;
  if (!b.phase.empty()) h += kLine;
  if (!b.caption.empty()) h += kLine;
  return h;
}

/// A man: the chess figure of an orthodox piece (below), else a disc with the table's letter.
/// `half` draws it at half size (the two men of a shared square).
std::string piece(const PieceInfo& info, Color c, double cx, double cy, bool half) {
  const bool white = c == kWhite;
  const char* cls = white ? (half ? "white half" : "white") : (half ? "black half" : "black");
  if (const int figure = chess_figure(info.name)) {
    // The solid figure (U+265A..) gives the man's body in his colour; a white man also gets the
    // outline figure (U+2654..) in black on top, so both colours read on either square colour.
    const double size = half ? 24 : 38, y = cy + size * 0.34;  // the glyphs sit on the baseline
    const int solid = figure + 6;
    std::string out = fmt::format(
        "<g class=\"piece {}\" font-family=\"{}\" font-size=\"{:.1f}\" text-anchor=\"middle\">",
        cls, kFigureFont, size);
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"{}\"{}>&#{};</text>", cx, y,
                       white ? "#fff" : "#000",
                       white ? "" : " stroke=\"#000\" stroke-width=\"0.6\"", solid);
    if (white)
      out +=
          fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#000\">&#{};</text>", cx, y, figure);
    return out + "</g>\n";
  }
  const double r = half ? 10.5 : 17;
  return fmt::format(
      "<g class=\"piece {} letter\"><circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" "
      "fill=\"{}\" stroke=\"#000\" stroke-width=\"1.5\"/><text x=\"{:.1f}\" y=\"{:.1f}\" "
      "font-size=\"{:.1f}\" font-weight=\"bold\" text-anchor=\"middle\" "
      "dominant-baseline=\"central\" fill=\"{}\">{}</text></g>\n",
      cls, cx, cy, r, white ? "#fff" : "#222", cx, cy, r * 1.15, white ? "#000" : "#fff",
      xml_escape(std::string(1, info.letter)));
}

std::string squares(const SvgBoard& b, Frame f) {
  std::string out;
  for (Square s = 0; s < kSquares; ++s) {
    const bool light = (file_of(s) + rank_of(s)) % 2 == 1;
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", f.x(s),
                       f.y(s), kSvgSquare, kSvgSquare, light ? kLight : kDark);
  }
  for (Square s = 0; s < kSquares; ++s)
    if (b.marked & bb(s))
      out += fmt::format(
          "<rect class=\"co-square\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" "
          "stroke=\"#ff8c00\" stroke-width=\"4\"/>\n",
          f.x(s) + 2, f.y(s) + 2, kSvgSquare - 4, kSvgSquare - 4);
  return out;
}

/// The ranks' digits on the left and the files' letters below, in the order the frame draws them.
std::string coordinates(Frame f) {
  std::string out;
  for (int i = 0; i < 8; ++i) {  // the i-th row from the top and the i-th column from the left
    const Square s = f.bottom == kWhite ? make_square(i, 7 - i) : make_square(7 - i, i);
    out += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#333\">{}</text>\n",
        kSvgMargin / 2, f.y(s) + kSvgSquare / 2 + 5, rank_of(s) + 1);
    out += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#333\">{}</text>\n",
        f.x(s) + kSvgSquare / 2, kTop + kBoardSide + 15, static_cast<char>('a' + file_of(s)));
  }
  return out;
}

std::string pieces(const Position& pos, Frame f) {
  std::string out;
  const auto info = [&](Color c, Square s) -> const PieceInfo& {
    return pos.variant().piece(pos.piece_on(c, s));
  };
  for (Square s = 0; s < kSquares; ++s) {
    const bool w = pos.piece_on(kWhite, s) != kNoPiece, k = pos.piece_on(kBlack, s) != kNoPiece;
    const double cx = f.cx(s), cy = f.cy(s);
    if (w && k) {  // a shared square: White's man on the left, Black's on the right
      out += piece(info(kWhite, s), kWhite, cx - 10, cy, true);
      out += piece(info(kBlack, s), kBlack, cx + 10, cy, true);
    } else if (w || k) {
      const Color c = w ? kWhite : kBlack;
      out += piece(info(c, s), c, cx, cy, false);
    }
  }
  return out;
}

std::string conflicts(Bitboard marks, Frame f) {
  std::string out;
  for (Square s = 0; s < kSquares; ++s) {
    if (!(marks & bb(s))) continue;
    const double cx = f.cx(s), cy = f.cy(s), d = 7;
    out += fmt::format(
        "<g class=\"conflict\" stroke=\"#d00\" stroke-width=\"3\" fill=\"none\">"
        "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"20\"/>"
        "<path d=\"M{:.1f} {:.1f}L{:.1f} {:.1f}M{:.1f} {:.1f}L{:.1f} {:.1f}\"/></g>\n",
        cx, cy, cx - d, cy - d, cx + d, cy + d, cx - d, cy + d, cx + d, cy - d);
  }
  return out;
}

/// A shaft and a triangular head, both computed here (no <marker>: its id would clash when
/// several boards are inlined in one page).
std::string arrow(const SvgArrow& a, Frame f) {
  if (a.from == kNoSquare || a.to == kNoSquare || a.from == a.to) return "";
  const double x0 = f.cx(a.from), y0 = f.cy(a.from);
  const double x1 = f.cx(a.to), y1 = f.cy(a.to);
  const double len = std::hypot(x1 - x0, y1 - y0), ux = (x1 - x0) / len, uy = (y1 - y0) / len;
  const double head = 14, half = 7;
  const double bx = x1 - ux * head, by = y1 - uy * head;  // base of the head
  const char* colour = a.failed ? "#d00" : a.side == kWhite ? "#1565c0" : "#2e7d32";
  return fmt::format(
      "<g class=\"arrow{}\" opacity=\"0.8\"><line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" "
      "y2=\"{:.1f}\" stroke=\"{}\" stroke-width=\"5\"{}/><polygon points=\"{:.1f},{:.1f} "
      "{:.1f},{:.1f} {:.1f},{:.1f}\" fill=\"{}\"/></g>\n",
      a.failed ? " failed" : "", x0, y0, bx, by, colour,
      a.failed ? " stroke-dasharray=\"8 5\"" : "", x1, y1, bx - uy * half, by + ux * half,
      bx + uy * half, by - ux * half, colour);
}

std::string text_lines(const SvgBoard& b) {
  std::string out;
  int y = kTop + kBoardSide + kSvgMargin + 14;
  if (!b.phase.empty()) {
    out += fmt::format(
        "<text class=\"phase\" x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\" "
        "fill=\"#000\">Phase {}</text>\n",
        kSvgMargin, y, xml_escape(b.phase));
    y += kLine;
  }
  if (!b.caption.empty())
    out += fmt::format(
        "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"13\" fill=\"#000\">{}</text>\n",
        kSvgMargin, y, xml_escape(b.caption));
  return out;
}

std::string board_body(const SvgBoard& b, Color bottom) {
  const Frame f{bottom};
  return squares(b, f) + coordinates(f) + pieces(b.pos, f) + conflicts(b.conflicts, f) + [&] {
    std::string out;
    for (const SvgArrow& a : b.arrows) out += arrow(a, f);
    return out;
  }() + text_lines(b);
}

}  // namespace

int chess_figure(std::string_view name) {
  // U+2654..U+2659: king, queen, rook, bishop, knight, pawn (the white figures).
  static constexpr std::string_view kNames[] = {"king",   "queen",  "rook",
                                                "bishop", "knight", "pawn"};
  for (int i = 0; i < 6; ++i)
    if (name == kNames[i]) return 0x2654 + i;
  return 0;
}

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";  // valid in XML and in HTML (which has no &apos; before HTML5)
        break;
      default:
        out += ch;
    }
  }
  return out;
}

std::string svg_board(const SvgBoard& board, Color bottom) {
  const int h = height_of(board);
  return fmt::format(
             "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" "
             "height=\"{1}\" viewBox=\"0 0 {0} {1}\" font-family=\"{2}\">\n",
             kWidth, h, kFont) +
         board_body(board, bottom) + "</svg>\n";
}

std::string svg_document(const std::vector<SvgBoard>& boards, Color bottom) {
  int total = 0;
  for (const SvgBoard& b : boards) total += height_of(b) + 10;
  std::string out = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"{2}\">\n<rect width=\"100%\" height=\"100%\" "
      "fill=\"#fff\"/>\n",
      kWidth, std::max(total, 1), kFont);
  int y = 0;
  for (const SvgBoard& b : boards) {
    out += fmt::format("<g class=\"board\" transform=\"translate(0 {})\">\n", y);
    out += board_body(b, bottom) + "</g>\n";
    y += height_of(b) + 10;
  }
  return out + "</svg>\n";
}

void write_svg(const std::string& path, const std::vector<SvgBoard>& boards) {
  std::ofstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error(fmt::format("cannot write the SVG file '{}'", path));
  f << svg_document(boards);
  if (!f) throw std::runtime_error(fmt::format("cannot write the SVG file '{}'", path));
}

}  // namespace arbiter::inline present
