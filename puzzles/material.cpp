// A side's promoted men and force (see material.hpp).
#include "puzzles/material.hpp"

#include <algorithm>
#include <array>

namespace arbiter::puzzles {
int men_beyond_army(const Position& pos, Color c, PieceType queen, PieceType rook, PieceType bishop,
                    PieceType knight) {
  const auto count = [&](PieceType t) { return t == kNoPiece ? 0 : popcount(pos.pieces(c, t)); };
  const Bitboard bishops = bishop == kNoPiece ? 0 : pos.pieces(c, bishop);
  const int light = popcount(bishops & kLightSquares);
  const int dark = popcount(bishops) - light;
  return std::max(0, count(queen) - 1) + std::max(0, count(rook) - 2) +
         std::max(0, count(knight) - 2) + std::max(0, light - 1) + std::max(0, dark - 1);
}

int promoted_men(const Position& pos, Color c) {
  const Variant& v = pos.variant();
  constexpr std::array<char, 6> kArmy{'K', 'Q', 'R', 'B', 'N', 'P'};
  if (v.effect() || std::any_of(kArmy.begin(), kArmy.end(),
                                [&v](char l) { return v.type_of_letter(l) == kNoPiece; }))
    return 0;
  return men_beyond_army(pos, c, v.type_of_letter('Q'), v.type_of_letter('R'),
                         v.type_of_letter('B'), v.type_of_letter('N'));
}

int promoted_men(const Position& pos) {
  return promoted_men(pos, kWhite) + promoted_men(pos, kBlack);
}

int material_points(const Position& pos, Color c) {
  const Variant& v = pos.variant();
  int points = 0;
  for (int i = 0; i < v.piece_count(); ++i) {
    const auto t = static_cast<PieceType>(i);
    const int n = popcount(pos.pieces(c, t));
    if (n == 0 || t == v.royal()) continue;
    int value = 3;  // a fair guess for a fairy piece: a minor piece
    switch (v.piece(t).letter) {
      case 'Q':
        value = 9;
        break;
      case 'R':
        value = 5;
        break;
      case 'P':
        value = 1;
        break;
      default:
        break;
    }
    if (v.piece(t).pawn) value = 1;
    points += n * value;
  }
  return points;
}

}  // namespace arbiter::puzzles
