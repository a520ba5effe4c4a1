#include "rules/core/movegen.hpp"

#include "rules/core/movegen_parts.hpp"

namespace arbiter {

using movegen::count_ordinary_moves;
using movegen::ordinary_filter;
using movegen::ordinary_king_safe;
using movegen::ordinary_legal;
using movegen::OrdinaryFilter;
using movegen::PseudoTargets;

namespace {

/// The pseudo-legal moves whose destination `allowed(from)` holds, castling always: one body
/// for both lists (the full list's `allowed` is constant, so it costs nothing there).
template <typename Allowed>
void generate_pseudo_legal_onto(const Position& pos, MoveList& out, Allowed allowed) {
  const Color us = pos.side_to_move();
  const PseudoTargets pt(pos);
  pt.for_each_piece(
      pos, [&](const PieceInfo& info, Square from, Bitboard quiet, Bitboard captures, bool ep) {
        const Bitboard onto = allowed(from);
        movegen::emit(out, info, us, from, quiet & onto, captures & onto);
        if (ep) {
          const Move m = pt.en_passant_move(from);
          if (has(onto, m.to())) out.push(m);
        }
      });
  generate_castling(pos, out);
}

}  // namespace

void generate_pseudo_legal(const Position& pos, MoveList& out) {
  generate_pseudo_legal_onto(pos, out, [](Square) { return ~Bitboard{0}; });
}

void generate_pseudo_legal(const Position& pos, MoveList& out,
                           const std::array<Bitboard, kSquares>& onto) {
  generate_pseudo_legal_onto(pos, out,
                             [&](Square from) { return onto[static_cast<std::size_t>(from)]; });
}

void generate_castling(const Position& pos, MoveList& out) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move(), them = ~us;
  const std::uint8_t rights = pos.castling_rights();
  if (rights == 0) return;
  if (const MoveEffect* effect = v.effect()) {
    effect->generate_castling(pos, out);
    return;
  }
  const Bitboard occ = pos.occupied();
  const auto& moves = v.castling(us);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const CastlingMove& cm = moves[i];
    if (!movegen::castling_open(pos, cm, rights, occ)) continue;
    bool safe = true;
    for (Bitboard path = cm.king_path & ~bb(cm.king_to); path && safe;)
      safe = pos.attackers(pop_lsb(path), them, occ) == 0;
    if (!safe) continue;
    const Bitboard after =
        (occ & ~bb(cm.king_from) & ~bb(cm.rook_from)) | bb(cm.king_to) | bb(cm.rook_to);
    if (pos.attackers(cm.king_to, them, after)) continue;
    out.push(Move(cm.king_from, cm.king_to, MoveKind::kCastling, static_cast<int>(i)));
  }
}

bool leaves_king_safe(const Position& pos, Move m) {
  if (const MoveEffect* effect = pos.variant().effect()) return effect->leaves_king_safe(pos, m);
  return ordinary_king_safe(pos, m);
}

void generate_legal(const Position& pos, MoveList& out) {
  const int first = out.size();
  generate_pseudo_legal(pos, out);
  keep_legal(pos, out, first);
}

void keep_legal(const Position& pos, MoveList& out, int first) {
  if (const MoveEffect* effect = pos.variant().effect()) {
    effect->filter_legal(pos, out, first);
    return;
  }
  const Square ksq = pos.king_square(pos.side_to_move());
  if (ksq == kNoSquare) return;
  int kept = first;
  if (pos.variant().any_riders()) {
    for (int i = first; i < out.size(); ++i)
      if (leaves_king_safe(pos, out[i])) out[kept++] = out[i];
  } else {
    const OrdinaryFilter f = ordinary_filter(pos, ksq);
    for (int i = first; i < out.size(); ++i)
      if (ordinary_legal(pos, f, out[i])) out[kept++] = out[i];
  }
  out.truncate(kept);
}

std::uint64_t count_legal(const Position& pos) {
  const Variant& v = pos.variant();
  const Square ksq = pos.king_square(pos.side_to_move());
  if (const MoveEffect* effect = v.effect()) return effect->count_legal(pos);
  if (v.any_riders() || ksq == kNoSquare) {
    MoveList list;
    generate_legal(pos, list);
    return static_cast<std::uint64_t>(list.size());
  }
  return count_ordinary_moves<true>(pos, ksq);
}

bool is_legal(const Position& pos, Move m) {
  MoveList list;
  generate_legal(pos, list);
  for (Move x : list)
    if (x == m) return true;
  return false;
}

}  // namespace arbiter
