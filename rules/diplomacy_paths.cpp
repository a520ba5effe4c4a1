#include "rules/diplomacy_paths.hpp"

#include <cstdlib>

namespace arbiter {
namespace {

int sign(int x) {
  return (x > 0) - (x < 0);
}

Leg travel(PieceType type, Square from, Square to, const DiplomacyKnobs& k) {
  Leg leg{type, from, {}};
  if (from == to) {  // a castling partner that does not move (a table may define one)
    leg.path.push_back(to);
    return leg;
  }
  const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  const bool aligned = df == 0 || dr == 0 || std::abs(df) == std::abs(dr);
  if (aligned) {
    const int sf = sign(df), sr = sign(dr);
    int f = file_of(from), r = rank_of(from);
    do {
      f += sf;
      r += sr;
      leg.path.push_back(make_square(f, r));
    } while (leg.path.back() != to);
    return leg;
  }
  switch (k.knight) {
    case DiplomacyKnobs::KnightTiming::kOneTick:
      break;
    case DiplomacyKnobs::KnightTiming::kTwoTicks:
      leg.path.push_back(kNoSquare);
      break;
    case DiplomacyKnobs::KnightTiming::kTwoStepPath:
      leg.path.push_back(std::abs(dr) > std::abs(df)
                             ? make_square(file_of(from), rank_of(from) + sign(dr))
                             : make_square(file_of(from) + sign(df), rank_of(from)));
      break;
  }
  leg.path.push_back(to);
  return leg;
}

}  // namespace

std::vector<Leg> legs_of(const Position& view, Move m, const DiplomacyKnobs& k) {
  const Color us = view.side_to_move();
  if (m.kind() == MoveKind::kCastling) {
    const CastlingMove& cm = view.variant().castling(us)[m.arg()];
    std::vector<Leg> legs;
    legs.push_back(travel(view.piece_on(us, cm.king_from), cm.king_from, cm.king_to, k));
    legs.push_back(travel(cm.rook_type, cm.rook_from, cm.rook_to, k));
    return legs;
  }
  return {travel(view.piece_on(us, m.from()), m.from(), m.to(), k)};
}

}  // namespace arbiter
