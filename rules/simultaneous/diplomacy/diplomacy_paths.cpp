#include "rules/simultaneous/diplomacy/diplomacy_paths.hpp"

#include <cstdlib>

namespace arbiter {
namespace {

int sign(int x) {
  return (x > 0) - (x < 0);
}

/// knight-timing=two-step-path: the square a leap off the lines passes first, one orthogonal
/// step along its longer leg.
Square two_step_middle(Square from, Square to) {
  const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  return std::abs(dr) > std::abs(df) ? make_square(file_of(from), rank_of(from) + sign(dr))
                                     : make_square(file_of(from) + sign(df), rank_of(from));
}

Leg travel(PieceType type, Square from, Square to, const DiplomacyKnobs& k) {
  Leg leg;
  leg.type = type;
  leg.home = from;
  if (from == to) {  // a castling partner that does not move (a table may define one)
    leg.push(to);
    return leg;
  }
  const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  if (on_one_line(from, to)) {
    const int sf = sign(df), sr = sign(dr);
    int f = file_of(from), r = rank_of(from);
    do {
      f += sf;
      r += sr;
      leg.push(make_square(f, r));
    } while (leg.dest() != to);
    return leg;
  }
  switch (k.knight_timing) {
    case KnightTiming::kOneTick:
      break;
    case KnightTiming::kTwoTicks:
      leg.push(kNoSquare);
      break;
    case KnightTiming::kTwoStepPath:
      leg.push(two_step_middle(from, to));
      break;
    case KnightTiming::kCount:  // no alternative
      break;
  }
  leg.push(to);
  return leg;
}

}  // namespace

Bitboard Leg::squares() const {
  Bitboard b = bb(home);
  for (int i = 0; i < steps; ++i)
    if (path[i] != kNoSquare) b |= bb(path[i]);
  return b;
}

Legs legs_of(const Position& pos, Color us, Move m, const DiplomacyKnobs& k) {
  Legs legs;
  if (m.kind() == MoveKind::kCastling) {
    const CastlingMove& cm = pos.variant().castling(us)[m.arg()];
    legs.leg[legs.count++] = travel(pos.piece_on(us, cm.king_from), cm.king_from, cm.king_to, k);
    legs.leg[legs.count++] = travel(cm.rook_type, cm.rook_from, cm.rook_to, k);
    return legs;
  }
  legs.leg[legs.count++] = travel(pos.piece_on(us, m.from()), m.from(), m.to(), k);
  return legs;
}

Bitboard move_squares(const Position& pos, Color us, Move m, const DiplomacyKnobs& k) {
  const Square from = m.from(), to = m.to();
  if (m.kind() == MoveKind::kCastling || from == to) {
    const Legs legs = legs_of(pos, us, m, k);
    Bitboard b = 0;
    for (int i = 0; i < legs.count; ++i) b |= legs.leg[i].squares();
    return b;
  }
  if (on_one_line(from, to)) return bb(from) | pos.variant().between(from, to) | bb(to);
  if (k.knight_timing == KnightTiming::kTwoStepPath)
    return bb(from) | bb(two_step_middle(from, to)) | bb(to);
  return bb(from) | bb(to);
}

Bitboard king_judged_squares(const Variant& v, Color us, Move m, const DiplomacyKnobs& k) {
  if (m.kind() != MoveKind::kCastling) return bb(m.to());
  const CastlingMove& cm = v.castling(us)[m.arg()];
  if (k.castling_transit == CastlingTransit::kLandingOnly) return bb(cm.king_to);
  return cm.king_path & ~bb(cm.king_from);
}

}  // namespace arbiter
