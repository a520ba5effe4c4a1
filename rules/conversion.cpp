#include "rules/conversion.hpp"

#include "rules/position.hpp"

namespace arbiter {

const ConversionKnob kConversionKnobs[6] = {
    {"threat-by-pinned-piece", "ignored", "counts"},
    {"castling-threatens", "ignored", "counts"},
    {"castle-through-cleared-square", "forbidden", "allowed"},
    {"castle-out-of-check-by-conversion", "forbidden", "allowed"},
    {"converted-rook-castling", "lost", "kept"},
    {"converted-pawn-double-step", "forbidden", "allowed"},
};

Bitboard co_squares_of(Square to, Bitboard twins) {
  Bitboard out = 0;
  while (twins) out |= co_squares(to, pop_lsb(twins));
  return out;
}

namespace {

Bitboard file_bb(Square s) {
  return Bitboard{0x0101010101010101ULL} << file_of(s);
}
Bitboard rank_bb(Square s) {
  return Bitboard{0xFF} << (8 * rank_of(s));
}

/// Non-promoting pseudo-legal destinations of the piece on `from` (colour `c`).
Bitboard piece_targets(const Position& pos, Color c, PieceType t, Square from) {
  const Variant& v = pos.variant();
  const PieceInfo& info = v.piece(t);
  const PieceMoves& pm = info.moves;
  const SquareMoves& sm = pm.at[c][from];
  const Bitboard occ = pos.occupied();
  Bitboard quiet = sm.leap_move, captures = sm.leap_capture;
  if (pm.uses_rook) {
    const Bitboard r = rook_attacks(v.sliders(), from, occ);
    quiet |= r & sm.rook_move;
    captures |= r & sm.rook_capture;
  }
  if (pm.uses_bishop) {
    const Bitboard b = bishop_attacks(v.sliders(), from, occ);
    quiet |= b & sm.bishop_move;
    captures |= b & sm.bishop_capture;
  }
  if (pm.has_riders) rider_targets(pm.riders[c], from, occ, quiet, captures);
  // Promotion cannot cause co-effects, so promoting moves threaten nothing.
  return ((quiet & ~occ) | (captures & pos.pieces(~c))) & ~info.promotion_squares[c];
}

/// The move from -> to of `by` would leave its own royal piece attacked (ordinary attacks).
bool exposes_own_king(const Position& pos, Color by, Square from, Square to) {
  const Square k = pos.king_square(by);
  if (k == kNoSquare) return false;
  const Square king = k == from ? to : k;
  const Bitboard occ = (pos.occupied() & ~bb(from)) | bb(to);
  return (pos.attackers(king, ~by, occ) & ~bb(to)) != 0;
}

/// Castling moves of `by` whose king or partner would form a co-square on `target`.
bool castling_threat(const Position& pos, Square target, Color by) {
  const Variant& v = pos.variant();
  const ConversionRules& cr = v.conversion();
  const Bitboard occ = pos.occupied();
  for (const CastlingMove& cm : v.castling(by)) {
    if (!(pos.castling_rights() & cm.right) || (occ & cm.must_be_empty)) continue;
    if (pos.piece_on(by, cm.king_from) != v.royal() ||
        pos.piece_on(by, cm.rook_from) != cm.rook_type)
      continue;
    // The board after castling: both pieces on their new squares.
    const Bitboard moved_away = bb(cm.king_from) | bb(cm.rook_from);
    const auto twins_of = [&](PieceType mover, Square landed) {
      Bitboard twins = 0;
      for (int u = 0; u < v.piece_count(); ++u)
        if (cr.partners[mover] >> u & 1U) twins |= pos.pieces(by, static_cast<PieceType>(u));
      twins &= ~moved_away;
      if (cr.partners[mover] >> v.royal() & 1U && landed != cm.king_to) twins |= bb(cm.king_to);
      if (cr.partners[mover] >> cm.rook_type & 1U && landed != cm.rook_to) twins |= bb(cm.rook_to);
      return twins;
    };
    const Bitboard formed = co_squares_of(cm.king_to, twins_of(v.royal(), cm.king_to)) |
                            co_squares_of(cm.rook_to, twins_of(cm.rook_type, cm.rook_to));
    if (has(formed, target)) return true;
  }
  return false;
}

}  // namespace

bool conversion_threat(const Position& pos, Square target, Color by) {
  const Variant& v = pos.variant();
  const ConversionRules& cr = v.conversion();
  if (!cr.enabled) return false;
  const Bitboard on_file = file_bb(target) & ~rank_bb(target);
  const Bitboard on_rank = rank_bb(target) & ~file_bb(target);
  for (int t = 0; t < v.piece_count(); ++t) {
    const PieceTypeMask partners = cr.partners[t];
    Bitboard movers = pos.pieces(by, static_cast<PieceType>(t));
    if (!partners || !movers) continue;
    Bitboard twins = 0;
    for (int u = 0; u < v.piece_count(); ++u)
      if (partners >> u & 1U) twins |= pos.pieces(by, static_cast<PieceType>(u));
    // A twin on the target's file makes a co-square on the target for a mover landing on the
    // target's rank (and the other way round); the landing square is never the target itself.
    const Bitboard file_twins = twins & on_file, rank_twins = twins & on_rank;
    if (!file_twins && !rank_twins) continue;
    while (movers) {
      const Square from = pop_lsb(movers);
      Bitboard landing = 0;
      if (file_twins & ~bb(from)) landing |= on_rank;
      if (rank_twins & ~bb(from)) landing |= on_file;
      if (!landing) continue;
      Bitboard hits = piece_targets(pos, by, static_cast<PieceType>(t), from) & landing;
      if (hits && cr.pinned_piece_threatens) return true;
      while (hits)
        if (!exposes_own_king(pos, by, from, pop_lsb(hits))) return true;
    }
  }
  return cr.castling_threatens && castling_threat(pos, target, by);
}

}  // namespace arbiter
