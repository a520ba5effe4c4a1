// Conversion Chess's legal moves: the list filter, castling and the one-move safety test that
// generate_legal, generate_pseudo_legal and leaves_king_safe hand over (see ConversionEffect).
#include <optional>

#include "rules/conversion/conversion_filter.hpp"
#include "rules/conversion/conversion_knobs.hpp"
#include "rules/conversion/conversion_movegen.hpp"
#include "rules/core/movegen_parts.hpp"

namespace arbiter {
namespace {

/// Conversion Chess castling: the co-effect may remove a check, so the landing square is
/// judged after the move (by the legality filter); start and passing squares are judged now
/// unless a knob says the co-effect may clear them too. `filter`, when given, is the side to
/// move's legality filter: it judges the passing squares with what it knows of the position.
void generate_conversion_castling(const Position& pos, const CastlingMove& cm, int index,
                                  bool in_check, const ConversionFilter* filter, MoveList& out) {
  const ConversionKnobs& ck = conversion_knobs(pos.variant());
  const Color them = ~pos.side_to_move();
  if (in_check && ck.castle_out_of_check_by_conversion == CastleOutOfCheckByConversion::kForbidden)
    return;
  if (ck.castle_through_cleared_square == CastleThroughClearedSquare::kForbidden)
    for (Bitboard path = cm.king_path & ~bb(cm.king_to) & ~bb(cm.king_from); path;) {
      const Square s = pop_lsb(path);
      if (filter ? filter->path_threatened(s) : pos.threatened(s, them)) return;
    }
  out.push(Move(cm.king_from, cm.king_to, MoveKind::kCastling, index));
}

}  // namespace

void generate_conversion_castling(const Position& pos, MoveList& out,
                                  const ConversionFilter* filter) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  const std::uint8_t rights = pos.castling_rights();
  if (rights == 0) return;
  const Bitboard occ = pos.occupied();
  const auto& moves = v.castling(us);
  int in_check = -1;  // found when a castling first asks
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const CastlingMove& cm = moves[i];
    if (!movegen::castling_open(pos, cm, rights, occ)) continue;
    if (in_check < 0) in_check = filter ? filter->in_check() : pos.king_in_check(us);
    generate_conversion_castling(pos, cm, static_cast<int>(i), in_check != 0, filter, out);
  }
}

bool conversion_leaves_king_safe(const Position& pos, Move m) {
  const Square ksq = pos.king_square(pos.side_to_move());
  if (ksq == kNoSquare) return true;
  Position after = pos;
  Undo undo;
  after.make(m, undo);
  return safe_after(pos, after, undo, m, ksq);
}

/// generate_legal's filter for Conversion Chess: keeps the legal moves of out[first..].
void filter_conversion(const Position& pos, MoveList& out, int first) {
  const Square ksq = pos.king_square(pos.side_to_move());
  const bool enemy_pairs = pos.has_co_pair(~pos.side_to_move());
  int kept = first;
  const int size = out.size();
  if (judged_by_ordinary_attacks(pos, ksq, enemy_pairs)) {
    const movegen::OrdinaryFilter f = movegen::ordinary_filter(pos, ksq);
    std::optional<ConversionFilter> castling;  // built for the first castling move
    for (int i = first; i < size; ++i) {
      const Move m = out[i];
      bool legal;
      if (m.kind() == MoveKind::kCastling) {
        if (!castling) castling.emplace(pos, enemy_pairs);
        legal = castling->keep(m);
      } else {
        legal = movegen::ordinary_legal(pos, f, m);
      }
      if (legal) out[kept++] = m;
    }
  } else {
    ConversionFilter filter(pos, enemy_pairs);
    for (int i = first; i < size; ++i)
      if (filter.keep(out[i])) out[kept++] = out[i];
  }
  out.truncate(kept);
}

}  // namespace arbiter
