// ConversionFilter's tests (see conversion_filter.hpp and docs/conversion.md).
#include "rules/conversion/conversion_filter.hpp"

#include "rules/core/movegen_parts.hpp"

namespace arbiter {

ConversionFilter::ConversionFilter(const Position& pos, bool enemy_pairs, const SiblingStep& step)
    : pos_(pos),
      v_(pos.variant()),
      ck_(conversion_knobs(v_)),
      us_(pos.side_to_move()),
      them_(~us_),
      ksq_(pos.king_square(us_)),
      enemy_pairs_(enemy_pairs),
      watch_(select_watch(pos, step)),
      step_(step),
      occ_(pos.occupied()),
      ours_(pos.pieces(us_)),
      enemy_(pos.pieces(them_)) {
  const Variant& v = v_;
  const ConversionRules& cr = v.conversion();
  const ConversionKnobs& ck = ck_;
  const Color us = us_, them = them_;
  const Square ksq = ksq_;
  // Only a mover with a twin threatens conversion (enemy_pairs_). Without one on the enemy side
  // there are no threats now, and none after any move of ours (ours never gives it pieces).
  if (ksq != kNoSquare) {
    checkers_ = pos.attackers(ksq, them, occ_);
    attacked_ = checkers_ != 0;
    in_check_ = watch_.threat_now || attacked_;
  }
  // Fast path (see docs/conversion.md): out of check, a move that neither moves the king,
  // captures a paired piece, converts, nor is special is legal when it is legal by ordinary
  // attacks and none of the watched enemy pieces can then land where it would convert the king.
  // An ordinary check is answered by the ordinary test on every move; a conversion threat
  // now (or a castling that might convert) takes the full test.
  // A king step is judged on its new square alone, which holds under a conversion threat too.
  fast_king_ = ksq != kNoSquare && !v.any_riders() && !watch_.castling;
  fast_ = fast_king_ && !watch_.threat_now;
  if (fast_) {
    pinned_ = movegen::pinned_pieces(pos, ksq);
    if (attacked_) evasions_ = movegen::evasion_squares(pos, ksq, checkers_);
  }
  paired_enemies_ = step.cache && step.plain ? step.paired_after(enemy_) : paired_pieces(pos, them);
  if (step.twins_kept())
    std::copy(step.cache->twins, step.cache->twins + v.piece_count(), twins_);
  else
    partners_by_type(pos, us, twins_);
  // Landings that convert an enemy piece the quick rule must not touch: the enemy royal piece
  // (converting it takes the full test) and the watched movers' landing squares.
  Bitboard watched = 0, watched_landing = 0;
  for (int w = 0; w < watch_.count; ++w) {
    watched |= watch_.movers[w].sensitive;
    watched_landing |= watch_.movers[w].sensitive & watch_.movers[w].landing;
  }
  const Bitboard untouchable = enemy_ & (pos.pieces(them, v.royal()) | watched_landing);
  // Only a twin on an untouchable piece's rank or file can convert it.
  Bitboard untouchable_lines = 0;
  for (Bitboard b = untouchable; b;) {
    const Square u = pop_lsb(b);
    untouchable_lines |= file_bb(u) | rank_bb(u);
  }
  // Squares where an enemy castling could ever convert (see in_castling_danger): known already
  // when the king stands on their lines. A shared watch's lines may be a superset (a lost
  // right): in_castling_danger then asks castling_danger, which reads the rights as they are.
  danger_lines_ = fast_king_ && enemy_pairs_ ? watch_.castling_lines : 0;
  danger_ = watch_.castling_danger;
  danger_known_ = danger_lines_ && has(danger_lines_, ksq);
  if (danger_lines_ && !danger_known_ && step.danger_kept()) {
    danger_ = step.cache->danger;
    danger_known_ = true;
  }
  // Castling out of check and through a cleared square are judged after the move; under
  // 'ignored' a threat's own exposure is judged on the board after it too.
  // The moves that keep() can neither keep nor drop by its shortcuts (under a conversion
  // threat, or capturing a paired piece a watched threat may need) are judged on the board
  // after them (see keep()); the exposure of a threat under 'ignored' needs the full test.
  fast_after_ = fast_king_ && ck.threat_by_pinned_piece == ThreatByPinnedPiece::kCounts;
  fast_castling_ = fast_king_ && !in_check_ &&
                   ck.castle_through_cleared_square == CastleThroughClearedSquare::kForbidden &&
                   (!enemy_pairs_ || ck.threat_by_pinned_piece == ThreatByPinnedPiece::kCounts);
  // Most moves need none of the tests in keep(): a piece that is neither the king, pinned, nor
  // on a watched mover's way, going to a square that answers an ordinary check, converts
  // nothing and is on no watched mover's way either, passes them all (see the fast path).
  // Out of check, a converting move passes them too when it converts neither the enemy royal
  // piece nor a piece on a watched landing square (converting only takes enemy pieces away).
  if (fast_ && (watch_.count == 0 || ck.threat_by_pinned_piece == ThreatByPinnedPiece::kCounts)) {
    // Castling (a king move) and en passant are never quick: keep() needs not test the kind.
    const Bitboard en_passant = pos.en_passant() == kNoSquare ? 0 : bb(pos.en_passant());
    const SliderTables& sl = v.sliders();
    // A piece that is not pinned, on no watched way, out of check, and without a twin on an
    // untouchable piece's line converts nothing it must not and blocks nothing: it gets the
    // shared set. The others (and the king, which has none) get their own.
    quick_default_ = evasions_ & ~watched_landing & ~en_passant;
    Bitboard own = attacked_ ? ours_ : pinned_ | (ours_ & watched);
    for (PieceTypeMask m = cr.paired; m; m &= static_cast<PieceTypeMask>(m - 1)) {
      const int t = std::countr_zero(m);
      if (twins_[t] & untouchable_lines) own |= pos.pieces(us, static_cast<PieceType>(t));
    }
    quick_own_ = (own & ours_) | bb(ksq);
    if (ck.threat_by_pinned_piece == ThreatByPinnedPiece::kCounts)
      unblockers_ = ours_ & watched & ~bb(ksq);
    quick_to_[ksq] = 0;
    for (Bitboard b = own & ours_ & ~bb(ksq); b;) {
      const Square s = pop_lsb(b);
      // A piece on a watched mover's way is quick where it keeps the way shut: when that
      // mover, with the way open, still reaches none of its landing squares, or by landing
      // between the mover and each it would reach. A landing square itself offers a capture
      // keep() would test (watched_landing stays excluded).
      const Bitboard blocking = has(watched, s) ? blocking_squares(s) : ~Bitboard{0};
      quick_to_[s] = 0;
      if (!blocking) continue;
      Bitboard not_quick = 0;
      if (attacked_ || has(pinned_, s))
        not_quick = converts(s);
      else
        for (Bitboard tw = twins_of(s) & untouchable_lines; tw;)
          not_quick |= converting_landings(pop_lsb(tw), untouchable);
      quick_to_[s] = blocking & evasions_ & ~not_quick & ~watched_landing & ~en_passant;
      // A pinned piece stays between its king and the pinner, or takes the pinner: on its line
      // up to the first piece each way (a leap past either end is not quick).
      if (has(pinned_, s))
        quick_to_[s] &=
            (rook_attacks(sl, s, occ_) | bishop_attacks(sl, s, occ_)) & v.line(s, ksq) & ~bb(ksq);
    }
  }
}

Bitboard ConversionFilter::blocking_squares(Square s) const {
  const Bitboard occ = occ_ & ~bb(s);
  Bitboard out = ~Bitboard{0};
  for (int w = 0; w < watch_.count && out; ++w) {
    const ThreatWatch::Mover& mv = watch_.movers[w];
    if (!has(mv.sensitive, s)) continue;
    Bitboard reached =
        piece_destinations(pos_, them_, mv.type, mv.from, occ, ~Bitboard{0}) & mv.landing;
    const SquareMoves& sm = v_.piece(mv.type).moves.at[them_][mv.from];
    if (reached & (sm.leap_move | sm.leap_capture)) return 0;
    while (reached) out &= v_.between(mv.from, pop_lsb(reached)) | bb(mv.from);
  }
  return out;
}

Bitboard ConversionFilter::unblocking_squares(Square s) const {
  const Bitboard occ = occ_ & ~bb(s), victims = ours_ & ~bb(s);
  Bitboard out = 0;
  for (int w = 0; w < watch_.count; ++w) {
    const ThreatWatch::Mover& mv = watch_.movers[w];
    if (!has(mv.sensitive, s)) continue;
    Bitboard reached = piece_destinations(pos_, them_, mv.type, mv.from, occ, victims) & mv.landing;
    if (!reached) continue;
    Bitboard stays = ~Bitboard{0};  // squares that keep it from every landing square it reaches
    while (reached) {
      const Square d = pop_lsb(reached);
      stays &= v_.between(mv.from, d) | bb(d);
    }
    out |= ~(stays | bb(mv.from));
  }
  return out;
}

bool ConversionFilter::path_threatened(Square s) const {
  if (pos_.attackers(s, them_, occ_)) return true;
  // Without the fast paths, in_castling_danger knows nothing: the full test.
  if (!fast_king_) return conversion_threat(pos_, s, them_);
  if (!enemy_pairs_) return false;  // no twin, no co-square, castling's included
  if (in_castling_danger(s)) return conversion_threat(pos_, s, them_);
  return may_be_threatened(s) &&
         conversion_threat_after(pos_, s, them_, occ_, 0, ours_, /*castling=*/false);
}

std::optional<bool> ConversionFilter::castling_safe(Move m) const {
  const CastlingMove& cm = v_.castling(us_)[m.arg()];
  // A castling only takes enemy pieces away (those it converts, which stay where they are
  // and become ours): the enemy's attacks and threats after it are those of this position on
  // the board with king and rook moved, without the converted pieces. Its castling threats lie
  // within danger_ (computed from its pieces and rights, which can only shrink). Converting the
  // enemy royal piece takes the full test.
  const Bitboard converted =
      castling_co_squares_formed(v_, cm, twins_[v_.royal()], twins_[cm.rook_type]) & enemy_;
  if ((converted & pos_.pieces(them_, v_.royal())) || in_castling_danger(cm.king_to))
    return std::nullopt;
  const Bitboard moved = bb(cm.king_from) | bb(cm.rook_from);
  const Bitboard landed = bb(cm.king_to) | bb(cm.rook_to);
  const Bitboard occ_after = (occ_ & ~moved) | landed;
  return (pos_.attackers(cm.king_to, them_, occ_after) & ~converted) == 0 &&
         !(may_be_threatened(cm.king_to) &&
           conversion_threat_after(pos_, cm.king_to, them_, occ_after, converted,
                                   (ours_ & ~moved) | landed | converted, /*castling=*/false));
}

bool ConversionFilter::keep(Move m) {
  const Position& pos = pos_;
  const Variant& v = v_;
  const ConversionKnobs& ck = ck_;
  const Color them = them_;
  const Square ksq = ksq_;
  const Bitboard occ = occ_, ours = ours_, enemy = enemy_;
  const ThreatWatch& watch = watch_;
  const Square from = m.from(), to = m.to();
  if (has(quick(from), to)) return true;
  if (m.kind() == MoveKind::kCastling && fast_castling_)
    if (const std::optional<bool> safe = castling_safe(m)) return *safe;
  const bool special = m.kind() == MoveKind::kCastling || m.kind() == MoveKind::kEnPassant;
  if (from == ksq && !special) return king_step_legal(m);
  // From here on the king moves only by castling or en passant, both judged fully.
  bool full = special || !fast_;
  Bitboard converted = 0;  // enemy pieces this move converts
  if (!special && m.kind() != MoveKind::kPromotion && has(converts(from), to)) {
    converted = converted_by(from, to);
  }
  // Threatened with conversion: a move that leaves alone every square one threat needs keeps
  // that threat (see ThreatWatch::threat_support).
  if (watch.threat_now && !special && !((bb(from) | bb(to) | converted) & watch.threat_support))
    return false;
  // A move converting the enemy royal piece takes the full test.
  if (!full && m.kind() != MoveKind::kPromotion)
    full = (converted & pos.pieces(them, v.royal())) != 0;
  bool ok = true;
  if (!full) {
    // Converted pieces stay where they are (occupancy unchanged) but change sides: they
    // neither attack nor threaten any more, and become capturable by the enemy.
    const Bitboard occ_after = (occ & ~bb(from)) | bb(to);
    const Bitboard victims = (ours & ~bb(from)) | bb(to) | converted;
    const Bitboard gone = bb(to) | converted;  // enemy pieces captured or converted
    // Out of check, a piece that is not pinned uncovers no attack, and converting only takes
    // attackers away.
    if (converted)
      ok = (!attacked_ && !has(pinned_, from)) ||
           (pos.attackers(ksq, them, occ_after) & enemy & ~gone) == 0;
    else if (!has(evasions_, to))
      ok = false;
    else if (has(pinned_, from))  // converting nothing, it must stay on the pin's line
      ok = has(v.line(from, ksq), to) && movegen::ordinary_king_safe(pos, m);
    const bool removed_paired = (gone & paired_enemies_) != 0;
    for (int w = 0; w < watch.count && ok && !full; ++w) {
      const ThreatWatch::Mover& mv = watch.movers[w];
      if (has(gone, mv.from)) continue;  // captured or converted
      // Untouched lines keep its destinations, none of which threatens now (not in check).
      // Filling a square on its way only blocks it, unless the mover can take what lands
      // there (or is converted there) and convert; converting its twins only takes landing
      // squares away.
      if (ck.threat_by_pinned_piece == ThreatByPinnedPiece::kCounts && !(bb(from) & mv.sensitive) &&
          !((bb(to) | converted) & mv.sensitive & mv.landing))
        continue;
      if (piece_destinations(pos, them, mv.type, mv.from, occ_after, victims) & mv.landing) {
        // A removed paired piece may have been the twin this threat needs: test fully.
        if (ck.threat_by_pinned_piece == ThreatByPinnedPiece::kCounts && !removed_paired)
          ok = false;
        else
          full = true;
      }
    }
  }
  if (full && fast_after_ && !special && !(converted & pos.pieces(them, v.royal()))) {
    // The king stays, so the enemy's castling threats stay out of reach (danger_ only shrinks
    // when its pieces are captured or converted); its other attacks and threats are read on
    // the board after the move, without the pieces it loses.
    const Bitboard gone = (bb(to) & enemy) | converted;
    const Bitboard occ_after = (occ & ~bb(from)) | bb(to);
    return (pos.attackers(ksq, them, occ_after) & ~gone) == 0 &&
           !(may_be_threatened(ksq) &&
             conversion_threat_after(pos, ksq, them, occ_after, gone,
                                     (ours & ~bb(from)) | bb(to) | converted, /*castling=*/false));
  }
  return full ? legal_after(m) : ok;
}

bool ConversionFilter::king_step_legal(Move m) {
  const Square ksq = ksq_, to = m.to();
  // A converting king step takes the full test, as do castling threats and the exposure knob
  // (the enemy's, under 'ignored'); so does everything without the fast paths.
  Bitboard converted = 0;
  if (m.kind() != MoveKind::kPromotion && has(converts(ksq), to)) converted = converted_by(ksq, to);
  if (!fast_king_ || converted ||
      (enemy_pairs_ &&
       (ck_.threat_by_pinned_piece == ThreatByPinnedPiece::kIgnored || in_castling_danger(to))))
    return legal_after(m);
  // Ordinary attacks with the king off its square, then conversion threats on the new square
  // (which holds under a conversion threat now too: the king leaves it).
  const Bitboard occ_after = (occ_ & ~bb(ksq)) | bb(to);
  if ((pos_.attackers(to, them_, occ_ & ~bb(ksq)) & ~bb(to)) != 0) return false;
  if (!may_be_threatened(to)) return true;
  // The siblings share the answer when the move that led here changed nothing it reads.
  if (const ThreatWatch* w = shared_step_watch(to)) return !w->threat_now;
  return !conversion_threat_after(pos_, to, them_, occ_after, bb(to) & enemy_,
                                  (ours_ & ~bb(ksq)) | bb(to), /*castling=*/false);
}

bool ConversionFilter::legal_after(Move m) {
  const Color them = them_;
  if (!scratch_) scratch_.emplace(pos_);
  Undo undo;
  scratch_->make(m, undo);
  bool ok = ksq_ == kNoSquare || safe_after(pos_, *scratch_, undo, m, ksq_);
  if (ok && m.kind() == MoveKind::kCastling) {
    const CastlingMove& cm = v_.castling(us_)[m.arg()];
    if (in_check_) ok = !scratch_->threatened(cm.king_from, them);
    if (ck_.castle_through_cleared_square == CastleThroughClearedSquare::kAllowed)
      for (Bitboard path = cm.king_path & ~bb(cm.king_to) & ~bb(cm.king_from); path && ok;)
        ok = !scratch_->threatened(pop_lsb(path), them);
  }
  scratch_->unmake(m, undo);
  return ok;
}

}  // namespace arbiter
