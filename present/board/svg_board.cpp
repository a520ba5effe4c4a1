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

int square_x(Square s) {
  return kSvgMargin + file_of(s) * kSvgSquare;
}
int square_y(Square s) {
  return kTop + (7 - rank_of(s)) * kSvgSquare;
}
double centre_x(Square s) {
  return square_x(s) + kSvgSquare / 2.0;
}
double centre_y(Square s) {
  return square_y(s) + kSvgSquare / 2.0;
}

int height_of(const SvgBoard& b) {
  int h = kTop + kBoardSide + kSvgMargin;
  if (!b.phase.empty()) h += kLine;
  if (!b.caption.empty()) h += kLine;
  return h;
}

char letter(const Position& pos, Color c, Square s) {
  return pos.variant().piece(pos.piece_on(c, s)).letter;
}

/// A piece: a circle with its letter (upper case for both colours; the fill tells the colour).
std::string piece(Color c, char l, double cx, double cy, double r) {
  const bool white = c == kWhite;
  return fmt::format(
      "<g class=\"piece {}\"><circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"{}\" "
      "stroke=\"#000\" stroke-width=\"1.5\"/><text x=\"{:.1f}\" y=\"{:.1f}\" "
      "font-size=\"{:.1f}\" font-weight=\"bold\" text-anchor=\"middle\" "
      "dominant-baseline=\"central\" fill=\"{}\">{}</text></g>\n",
      white ? "white" : "black", cx, cy, r, white ? "#fff" : "#222", cx, cy, r * 1.15,
      white ? "#000" : "#fff", xml_escape(std::string(1, l)));
}

std::string squares(const SvgBoard& b) {
  std::string out;
  for (Square s = 0; s < kSquares; ++s) {
    const bool light = (file_of(s) + rank_of(s)) % 2 == 1;
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                       square_x(s), square_y(s), kSvgSquare, kSvgSquare, light ? kLight : kDark);
  }
  for (Square s = 0; s < kSquares; ++s)
    if (b.marked & bb(s))
      out += fmt::format(
          "<rect class=\"co-square\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" "
          "stroke=\"#ff8c00\" stroke-width=\"4\"/>\n",
          square_x(s) + 2, square_y(s) + 2, kSvgSquare - 4, kSvgSquare - 4);
  return out;
}

std::string coordinates() {
  std::string out;
  for (int i = 0; i < 8; ++i) {
    out += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#333\">{}</text>\n",
        kSvgMargin / 2, kTop + i * kSvgSquare + kSvgSquare / 2 + 5, 8 - i);
    out += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#333\">{}</text>\n",
        kSvgMargin + i * kSvgSquare + kSvgSquare / 2, kTop + kBoardSide + 15,
        static_cast<char>('a' + i));
  }
  return out;
}

std::string pieces(const Position& pos) {
  std::string out;
  for (Square s = 0; s < kSquares; ++s) {
    const bool w = pos.piece_on(kWhite, s) != kNoPiece, k = pos.piece_on(kBlack, s) != kNoPiece;
    const double cx = centre_x(s), cy = centre_y(s);
    if (w && k) {  // a shared square: White's piece on the left, Black's on the right
      out += piece(kWhite, letter(pos, kWhite, s), cx - 10, cy, 10.5);
      out += piece(kBlack, letter(pos, kBlack, s), cx + 10, cy, 10.5);
    } else if (w || k) {
      const Color c = w ? kWhite : kBlack;
      out += piece(c, letter(pos, c, s), cx, cy, 17);
    }
  }
  return out;
}

std::string conflicts(Bitboard marks) {
  std::string out;
  for (Square s = 0; s < kSquares; ++s) {
    if (!(marks & bb(s))) continue;
    const double cx = centre_x(s), cy = centre_y(s), d = 7;
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
std::string arrow(const SvgArrow& a) {
  if (a.from == kNoSquare || a.to == kNoSquare || a.from == a.to) return "";
  const double x0 = centre_x(a.from), y0 = centre_y(a.from);
  const double x1 = centre_x(a.to), y1 = centre_y(a.to);
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

std::string board_body(const SvgBoard& b) {
  return squares(b) + coordinates() + pieces(b.pos) + conflicts(b.conflicts) + [&] {
    std::string out;
    for (const SvgArrow& a : b.arrows) out += arrow(a);
    return out;
  }() + text_lines(b);
}

}  // namespace

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

std::string svg_board(const SvgBoard& board) {
  const int h = height_of(board);
  return fmt::format(
             "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" "
             "height=\"{1}\" viewBox=\"0 0 {0} {1}\" font-family=\"{2}\">\n",
             kWidth, h, kFont) +
         board_body(board) + "</svg>\n";
}

std::string svg_document(const std::vector<SvgBoard>& boards) {
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
    out += board_body(b) + "</g>\n";
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
