#include "cli/board_diagram.hpp"

#include <cctype>

namespace arbiter::cli {

std::string board_diagram(const Position& pos) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    out += static_cast<char>('1' + rank);
    for (int file = 0; file < 8; ++file) {
      const Square sq = make_square(file, rank);
      char c = '.';
      if (const PieceType t = pos.piece_on(kWhite, sq); t != kNoPiece) {
        c = pos.variant().piece(t).letter;
      } else if (const PieceType b = pos.piece_on(kBlack, sq); b != kNoPiece) {
        c = static_cast<char>(
            std::tolower(static_cast<unsigned char>(pos.variant().piece(b).letter)));
      }
      out += ' ';
      out += c;
    }
    out += '\n';
  }
  out += "  a b c d e f g h\n";
  return out;
}

}  // namespace arbiter::cli
