#include "rules/conversion/conversion.hpp"

#include <bit>

#include "rules/core/position.hpp"

namespace arbiter {

namespace {

/// Every square the masks of `c`'s piece on `from` could take it to without promoting, on any
/// board (riders aside): a superset of piece_destinations.
Bitboard reach_of(const PieceInfo& info, Color c, Square from) {
  return info.reach[c][from];
}

/// The types of `by`'s pieces that could form a co-square on a target whose rank and file
/// (the target itself aside) are `lines`: the partners of `by`'s paired pieces standing there
/// (the pairing is symmetric: Variant builds partners both ways).
PieceTypeMask mover_types_on(const Position& pos, Color by, Bitboard lines) {
  const ConversionRules& cr = pos.variant().conversion();
  PieceTypeMask types = 0;
  for (PieceTypeMask m = cr.paired; m; m &= static_cast<PieceTypeMask>(m - 1)) {
    const int u = std::countr_zero(m);
    if (pos.pieces(by, static_cast<PieceType>(u)) & lines) types |= cr.partners[u];
  }
  return types;
}

/// After `by` (to move or not) makes `m` with its co-effect, `king` is attacked in the ordinary
/// way.
bool attacked_after(const Position& pos, Color by, Move m, Square king) {
  Position after = pos;
  if (after.side_to_move() != by) after.set_side_to_move(by);
  after.set_en_passant(kNoSquare);
  Undo undo;
  after.make(m, undo);
  return after.attackers(king, ~by, after.occupied()) != 0;
}

/// The move from -> to of `by` would leave its own royal piece attacked (ordinary attacks),
/// judged on the board after the move and its own conversions (which may convert a pinner).
bool exposes_own_king(const Position& pos, Color by, Square from, Square to) {
  const Square k = pos.king_square(by);
  return k != kNoSquare && attacked_after(pos, by, Move(from, to), k == from ? to : k);
}

/// The co-squares a castling would form with the twins on the board now, ignoring whether
/// it is possible (its squares may be occupied): a superset for quick rejection.
Bitboard castling_co_squares(const Position& pos, const CastlingMove& cm, Color by) {
  const Bitboard twins_k = partner_pieces(pos, by, pos.variant().royal());
  const Bitboard twins_r = partner_pieces(pos, by, cm.rook_type);
  const Bitboard moved = bb(cm.king_from) | bb(cm.rook_from);
  return co_squares_of(cm.king_to, (twins_k & ~moved) | bb(cm.rook_to)) |
         co_squares_of(cm.rook_to, (twins_r & ~moved) | bb(cm.king_to));
}

/// Castling moves of `by` whose king or partner would form a co-square on `target`.
bool castling_threat(const Position& pos, Square target, Color by) {
  const Variant& v = pos.variant();
  const ConversionKnobs& ck = conversion_knobs(v);
  const Bitboard occ = pos.occupied();
  for (const CastlingMove& cm : v.castling(by)) {
    if (!(pos.castling_rights() & cm.right)) continue;
    // Co-squares share a rank or file with the piece that formed them.
    if (rank_of(target) != rank_of(cm.king_to) && file_of(target) != file_of(cm.king_to) &&
        rank_of(target) != rank_of(cm.rook_to) && file_of(target) != file_of(cm.rook_to))
      continue;
    if (occ & cm.must_be_empty) continue;
    if (pos.piece_on(by, cm.king_from) != v.royal() ||
        pos.piece_on(by, cm.rook_from) != cm.rook_type)
      continue;
    if (!has(castling_co_squares_formed(pos, cm, by), target)) continue;
    if (ck.threat_by_pinned_piece == ThreatByPinnedPiece::kCounts) return true;
    // 'ignored': a castling that would leave the castling king attacked threatens nothing.
    const Move castle(cm.king_from, cm.king_to, MoveKind::kCastling,
                      static_cast<int>(&cm - v.castling(by).data()));
    if (!attacked_after(pos, by, castle, cm.king_to)) return true;
  }
  return false;
}

/// The twins of one mover type on the target's file (`file`) and rank (`rank`), the target
/// itself aside: a twin on the file makes a co-square on the target for a mover landing on the
/// target's rank, and the other way round.
struct LineTwins {
  Bitboard file, rank;
  bool none() const { return !file && !rank; }
  /// Where the mover on `from` lands to form a co-square on the target (`on_file`, `on_rank`:
  /// the target's file and rank without it); it is no twin of itself.
  Bitboard landing(Square from, Bitboard on_file, Bitboard on_rank) const {
    return (file & ~bb(from) ? on_rank : 0) | (rank & ~bb(from) ? on_file : 0);
  }
};

}  // namespace

bool pieces_pair(const Position& pos, Color c) {
  const Variant& v = pos.variant();
  const ConversionRules& cr = v.conversion();
  // Two pieces of a type that pairs with itself, or pieces of two types that pair.
  PieceTypeMask present = 0;
  for (PieceTypeMask m = cr.paired; m; m &= static_cast<PieceTypeMask>(m - 1)) {
    const int t = std::countr_zero(m);
    const Bitboard movers = pos.pieces(c, static_cast<PieceType>(t));
    if (!movers) continue;
    if ((movers & (movers - 1)) && (cr.partners[t] >> t & 1U)) return true;
    present |= static_cast<PieceTypeMask>(1U << t);
  }
  for (PieceTypeMask m = present; m; m &= static_cast<PieceTypeMask>(m - 1)) {
    const int t = std::countr_zero(m);
    if (cr.partners[t] & present & ~(1U << t)) return true;
  }
  return false;
}

Bitboard castling_co_squares_formed(const Position& pos, const CastlingMove& cm, Color by) {
  const Variant& v = pos.variant();
  return castling_co_squares_formed(v, cm, partner_pieces(pos, by, v.royal()),
                                    partner_pieces(pos, by, cm.rook_type));
}

Bitboard castling_co_squares_formed(const Variant& v, const CastlingMove& cm,
                                    Bitboard royal_partners, Bitboard rook_partners) {
  const ConversionRules& cr = v.conversion();
  // The board after castling: both pieces on their new squares.
  const Bitboard moved_away = bb(cm.king_from) | bb(cm.rook_from);
  const auto twins_of = [&](PieceType mover, Bitboard partners, Square landed) {
    Bitboard twins = partners & ~moved_away;
    if (cr.partners[mover] >> v.royal() & 1U && landed != cm.king_to) twins |= bb(cm.king_to);
    if (cr.partners[mover] >> cm.rook_type & 1U && landed != cm.rook_to) twins |= bb(cm.rook_to);
    return twins;
  };
  return co_squares_of(cm.king_to, twins_of(v.royal(), royal_partners, cm.king_to)) |
         co_squares_of(cm.rook_to, twins_of(cm.rook_type, rook_partners, cm.rook_to));
}

Bitboard piece_destinations(const Position& pos, Color c, PieceType t, Square from, Bitboard occ,
                            Bitboard victims) {
  const Variant& v = pos.variant();
  const PieceInfo& info = v.piece(t);
  const PieceMoves& pm = info.moves;
  Bitboard quiet, captures;
  piece_targets(pm, v.sliders(), c, from, occ, quiet, captures);
  // Promotion cannot cause co-effects, so promoting moves threaten nothing.
  return ((quiet & ~occ) | (captures & victims)) & ~info.promotion_squares[c];
}

namespace {

/// The movers of a ThreatWatch (everything but castling threats) on a royal piece on `king`,
/// on a board occupied as `occ` where `by` may capture `victims`; `castling`: whether the
/// threat found when it gives up (more than 16 movers) counts castling threats. False when it
/// gave up (`w` then says: test fully).
bool watch_movers(const Position& pos, Square king, Color by, Bitboard occ, Bitboard victims,
                  bool castling, ThreatWatch& w) {
  w.count = 0;
  w.castling = false;
  w.castling_lines = 0;
  w.castling_danger = 0;
  w.threat_now = false;
  w.threat_support = ~Bitboard{0};
  const Variant& v = pos.variant();
  const ConversionKnobs& ck = conversion_knobs(v);
  const Bitboard on_file = file_bb(king) & ~rank_bb(king);
  const Bitboard on_rank = rank_bb(king) & ~file_bb(king);
  const PieceTypeMask mover_types = mover_types_on(pos, by, on_file | on_rank);
  w.mover_types = mover_types;
  // Exposure under 'ignored' reads the king's side's pieces, riders their own ways: those
  // watches are never reused.
  w.depends = ck.threat_by_pinned_piece == ThreatByPinnedPiece::kCounts && !v.any_riders()
                  ? 0
                  : ~Bitboard{0};
  w.twin_lines = file_bb(king) | rank_bb(king);
  for (PieceTypeMask mt = mover_types; mt; mt &= static_cast<PieceTypeMask>(mt - 1)) {
    const int t = std::countr_zero(mt);
    Bitboard movers = pos.pieces(by, static_cast<PieceType>(t));
    if (!movers) continue;
    const Bitboard twins = partner_pieces(pos, by, static_cast<PieceType>(t));
    const LineTwins line_twins{twins & on_file, twins & on_rank};
    if (line_twins.none()) continue;
    const PieceInfo& info = v.piece(static_cast<PieceType>(t));
    while (movers) {
      const Square from = pop_lsb(movers);
      const Bitboard landing = line_twins.landing(from, on_file, on_rank);
      const Bitboard reach = reach_of(info, by, from);
      if (!(landing & reach) && !info.moves.has_riders) continue;
      if (w.count == 16) {  // more watchers than expected: let the caller test fully
        w.castling = true;
        w.threat_now = conversion_threat_after(pos, king, by, occ, 0, victims, castling);
        w.threat_support = ~Bitboard{0};
        w.depends = ~Bitboard{0};
        return false;
      }
      // Which landing squares it reaches changes only when a move empties, fills or converts
      // one of them or a square on its way there, up to the first piece in its way.
      Bitboard sensitive = 0;
      for (Bitboard l = landing & reach; l;) {
        const Square d = pop_lsb(l);
        sensitive |= bb(d) | v.between(from, d);
      }
      Bitboard quiet, captures;
      piece_targets(info.moves, v.sliders(), by, from, occ, quiet, captures);
      w.movers[w.count++] = {from, static_cast<PieceType>(t), landing,
                             sensitive & (quiet | captures)};
      w.depends |= bb(from) | w.movers[w.count - 1].sensitive;
      if (!w.threat_now) {
        // Its destinations now (as piece_destinations gives them), from the same targets.
        Bitboard hits =
            ((quiet & ~occ) | (captures & victims)) & ~info.promotion_squares[by] & landing;
        if (hits && ck.threat_by_pinned_piece == ThreatByPinnedPiece::kCounts) {
          // Under 'ignored' a move could also pin the mover, so no support is known there.
          const Square d = lsb(hits);
          w.threat_now = true;
          w.threat_support = bb(from) | bb(d) | v.between(from, d) |
                             ((line_twins.file | line_twins.rank) & ~bb(from));
        }
        while (hits && !w.threat_now)
          if (!exposes_own_king(pos, by, from, pop_lsb(hits))) w.threat_now = true;
      }
    }
  }
  return true;
}

}  // namespace

void watch_conversion_threats(const Position& pos, Square king, Color by, ThreatWatch& w) {
  if (!watch_movers(pos, king, by, pos.occupied(), pos.pieces(~by), /*castling=*/true, w)) return;
  // Geometry only: could a castling ever form a co-square on the king? Not off the lines of
  // its landing squares.
  w.castling_lines = castling_lines(pos, by);
  if (has(w.castling_lines, king)) {
    w.castling_danger = castling_danger(pos, by);
    w.castling = has(w.castling_danger, king);
    if (w.castling && !w.threat_now) w.threat_now = castling_threat(pos, king, by);
    w.depends = ~Bitboard{0};
  }
}

void watch_step_threats(const Position& pos, Square from, Square to, Color by, ThreatWatch& w) {
  watch_movers(pos, to, by, (pos.occupied() & ~bb(from)) | bb(to),
               (pos.pieces(~by) & ~bb(from)) | bb(to), /*castling=*/false, w);
  // The step's own squares: a move there is left to the full test (a safe margin; no legal
  // move of `by` reaches `from`, and one onto `to` is a capture the king step would make).
  w.depends |= bb(from) | bb(to);
}

bool conversion_threat(const Position& pos, Square target, Color by) {
  return conversion_threat_after(pos, target, by, pos.occupied(), 0, pos.pieces(~by));
}

bool conversion_threat_after(const Position& pos, Square target, Color by, Bitboard occupied,
                             Bitboard removed, Bitboard victims, bool castling) {
  const Variant& v = pos.variant();
  const ConversionRules& cr = v.conversion();
  const ConversionKnobs& ck = conversion_knobs(v);
  if (!cr.enabled) return false;
  const Bitboard on_file = file_bb(target) & ~rank_bb(target);
  const Bitboard on_rank = rank_bb(target) & ~file_bb(target);
  const Bitboard lines = on_file | on_rank;
  const PieceTypeMask mover_types = mover_types_on(pos, by, lines & ~removed);
  for (PieceTypeMask mt = mover_types; mt; mt &= static_cast<PieceTypeMask>(mt - 1)) {
    const int t = std::countr_zero(mt);
    Bitboard movers = pos.pieces(by, static_cast<PieceType>(t)) & ~removed;
    if (!movers) continue;
    const Bitboard twins = partner_pieces(pos, by, static_cast<PieceType>(t)) & lines & ~removed;
    // The landing square is never the target itself.
    const LineTwins line_twins{twins & on_file, twins & on_rank};
    if (line_twins.none()) continue;
    const PieceInfo& info = v.piece(static_cast<PieceType>(t));
    while (movers) {
      const Square from = pop_lsb(movers);
      const Bitboard landing = line_twins.landing(from, on_file, on_rank);
      if (!landing) continue;
      // Its masks alone (no slider lookup) rule most movers out.
      if (!info.moves.has_riders && !(landing & reach_of(info, by, from))) continue;
      Bitboard hits =
          piece_destinations(pos, by, static_cast<PieceType>(t), from, occupied, victims) & landing;
      if (hits && ck.threat_by_pinned_piece == ThreatByPinnedPiece::kCounts) return true;
      while (hits)
        if (!exposes_own_king(pos, by, from, pop_lsb(hits))) return true;
    }
  }
  return castling && ck.castling_threatens == CastlingThreatens::kCounts &&
         castling_threat(pos, target, by);
}

Bitboard castling_lines(const Position& pos, Color by) {
  const Variant& v = pos.variant();
  if (conversion_knobs(v).castling_threatens == CastlingThreatens::kIgnored) return 0;
  Bitboard lines = 0;
  for (const CastlingMove& cm : v.castling(by))
    if (pos.castling_rights() & cm.right)
      lines |=
          rank_bb(cm.king_to) | file_bb(cm.king_to) | rank_bb(cm.rook_to) | file_bb(cm.rook_to);
  return lines;
}

PieceTypeMask castling_danger_types(const Variant& v, Color by) {
  const ConversionRules& cr = v.conversion();
  PieceTypeMask types = 0;
  if (v.royal() != kNoPiece)
    types = static_cast<PieceTypeMask>(1U << v.royal()) | cr.partners[v.royal()];
  for (const CastlingMove& cm : v.castling(by))
    types |= static_cast<PieceTypeMask>(1U << cm.rook_type) | cr.partners[cm.rook_type];
  return types;
}

Bitboard castling_danger(const Position& pos, Color by) {
  const Variant& v = pos.variant();
  if (conversion_knobs(v).castling_threatens == CastlingThreatens::kIgnored) return 0;
  Bitboard danger = 0;
  for (const CastlingMove& cm : v.castling(by))
    if (pos.castling_rights() & cm.right) danger |= castling_co_squares(pos, cm, by);
  return danger;
}

}  // namespace arbiter
