#include "rules/core/position.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace arbiter {

Position::Position(VariantPtr variant)
    : variant_(std::move(variant)), zobrist_(&variant_->zobrist()) {
  std::memset(board_, kNoPiece, sizeof board_);
}

Square Position::king_square(Color c) const {
  const PieceType k = variant_->royal();
  if (k == kNoPiece || by_type_[c][k] == 0) return kNoSquare;
  return lsb(by_type_[c][k]);
}

void Position::put(Color c, PieceType t, Square s) {
  if (board_[c][s] != kNoPiece) remove(c, s);
  board_[c][s] = t;
  by_color_[c] |= bb(s);
  by_type_[c][t] |= bb(s);
  key_ ^= zobrist_->piece[c][t][s];
  refresh_co_pairs(c);
}

void Position::remove(Color c, Square s) {
  const PieceType t = board_[c][s];
  if (t == kNoPiece) return;
  board_[c][s] = kNoPiece;
  by_color_[c] &= ~bb(s);
  by_type_[c][t] &= ~bb(s);
  key_ ^= zobrist_->piece[c][t][s];
  refresh_co_pairs(c);
}

void Position::refresh_co_pairs(Color c) {
  const MoveEffect* effect = variant_->effect();
  if (!effect) return;
  const auto bit = static_cast<std::uint8_t>(1U << c);
  co_pairs_ =
      static_cast<std::uint8_t>(effect->pairs(*this, c) ? co_pairs_ | bit : co_pairs_ & ~bit);
}

void Position::recolor(Square s, Color to) {
  const Color from = ~to;
  const PieceType t = board_[from][s];
  lift(from, s);
  place(to, t, s);
  key_ ^= zobrist_->piece[from][t][s] ^ zobrist_->piece[to][t][s];
}

void Position::place(Color c, PieceType t, Square s) {
  board_[c][s] = t;
  by_color_[c] |= bb(s);
  by_type_[c][t] |= bb(s);
}

void Position::lift(Color c, Square s) {
  const PieceType t = board_[c][s];
  board_[c][s] = kNoPiece;
  by_color_[c] &= ~bb(s);
  by_type_[c][t] &= ~bb(s);
}

void Position::shift(Color c, PieceType t, Square from, Square to) {
  const Bitboard fromto = bb(from) | bb(to);
  board_[c][from] = kNoPiece;
  board_[c][to] = t;
  by_color_[c] ^= fromto;
  by_type_[c][t] ^= fromto;
}

void Position::move_piece(Color c, PieceType t, Square from, Square to) {
  const Bitboard fromto = bb(from) | bb(to);
  board_[c][from] = kNoPiece;
  board_[c][to] = t;
  by_color_[c] ^= fromto;
  by_type_[c][t] ^= fromto;
  key_ ^= zobrist_->piece[c][t][from] ^ zobrist_->piece[c][t][to];
}

void Position::set_side_to_move(Color c) {
  if (c != stm_) key_ ^= zobrist_->black_to_move;
  stm_ = c;
}

void Position::set_castling_rights(std::uint8_t rights) {
  const auto& z = *zobrist_;
  for (int i = 0; i < 8; ++i)
    if (((castling_ ^ rights) >> i) & 1U) key_ ^= z.castling[i];
  castling_ = rights;
}

void Position::set_en_passant(Square s) {
  if (ep_ != kNoSquare) key_ ^= zobrist_->en_passant[ep_];
  ep_ = s;
  if (ep_ != kNoSquare) key_ ^= zobrist_->en_passant[ep_];
}

Square Position::en_passant_victim() const {
  if (ep_ == kNoSquare) return kNoSquare;
  return en_passant_victim_of(ep_, stm_);
}

void Position::make(Move m, Undo& u) {
  const Variant& v = *variant_;
  const ZobristKeys& z = *zobrist_;
  const Color us = stm_, them = ~us;
  const Square from = m.from(), to = m.to();
  const PieceType moved = board_[us][from];
  // The key and the halfmove clock are kept in locals: a store to board_ (bytes) may alias any
  // member, so updating key_ in place would reload and store it after every board change.
  std::uint64_t key = key_ ^ z.black_to_move;
  int halfmove = halfmove_ + 1;
  u.key = key_;
  u.en_passant = ep_;
  u.halfmove = halfmove_;
  u.castling = castling_;
  u.moved = moved;
  u.captured = kNoPiece;
  u.captured_square = kNoSquare;
  u.converted = 0;
  u.co_pairs_before = co_pairs_;
  if (ep_ != kNoSquare) {
    key ^= z.en_passant[ep_];
    ep_ = kNoSquare;
  }

  switch (m.kind()) {
    case MoveKind::kCastling: {
      const CastlingMove& cm = v.castling(us)[m.arg()];
      const PieceType rook = board_[us][cm.rook_from];
      key_ = key;
      remove(us, cm.king_from);
      remove(us, cm.rook_from);
      put(us, moved, cm.king_to);
      put(us, rook, cm.rook_to);
      key = key_;
      break;
    }
    case MoveKind::kEnPassant: {
      const Square victim = en_passant_victim_of(to, us);
      const PieceType captured = board_[them][victim];
      u.captured = captured;
      u.captured_square = victim;
      lift(them, victim);
      shift(us, moved, from, to);
      key ^= z.piece[them][captured][victim] ^ z.piece[us][moved][from] ^ z.piece[us][moved][to];
      halfmove = 0;
      break;
    }
    default: {
      const PieceType captured = board_[them][to];
      if (captured != kNoPiece) {
        u.captured = captured;
        u.captured_square = to;
        lift(them, to);
        key ^= z.piece[them][captured][to];
        halfmove = 0;
      }
      shift(us, moved, from, to);
      key ^= z.piece[us][moved][from] ^ z.piece[us][moved][to];
      if (v.pawn_types() >> moved & 1U) halfmove = 0;
      if (m.kind() == MoveKind::kPromotion) {
        key_ = key;
        remove(us, to);
        put(us, static_cast<PieceType>(m.arg()), to);
        key = key_;
      } else if (m.kind() == MoveKind::kDoubleStep) {
        ep_ = (from + to) / 2;
        key ^= z.en_passant[ep_];
      }
      break;
    }
  }
  const std::uint8_t rights = castling_ & v.castling_keep_mask(from) & v.castling_keep_mask(to);
  for (unsigned lost = castling_ ^ rights; lost; lost &= lost - 1)
    key ^= z.castling[std::countr_zero(lost)];
  castling_ = rights;
  if (us == kBlack) ++fullmove_;
  stm_ = them;
  halfmove_ = halfmove;
  key_ = key;
  // Only tables with a move effect have flags ('~', '^'): others neither save nor restore them.
  if (const MoveEffect* effect = v.effect()) {
    u.converted_before = converted_;
    u.converted_unmoved_before = converted_unmoved_;
    effect->made(*this, m, u);
  }
}

void Position::unmake(Move m, const Undo& u) {
  const Variant& v = *variant_;
  const Color them = stm_, us = ~them;
  const Square from = m.from(), to = m.to();
  if (const MoveEffect* effect = v.effect()) {
    effect->unmade(*this, m, u);
    converted_ = u.converted_before;
    converted_unmoved_ = u.converted_unmoved_before;
    co_pairs_ = u.co_pairs_before;
  }
  switch (m.kind()) {
    case MoveKind::kCastling: {
      const CastlingMove& cm = v.castling(us)[m.arg()];
      const PieceType rook = board_[us][cm.rook_to];
      lift(us, cm.king_to);
      lift(us, cm.rook_to);
      place(us, u.moved, cm.king_from);
      place(us, rook, cm.rook_from);
      break;
    }
    case MoveKind::kPromotion:
      lift(us, to);
      place(us, u.moved, from);
      break;
    default:
      shift(us, u.moved, to, from);
      break;
  }
  if (u.captured != kNoPiece) place(them, u.captured, u.captured_square);
  if (us == kBlack) --fullmove_;
  stm_ = us;
  castling_ = u.castling;
  ep_ = u.en_passant;
  halfmove_ = u.halfmove;
  key_ = u.key;
}

Bitboard Position::attackers(Square s, Color by, Bitboard occ) const {
  const Variant& v = *variant_;
  const SliderTables& sl = v.sliders();
  const AttackGroups& g = v.attack_groups(by);
  Bitboard rook_line = 0, bishop_line = 0;
  for (PieceTypeMask m = g.rook_line; m; m &= static_cast<PieceTypeMask>(m - 1))
    rook_line |= by_type_[by][std::countr_zero(m)];
  for (PieceTypeMask m = g.bishop_line; m; m &= static_cast<PieceTypeMask>(m - 1))
    bishop_line |= by_type_[by][std::countr_zero(m)];
  Bitboard result = 0;
  if (rook_line) result |= rook_attacks(sl, s, occ) & rook_line;
  if (bishop_line) result |= bishop_attacks(sl, s, occ) & bishop_line;
  const Bitboard* leap = v.leap_sources(by, s);
  for (int k = 0; k < g.leaper_count; ++k) result |= leap[k] & by_type_[by][g.leapers[k]];
  for (PieceTypeMask m = g.per_type; m; m &= static_cast<PieceTypeMask>(m - 1)) {
    const int t = std::countr_zero(m);
    const Bitboard mine = by_type_[by][t];
    if (mine == 0) continue;
    const PieceMoves& pm = v.piece(static_cast<PieceType>(t)).moves;
    const AttackSources& a = pm.attackers[by][s];
    Bitboard att = 0;  // its leaps are read above
    if (pm.uses_rook && !(g.rook_line >> t & 1U) && (a.rook & mine))
      att |= rook_attacks(sl, s, occ) & a.rook;
    if (pm.uses_bishop && !(g.bishop_line >> t & 1U) && (a.bishop & mine))
      att |= bishop_attacks(sl, s, occ) & a.bishop;
    result |= att & mine;
    if (pm.has_riders) {
      // Riders are rare; report each attacking rider square individually.
      for (Bitboard b = mine & ~result; b;) {
        const Square from = pop_lsb(b);
        if (rider_attacks(pm.riders[by], s, bb(from), occ)) result |= bb(from);
      }
    }
  }
  return result;
}

bool Position::in_check() const {
  return king_in_check(stm_);
}

bool Position::king_in_check(Color c) const {
  const Square k = king_square(c);
  return k != kNoSquare && threatened(k, ~c);
}

bool Position::threatened(Square s, Color by) const {
  if (attacked(s, by)) return true;
  const MoveEffect* effect = variant_->effect();
  return effect && effect->threatens(*this, s, by);
}

void Position::set_converted(Bitboard squares) {
  for (Bitboard changed = squares ^ converted_; changed;)
    key_ ^= zobrist_->converted[pop_lsb(changed)];
  converted_ = squares;
}

void Position::set_converted_unmoved(Bitboard squares) {
  for (Bitboard changed = squares ^ converted_unmoved_; changed;)
    key_ ^= zobrist_->converted_unmoved[pop_lsb(changed)];
  converted_unmoved_ = squares;
}

std::uint64_t Position::compute_key() const {
  const auto& z = *zobrist_;
  std::uint64_t k = 0;
  for (Color c : {kWhite, kBlack})
    for (Square s = 0; s < kSquares; ++s)
      if (board_[c][s] != kNoPiece) k ^= z.piece[c][board_[c][s]][s];
  for (int i = 0; i < 8; ++i)
    if ((castling_ >> i) & 1U) k ^= z.castling[i];
  if (ep_ != kNoSquare) k ^= z.en_passant[ep_];
  if (stm_ == kBlack) k ^= z.black_to_move;
  for (Bitboard b = converted_; b;) k ^= z.converted[pop_lsb(b)];
  for (Bitboard b = converted_unmoved_; b;) k ^= z.converted_unmoved[pop_lsb(b)];
  return k;
}

bool operator==(const Position& a, const Position& b) {
  return a.variant_ == b.variant_ && std::memcmp(a.board_, b.board_, sizeof a.board_) == 0 &&
         a.stm_ == b.stm_ && a.castling_ == b.castling_ && a.ep_ == b.ep_ &&
         a.converted_ == b.converted_ && a.converted_unmoved_ == b.converted_unmoved_ &&
         a.halfmove_ == b.halfmove_ && a.fullmove_ == b.fullmove_ && a.key_ == b.key_ &&
         std::equal(std::begin(a.by_color_), std::end(a.by_color_), std::begin(b.by_color_));
}

}  // namespace arbiter
