#include "rules/conversion/conversion_effect.hpp"

#include "rules/conversion/conversion.hpp"
#include "rules/conversion/conversion_movegen.hpp"

namespace arbiter {
namespace {

/// `c`'s partners of a `mover` standing on `at`, the mover itself excluded.
Bitboard twins_of(const Position& pos, Color c, PieceType mover, Square at) {
  return partner_pieces(pos, c, mover) & ~bb(at);
}

/// apply_conversions' bookkeeping.
void convert_on_co_squares(Position& pos, Move m, Undo& u) {
  const Variant& v = pos.variant();
  const ConversionKnobs& ck = conversion_knobs(v);
  const Color us = ~pos.side_to_move(), them = pos.side_to_move();
  // Flags follow the pieces: moved with the mover, gone with a captured piece. A '^' pawn
  // that moves has now moved: it lands as '~' (castling moves no pawn).
  Bitboard flags = pos.converted(), unmoved = pos.converted_unmoved();
  if (has(unmoved, m.from())) {
    unmoved ^= bb(m.from());
    flags |= bb(m.from());
  }
  if (u.captured_square != kNoSquare) {
    flags &= ~bb(u.captured_square);
    unmoved &= ~bb(u.captured_square);
  }
  Bitboard formed = 0;
  if (m.kind() == MoveKind::kCastling) {
    const CastlingMove& cm = v.castling(us)[m.arg()];
    const bool king_flag = has(flags, cm.king_from), rook_flag = has(flags, cm.rook_from);
    flags &= ~(bb(cm.king_from) | bb(cm.rook_from));
    if (king_flag) flags |= bb(cm.king_to);
    if (rook_flag) flags |= bb(cm.rook_to);
    formed = co_squares_of(cm.king_to, twins_of(pos, us, v.royal(), cm.king_to)) |
             co_squares_of(cm.rook_to, twins_of(pos, us, cm.rook_type, cm.rook_to));
  } else {
    const bool flag = has(flags, m.from());
    flags &= ~(bb(m.from()) | bb(m.to()));
    if (m.kind() != MoveKind::kPromotion) {
      if (flag) flags |= bb(m.to());
      formed = co_squares_of(m.to(), twins_of(pos, us, pos.piece_on(us, m.to()), m.to()));
    }
  }
  const Bitboard victims = formed & pos.pieces(them);
  // A victim pawn that never moved - '^' already, or unflagged where its side's double step
  // starts (an original pawn) - stays unmoved ('^'); any other victim is '~'.
  Bitboard stays_unmoved = 0;
  for (Bitboard b = victims; b;) {
    const Square s = pop_lsb(b);
    const PieceType t = pos.piece_on(them, s);
    const PieceInfo& info = v.piece(t);
    if (info.pawn && (has(unmoved, s) || (!has(flags, s) && info.moves.at[them][s].initial_only)))
      stays_unmoved |= bb(s);
    pos.recolor(s, us);
  }
  u.converted = victims;
  if (victims) {
    pos.refresh_co_pairs(us);
    pos.refresh_co_pairs(them);
  }
  pos.set_converted((flags | victims) & ~stays_unmoved);
  pos.set_converted_unmoved((unmoved & ~victims) | stays_unmoved);
  if (victims && ck.converted_rook_castling == ConvertedRookCastling::kLost) {
    std::uint8_t rights = pos.castling_rights();
    for (Bitboard b = victims; b;) rights &= v.castling_keep_mask(pop_lsb(b));
    if (rights != pos.castling_rights()) pos.set_castling_rights(rights);
  }
}

/// Conversion Chess: after the move, enemy pieces on the co-squares the moving piece (both
/// pieces, for castling) formed change colour. Promotion forms none; conversions don't cascade.
/// The flags: '~' (converted, counts as moved) and '^' (a converted pawn that never moved).
void apply_conversions(Position& pos, Move m, Undo& u) {
  const Color us = ~pos.side_to_move(),
              them = pos.side_to_move();  // called after the side to move was switched
  // A capture changes their material, and so may end their co-pairs (a promotion's put()
  // kept ours; conversions change both sides').
  if (u.captured != kNoPiece) pos.refresh_co_pairs(them);
  // Most moves carry no flag and form no co-square on an enemy piece: nothing changes.
  // (A promotion forms none; undo.converted is empty already.) Without a twin, no piece of
  // ours forms one: a capture took only enemy pieces, and a promotion forms none. Tested
  // here, before the bookkeeping's call, since most moves stop here.
  if (!(pos.converted() | pos.converted_unmoved())) {
    if (!(u.co_pairs_before >> us & 1U) || m.kind() == MoveKind::kPromotion) return;
    if (m.kind() != MoveKind::kCastling &&
        !(co_squares_of(m.to(), twins_of(pos, us, pos.piece_on(us, m.to()), m.to())) &
          pos.pieces(them)))
      return;
  }
  convert_on_co_squares(pos, m, u);
}

}  // namespace

void ConversionEffect::filter_legal(const Position& pos, MoveList& out, int first) const {
  filter_conversion(pos, out, first);
}

std::uint64_t ConversionEffect::count_legal(const Position& pos) const {
  return count_conversion(pos);
}

std::uint64_t ConversionEffect::count_children(Position& pos, const MoveList& moves) const {
  return count_conversion_children(pos, moves);
}

bool ConversionEffect::leaves_king_safe(const Position& pos, Move m) const {
  return conversion_leaves_king_safe(pos, m);
}

void ConversionEffect::generate_castling(const Position& pos, MoveList& out) const {
  generate_conversion_castling(pos, out, nullptr);
}

void ConversionEffect::made(Position& pos, Move m, Undo& undo) const {
  apply_conversions(pos, m, undo);
}

void ConversionEffect::unmade(Position& pos, Move, const Undo& undo) const {
  // The converted pieces go back to the side now to move (Position restores the flags).
  for (Bitboard b = undo.converted; b;) pos.recolor(pop_lsb(b), pos.side_to_move());
}

bool ConversionEffect::threatens(const Position& pos, Square s, Color by) const {
  return conversion_threat(pos, s, by);
}

bool ConversionEffect::pairs(const Position& pos, Color c) const {
  return pieces_pair(pos, c);
}

}  // namespace arbiter
