#include "cli/report/board_diagram.hpp"

#include <cctype>

namespace arbiter::cli {
namespace {

char letter(const Position& pos, Color c, Square sq) {
  const PieceType t = pos.piece_on(c, sq);
  if (t == kNoPiece) return '.';
  const char l = pos.variant().piece(t).letter;
  return c == kWhite ? l : static_cast<char>(std::tolower(static_cast<unsigned char>(l)));
}

}  // namespace

std::string board_diagram(const Position& pos) {
  const bool wide = (pos.pieces(kWhite) & pos.pieces(kBlack)) != 0;
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    out += static_cast<char>('1' + rank);
    for (int file = 0; file < 8; ++file) {
      const Square sq = make_square(file, rank);
      const char w = letter(pos, kWhite, sq), b = letter(pos, kBlack, sq);
      out += ' ';
      if (wide && w != '.' && b != '.') {
        out += w;
        out += b;
        continue;
      }
      if (wide) out += ' ';
      out += w != '.' ? w : b;
    }
    out += '\n';
  }
  out += wide ? "   a  b  c  d  e  f  g  h\n" : "  a b c d e f g h\n";
  return out;
}

}  // namespace arbiter::cli
