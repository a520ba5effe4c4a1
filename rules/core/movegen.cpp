#include "rules/core/movegen.hpp"

#include <algorithm>
#include <bit>
#include <optional>

#include "rules/conversion/conversion.hpp"

namespace arbiter {
namespace {

/// Adds the moves of one piece to `out`, expanding promotions and marking double steps.
inline void emit(MoveList& out, const PieceInfo& info, Color us, Square from, Bitboard quiet,
                 Bitboard captures) {
  const Bitboard promo = info.promotion_squares[us];
  if (!info.pawn && promo == 0) {
    for (Bitboard t = quiet | captures; t;) out.push(Move(from, pop_lsb(t)));
    return;
  }
  for (Bitboard t = quiet | captures; t;) {
    const Square to = pop_lsb(t);
    if (has(promo, to)) {
      for (PieceType p : info.promotion_choices) out.push(Move(from, to, MoveKind::kPromotion, p));
    } else if (info.pawn && has(quiet, to) && (to - from == 16 || from - to == 16)) {
      out.push(Move(from, to, MoveKind::kDoubleStep));
    } else {
      out.push(Move(from, to));
    }
  }
}

class ConversionFilter;

/// Appends the side to move's legal castling moves. Conversion Chess: `filter`, when given, is
/// the side to move's legality filter (which knows whether it is in check, and judges the
/// passing squares); without one both are found here.
void generate_castling(const Position& pos, MoveList& out,
                       const ConversionFilter* filter = nullptr);

/// Our pieces that alone stand between our king and an enemy piece that slides along a
/// rank, file or diagonal onto it.
Bitboard pinned_pieces(const Position& pos, Square ksq) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move(), them = ~us;
  Bitboard snipers = 0;
  // Only types with a rank, file or diagonal part pin; a pure leaper is in none of these.
  const AttackGroups& g = v.attack_groups(them);
  for (PieceTypeMask m = g.rook_line | g.bishop_line | g.per_type; m;
       m &= static_cast<PieceTypeMask>(m - 1)) {
    const int t = std::countr_zero(m);
    const Bitboard theirs = pos.pieces(them, static_cast<PieceType>(t));
    if (!theirs) continue;
    const AttackSources& a = v.piece(static_cast<PieceType>(t)).moves.attackers[them][ksq];
    snipers |= theirs & (a.rook | a.bishop);
  }
  const Bitboard occ = pos.occupied();
  Bitboard pinned = 0;
  while (snipers) {
    const Bitboard between = v.between(pop_lsb(snipers), ksq) & occ;
    if (between && !(between & (between - 1))) pinned |= between;
  }
  return pinned & pos.pieces(us);
}

/// In check by `checkers`: where a move other than the king's must land to answer the check -
/// on a single checker, or between it and the king when it reaches the king along a line (a
/// leap cannot be blocked). Empty in double check.
Bitboard evasion_squares(const Position& pos, Square ksq, Bitboard checkers) {
  if (checkers & (checkers - 1)) return 0;
  const Square c = lsb(checkers);
  const Color them = ~pos.side_to_move();
  const PieceType t = pos.piece_on(them, c);
  const AttackSources& a = pos.variant().piece(t).moves.attackers[them][ksq];
  if (has(a.leap, c)) return checkers;
  return checkers | pos.variant().between(c, ksq);
}

}  // namespace

namespace {

/// The targets of the side to move's pieces as generate_pseudo_legal lists them; shared with
/// the bulk counts, so that a count and a list see the same moves.
class PseudoTargets {
 public:
  explicit PseudoTargets(const Position& pos)
      : sl_(pos.variant().sliders()),
        us_(pos.side_to_move()),
        occ_(pos.occupied()),
        // A square shared by one piece of each colour (Move-Neutral Chess) cannot be captured
        // on.
        enemy_(pos.pieces(~us_) & ~pos.pieces(us_)),
        ep_(pos.en_passant()),
        converted_(pos.converted()),
        allow_converted_initial_(pos.variant().knobs().conversion.converted_pawn_double_step ==
                                 ConvertedPawnDoubleStep::kAllowed) {}

  /// Quiet moves (onto empty squares) and captures of the piece on `from`, en passant aside.
  void targets(const PieceMoves& pm, Square from, Bitboard& quiet, Bitboard& captures) const {
    piece_targets(pm, sl_, us_, from, occ_, quiet, captures);
    // Only '~' pieces lose their initial-only moves: a '^' pawn never moved (a conversion is
    // not a move) and keeps its double step under both alternatives.
    if (has(converted_, from) && !allow_converted_initial_) {
      const Bitboard initial_only = pm.at[us_][from].initial_only;
      quiet &= ~initial_only;
      captures &= ~initial_only;
    }
    quiet &= ~occ_;
    captures &= enemy_;
  }

  /// Whether the piece on `from` may take en passant. The pawn taken must be an enemy one that
  /// can be taken: not sharing its square (Move-Neutral Chess); in other tables it always is.
  bool en_passant(const PieceMoves& pm, Square from) const {
    return ep_ != kNoSquare && has(pm.at[us_][from].en_passant, ep_) && !has(occ_, ep_) &&
           has(enemy_, en_passant_victim_of(ep_, us_));
  }

  /// Every piece of the side to move, type by type: `f(info, from, quiet, captures, ep)` with
  /// its targets and whether it may take en passant (the move to push is en_passant_move).
  template <typename F>
  void for_each_piece(const Position& pos, F&& f) const {
    const Variant& v = pos.variant();
    for (int t = 0; t < v.piece_count(); ++t) {
      Bitboard mine = pos.pieces(us_, static_cast<PieceType>(t));
      if (!mine) continue;
      const PieceInfo& info = v.piece(static_cast<PieceType>(t));
      while (mine) {
        const Square from = pop_lsb(mine);
        Bitboard quiet, captures;
        targets(info.moves, from, quiet, captures);
        f(info, from, quiet, captures, en_passant(info.moves, from));
      }
    }
  }

  Move en_passant_move(Square from) const { return Move(from, ep_, MoveKind::kEnPassant); }

 private:
  const SliderTables& sl_;
  Color us_;
  Bitboard occ_, enemy_;
  Square ep_;
  Bitboard converted_;
  bool allow_converted_initial_;
};

}  // namespace

void generate_pseudo_legal(const Position& pos, MoveList& out) {
  const Color us = pos.side_to_move();
  const PseudoTargets pt(pos);
  pt.for_each_piece(
      pos, [&](const PieceInfo& info, Square from, Bitboard quiet, Bitboard captures, bool ep) {
        emit(out, info, us, from, quiet, captures);
        if (ep) out.push(pt.en_passant_move(from));
      });
  generate_castling(pos, out);
}

namespace {

/// The royal piece is not attacked (ordinary attacks only) after the pseudo-legal move.
bool ordinary_king_safe(const Position& pos, Move m) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square ksq = pos.king_square(us);
  if (ksq == kNoSquare) return true;
  const Square from = m.from(), to = m.to();
  Bitboard occ = pos.occupied();
  Square captured = to;
  Square king = ksq == from ? to : ksq;
  if (m.kind() == MoveKind::kCastling) {
    const CastlingMove& cm = pos.variant().castling(us)[m.arg()];
    occ = (occ & ~bb(cm.king_from) & ~bb(cm.rook_from)) | bb(cm.king_to) | bb(cm.rook_to);
    return pos.attackers(cm.king_to, them, occ) == 0;
  }
  occ = (occ & ~bb(from)) | bb(to);
  if (m.kind() == MoveKind::kEnPassant) {
    captured = pos.en_passant_victim();
    occ &= ~bb(captured);
  }
  return (pos.attackers(king, them, occ) & ~bb(captured)) == 0;
}

/// Conversion Chess: after making `m` (from `before`, whose mover's royal piece stood on
/// `ksq`), that royal piece - wherever the move took it - is neither attacked nor threatened.
/// Converting the enemy royal piece is never legal: with the default knobs it cannot arise, and
/// a knob that ignores some threats does not make them executable.
bool safe_after(const Position& before, const Position& after, const Undo& undo, Move m,
                Square ksq) {
  const Variant& v = before.variant();
  const Color us = before.side_to_move();
  const Square king = m.kind() == MoveKind::kCastling ? v.castling(us)[m.arg()].king_to
                      : m.from() == ksq               ? m.to()
                                                      : ksq;
  return !(undo.converted & after.pieces(us, v.royal())) && !after.threatened(king, ~us);
}

/// Squares where a mover would form, with a twin on `twin`, a co-square holding an enemy.
Bitboard converting_landings(Square twin, Bitboard enemy) {
  const Bitboard file = file_bb(twin), rank = rank_bb(twin);
  // An enemy on the twin's file at rank r is converted by landing anywhere on rank r; an enemy
  // on the twin's rank at file f by landing anywhere on file f (off the twin's lines). Moved to
  // the a-file (the first rank), the enemies spread over their ranks (files) by one product.
  const Bitboard on_file = (enemy & file & ~rank) >> file_of(twin);
  const Bitboard on_rank = (enemy & rank & ~file) >> (8 * rank_of(twin));
  return (on_file * 0xFFULL | on_rank * 0x0101010101010101ULL) & ~file & ~rank;
}

/// `out[t]`: the pieces of `c` that pair with a mover of type `t` (partner_pieces), for every
/// type of the table.
void partners_by_type(const Position& pos, Color c, Bitboard* out) {
  for (int t = 0; t < pos.variant().piece_count(); ++t)
    out[t] = partner_pieces(pos, c, static_cast<PieceType>(t));
}

/// Whether some of the `paired` pieces stands on the rank or file of `s` (`s` itself aside):
/// only there can a twin make a co-square on `s`.
bool paired_on_lines(Bitboard paired, Square s) {
  return (paired & ~bb(s) & (file_bb(s) | rank_bb(s))) != 0;
}

/// The move that led to a position, as a SiblingCache needs it: the squares it touched and the
/// type it moved, and whether it did anything else the cache's parts read (promoted, castled,
/// converted, changed a castling right).
struct SiblingStep {
  const SiblingCache* cache = nullptr;
  Bitboard touched = 0;
  PieceType moved = kNoPiece;
  bool moved_paired = false;  ///< the moved piece's type takes part in some co-pair
  bool plain = false;         ///< it neither promoted, castled nor converted
  bool rights_kept = false;   ///< it changed no castling right
  bool captured = false;      ///< it captured (or converted) a piece of the side now to move

  /// The other side's paired pieces (SiblingCache::paired) after the move, `enemy` its pieces.
  /// Only for a plain move: a promotion or a conversion makes new ones.
  Bitboard paired_after(Bitboard enemy) const {
    return (cache->paired & ~touched) | (moved_paired ? touched & enemy : 0);
  }

  /// The side to move has the twins it had before the move.
  bool twins_kept() const { return cache && !captured; }
  /// The other side has the castling danger squares it had before the move.
  bool danger_kept() const {
    return cache && plain && rights_kept && !(cache->castling_types >> moved & 1U);
  }

  /// The move changed nothing `w` depends on (see ThreatWatch::depends; a lost castling right
  /// leaves its castling_lines a superset).
  bool leaves(const ThreatWatch& w) const {
    return plain && !(touched & w.depends) && !(w.mover_types >> moved & 1U) &&
           !(moved_paired && (touched & w.twin_lines));
  }
};

/// Conversion Chess: a move is legal when, after it and its conversions, the mover's royal
/// piece is neither attacked nor threatened with conversion (castling adds its own tests).
/// What the test needs of a position is computed once, in the constructor; the list filter and
/// the bulk count both read it, so they keep exactly the same moves.
class ConversionFilter {
 public:
  explicit ConversionFilter(const Position& pos)
      : ConversionFilter(pos, pos.has_co_pair(~pos.side_to_move())) {}
  /// `enemy_pairs`: has_co_pair for the side not to move, when the caller knows it. With a
  /// `step.cache`, the watch is taken from the cache when the move that led here left it
  /// alone, else built there (see SiblingCache).
  ConversionFilter(const Position& pos, bool enemy_pairs, const SiblingStep& step = {});

  /// Destinations of our piece on `from` whose moves (of any kind but castling and en
  /// passant, which never land here) are legal without a test (see docs/conversion.md).
  Bitboard quick(Square from) const {
    return has(quick_own_, from) ? quick_to_[from] : quick_default_;
  }

  /// Destinations of our piece on `from` (not the king) whose moves keep() refuses at once,
  /// by their squares alone: under a conversion threat those that leave its support alone;
  /// otherwise, those that answer no ordinary check, leave a pin's line, or open a watched way
  /// (unblocking_squares). None converts.
  Bitboard refuted(Square from) const {
    if (from == ksq_) return 0;
    if (watch_.threat_now)
      return has(watch_.threat_support, from) ? 0 : ~watch_.threat_support & ~converts(from);
    if (!fast_) return 0;
    Bitboard out = ~evasions_;
    if (has(pinned_, from)) out |= ~v_.line(from, ksq_);
    // Capturing a paired piece may take away the twin a threat needs: keep() tests that.
    if (has(unblockers_, from)) out |= unblocking(from) & ~paired_enemies_;
    return out ? out & ~converts(from) : 0;
  }

  /// Whether the pseudo-legal move `m` is legal. Not const: it may make the move on a scratch
  /// copy of the position.
  bool keep(Move m);

  /// keep() for a move of our royal piece from its square that is neither castling nor en
  /// passant (a king step); the bulk count asks it without listing the move.
  bool king_step_legal(Move m);

  /// The side to move's royal piece is attacked or threatened with conversion (what
  /// Position::in_check() says, found here anyway).
  bool in_check() const { return in_check_; }

  /// Position::threatened(s, enemy) for an empty square `s` our king passes when castling,
  /// with the shortcuts the filter knows: no conversion threat without a paired enemy piece
  /// on its lines, no castling threat off the enemy's castling danger squares.
  bool path_threatened(Square s) const;

 private:
  /// The full test: makes `m` on a scratch copy and judges the position after it.
  bool legal_after(Move m);

  /// keep() for a castling move out of check, judged without making it; nullopt when it needs
  /// the full test.
  std::optional<bool> castling_safe(Move m) const;

  /// The watch on our royal piece, built in place (it is large): none without enemy twins;
  /// the siblings' (see SiblingCache) when the move that led here left it alone.
  const ThreatWatch& select_watch(const Position& pos, const SiblingStep& step) {
    if (!enemy_pairs_ || ksq_ == kNoSquare) return own_watch_;  // empty
    const SiblingCache* cache = step.cache;
    if (cache && cache->valid && cache->king == ksq_ && step.leaves(cache->watch))
      return cache->watch;
    watch_conversion_threats(pos, ksq_, them_, own_watch_);
    return own_watch_;
  }

  /// Whether the enemy may threaten to convert a piece on `s` after a move of ours that
  /// converts nothing: only a twin on the rank or file of `s` (a paired enemy piece other
  /// than one standing on `s`, which the move would capture) can form a co-square there.
  bool may_be_threatened(Square s) const {
    return enemy_pairs_ && paired_on_lines(paired_enemies_, s);
  }

  /// Whether an enemy castling could ever form a co-square on `s` (ThreatWatch::castling_danger;
  /// none when the fast paths are off): a king step there takes the full test. Computed when
  /// first asked of a square on the lines of the enemy's castling landings.
  bool in_castling_danger(Square s) const {
    if (!has(danger_lines_, s)) return false;
    if (!danger_known_) {
      danger_ = castling_danger(pos_, them_);
      danger_known_ = true;
    }
    return has(danger_, s);
  }

  /// The siblings' watch on a step of our royal piece to `to` (SiblingCache::steps), when the
  /// move that led here left it alone; else null.
  const ThreatWatch* shared_step_watch(Square to) const {
    const SiblingCache* cache = step_.cache;
    if (!cache || !has(cache->step_squares, to) || cache->king != ksq_) return nullptr;
    const ThreatWatch& w = cache->steps.w[std::popcount(cache->step_squares & (bb(to) - 1))];
    return step_.leaves(w) ? &w : nullptr;
  }

  /// The enemy pieces our piece on `from` converts by landing on `to` (a move that converts).
  Bitboard converted_by(Square from, Square to) const {
    return co_squares_of(to, twins_of(from)) & enemy_;
  }

  /// The twins of our piece on `s`: its partners, itself aside.
  Bitboard twins_of(Square s) const { return twins_[pos_.piece_on(us_, s)] & ~bb(s); }

  /// Where our piece on `s` would land and convert some enemy piece: found when first asked,
  /// since most pieces of most positions never are.
  Bitboard converts(Square s) const {
    if (!has(converts_known_, s)) {
      Bitboard out = 0;  // a piece forms no co-square with itself
      for (Bitboard tw = twins_of(s); tw;) out |= converting_landings(pop_lsb(tw), enemy_);
      converts_[s] = out;
      converts_known_ |= bb(s);
    }
    return converts_[s];
  }

  /// Where our piece on `s` (a watched square) may go and still keep every watched mover from
  /// its landing squares: all squares when none reaches one with the piece gone (any square it
  /// could go to counted); else, for each such mover, its own square (taking it) and the squares
  /// between it and each landing square it would reach by a slide (none when it would reach one
  /// by a leap, which cannot be blocked).
  Bitboard blocking_squares(Square s) const;

  /// Where our piece on `s` (a watched square) may not go, by 'counts' (threat-by-pinned-piece):
  /// for each watched mover that, with the piece gone, reaches one of its landing squares, every
  /// square off its way there (its own square, the squares between and the landing square
  /// itself aside). A move there that converts nothing and captures no paired piece leaves
  /// that threat standing (keep() refuses it).
  Bitboard unblocking_squares(Square s) const;

  /// unblocking_squares(s) for a piece in unblockers_, found when first asked.
  Bitboard unblocking(Square s) const {
    if (!has(unblocking_known_, s)) {
      unblocking_[s] = unblocking_squares(s);
      unblocking_known_ |= bb(s);
    }
    return unblocking_[s];
  }

  const Position& pos_;
  const Variant& v_;
  const ConversionKnobs& ck_;
  Color us_, them_;
  Square ksq_;
  bool enemy_pairs_ = false;
  ThreatWatch own_watch_;     // the watch, unless a SiblingCache holds it
  const ThreatWatch& watch_;  // own_watch_ or the cache's
  SiblingStep step_;          // the move that led here, with the siblings' cache
  bool in_check_ = false, attacked_ = false;
  bool fast_king_ = false, fast_ = false, fast_castling_ = false, fast_after_ = false;
  Bitboard checkers_ = 0, pinned_ = 0, evasions_ = ~Bitboard{0};
  Bitboard occ_, ours_, enemy_;
  Bitboard paired_enemies_ = 0;
  Bitboard twins_[kMaxPieceTypes];
  // converts_[s]: where our piece on s would convert some enemy piece, for the squares in
  // converts_known_ (see converts()).
  mutable Bitboard converts_[kSquares];
  mutable Bitboard converts_known_ = 0;
  // The enemy's castling danger squares (see in_castling_danger), found when first needed.
  Bitboard danger_lines_ = 0;
  mutable Bitboard danger_ = 0;
  mutable bool danger_known_ = false;
  // Most pieces share one quick set (quick_default_); those in quick_own_ have their own in
  // quick_to_, by the square moved from (the other entries are never set).
  Bitboard quick_default_ = 0, quick_own_ = 0;
  Bitboard quick_to_[kSquares];
  // Our pieces on a watched mover's way, under 'counts' (see unblocking()); unblocking_[s] is
  // set for the squares in unblocking_known_.
  Bitboard unblockers_ = 0;
  mutable Bitboard unblocking_known_ = 0;
  mutable Bitboard unblocking_[kSquares];
  std::optional<Position> scratch_;
};

ConversionFilter::ConversionFilter(const Position& pos, bool enemy_pairs, const SiblingStep& step)
    : pos_(pos),
      v_(pos.variant()),
      ck_(v_.knobs().conversion),
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
    pinned_ = pinned_pieces(pos, ksq);
    if (attacked_) evasions_ = evasion_squares(pos, ksq, checkers_);
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

/// Conversion Chess castling: the co-effect may remove a check, so the landing square is
/// judged after the move (by the legality filter); start and passing squares are judged now
/// unless a knob says the co-effect may clear them too. `filter`, when given, is the side to
/// move's legality filter: it judges the passing squares with what it knows of the position.
void generate_conversion_castling(const Position& pos, const CastlingMove& cm, int index,
                                  bool in_check, const ConversionFilter* filter, MoveList& out) {
  const ConversionKnobs& ck = pos.variant().knobs().conversion;
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

void generate_castling(const Position& pos, MoveList& out, const ConversionFilter* filter) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move(), them = ~us;
  const std::uint8_t rights = pos.castling_rights();
  if (rights == 0) return;
  const Bitboard occ = pos.occupied();
  const auto& moves = v.castling(us);
  const bool conversion = v.conversion().enabled;
  int in_check = -1;  // found when a castling first asks
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const CastlingMove& cm = moves[i];
    if (!(rights & cm.right) || (occ & cm.must_be_empty)) continue;
    if (pos.piece_on(us, cm.king_from) != v.royal() ||
        pos.piece_on(us, cm.rook_from) != cm.rook_type)
      continue;
    if (conversion) {
      if (in_check < 0) in_check = filter ? filter->in_check() : pos.king_in_check(us);
      generate_conversion_castling(pos, cm, static_cast<int>(i), in_check != 0, filter, out);
      continue;
    }
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
      ok = has(v.line(from, ksq), to) && ordinary_king_safe(pos, m);
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

}  // namespace

bool leaves_king_safe(const Position& pos, Move m) {
  if (pos.variant().conversion().enabled) {
    const Square ksq = pos.king_square(pos.side_to_move());
    if (ksq == kNoSquare) return true;
    Position after = pos;
    Undo undo;
    after.make(m, undo);
    return safe_after(pos, after, undo, m, ksq);
  }
  return ordinary_king_safe(pos, m);
}

namespace {

/// What the ordinary legality filter needs of a position, computed once per position (tables
/// without conversion or step-by-step riders, with a royal piece).
struct OrdinaryFilter {
  Square ksq = kNoSquare;
  Bitboard pinned = 0;
  Bitboard evasions = ~Bitboard{0};  ///< where a non-king move must land (all when not in check)
};

OrdinaryFilter ordinary_filter(const Position& pos, Square ksq) {
  OrdinaryFilter f;
  f.ksq = ksq;
  const Bitboard checkers = pos.attackers(ksq, ~pos.side_to_move(), pos.occupied());
  f.pinned = pinned_pieces(pos, ksq);
  if (checkers) f.evasions = evasion_squares(pos, ksq, checkers);
  return f;
}

/// A king step that does not land on an attacked square (the king taken off its own square).
bool king_step_safe(const Position& pos, Square ksq, Square to) {
  return (pos.attackers(to, ~pos.side_to_move(), pos.occupied() & ~bb(ksq)) & ~bb(to)) == 0;
}

/// Whether a pseudo-legal move is legal, by ordinary attacks (see OrdinaryFilter).
bool ordinary_legal(const Position& pos, const OrdinaryFilter& f, Move m) {
  if (m.from() == f.ksq)
    return m.kind() == MoveKind::kCastling || king_step_safe(pos, f.ksq, m.to());
  if (m.kind() == MoveKind::kEnPassant) return leaves_king_safe(pos, m);
  if (!has(f.evasions, m.to())) return false;
  // A slider stays safe on the pin line; a leaper may jump along it past its king or the
  // pinner, so pinned pieces get the full test.
  if (has(f.pinned, m.from()))
    return has(pos.variant().line(m.from(), f.ksq), m.to()) && leaves_king_safe(pos, m);
  return true;
}

/// Conversion Chess without a twin on either side (a royal piece `ksq`, no riders): no move
/// converts, and nothing threatens conversion now or after any move (a move gives the enemy no
/// piece; a promotion forms no co-squares). Every move but castling, whose landing the
/// co-effect may change, is then legal exactly when it is by ordinary attacks.
bool judged_by_ordinary_attacks(const Position& pos, Square ksq, bool enemy_pairs) {
  return ksq != kNoSquare && !pos.variant().any_riders() && !enemy_pairs &&
         !pos.has_co_pair(pos.side_to_move());
}

/// generate_legal's filter for Conversion Chess: keeps the legal moves of out[first..].
void filter_conversion(const Position& pos, MoveList& out, int first) {
  const Square ksq = pos.king_square(pos.side_to_move());
  const bool enemy_pairs = pos.has_co_pair(~pos.side_to_move());
  int kept = first;
  const int size = out.size();
  if (judged_by_ordinary_attacks(pos, ksq, enemy_pairs)) {
    const OrdinaryFilter f = ordinary_filter(pos, ksq);
    std::optional<ConversionFilter> castling;  // built for the first castling move
    for (int i = first; i < size; ++i) {
      const Move m = out[i];
      bool legal;
      if (m.kind() == MoveKind::kCastling) {
        if (!castling) castling.emplace(pos, enemy_pairs);
        legal = castling->keep(m);
      } else {
        legal = ordinary_legal(pos, f, m);
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

}  // namespace

void generate_legal(const Position& pos, MoveList& out) {
  const int first = out.size();
  generate_pseudo_legal(pos, out);
  if (pos.variant().conversion().enabled) {
    filter_conversion(pos, out, first);
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

namespace {

/// The moves of `targets` from `from` (promotions once per choice).
std::uint64_t moves_to(const PieceInfo& info, Color us, Bitboard targets) {
  const Bitboard promo = info.promotion_squares[us];
  return static_cast<std::uint64_t>(std::popcount(targets & ~promo)) +
         static_cast<std::uint64_t>(std::popcount(targets & promo)) *
             static_cast<std::uint64_t>(info.promotion_choices.size());
}

}  // namespace

namespace {

/// The bulk count of the moves of the side to move judged by ordinary attacks (tables without
/// riders, with a royal piece on `ksq`): its pieces' moves, and with `kCastling` its castling
/// moves (generated only when legal).
template <bool kCastling>
std::uint64_t count_ordinary_moves(const Position& pos, Square ksq) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  // The same targets as generate_pseudo_legal, judged by the same filter as generate_legal; a
  // piece that is neither pinned nor the king needs no test per move (its legal targets are
  // its targets on evasion squares), so its moves are counted, not listed. Pinned pieces and
  // en passant go through the list and the one-by-one test.
  const OrdinaryFilter f = ordinary_filter(pos, ksq);
  const SliderTables& sl = v.sliders();
  const Bitboard occ = pos.occupied();
  const PseudoTargets pt(pos);
  const Bitboard not_ours = ~pos.pieces(us);
  std::uint64_t n = 0;
  MoveList slow;
  for (int t = 0; t < v.piece_count(); ++t) {
    Bitboard mine = pos.pieces(us, static_cast<PieceType>(t));
    if (!mine) continue;
    const PieceInfo& info = v.piece(static_cast<PieceType>(t));
    const PieceMoves& pm = info.moves;
    if (pm.same_move_and_capture && info.promotion_squares[us] == 0) {
      // Most pieces: their free ones in one go (targets are attacks off their own squares).
      for (Bitboard free = mine & ~f.pinned & ~bb(ksq); free;) {
        const Bitboard att = shared_mask_targets(pm, sl, us, pop_lsb(free), occ);
        n += static_cast<std::uint64_t>(std::popcount(att & not_ours & f.evasions));
      }
      mine &= f.pinned | bb(ksq);
    }
    while (mine) {
      const Square from = pop_lsb(mine);
      Bitboard quiet, captures;
      pt.targets(pm, from, quiet, captures);
      if (has(f.pinned, from)) {
        emit(slow, info, us, from, quiet, captures);
      } else {
        Bitboard targets = quiet | captures;
        if (from == ksq) {
          for (Bitboard b = targets; b;) {
            const Square to = pop_lsb(b);
            if (!king_step_safe(pos, ksq, to)) targets &= ~bb(to);
          }
        } else {
          targets &= f.evasions;
        }
        n += moves_to(info, us, targets);
      }
      if (pt.en_passant(pm, from)) slow.push(pt.en_passant_move(from));
    }
  }
  if constexpr (kCastling) generate_castling(pos, slow);
  for (Move m : slow) n += ordinary_legal(pos, f, m) ? 1 : 0;
  return n;
}

/// Conversion Chess's bulk count: the quick destinations of each piece (ConversionFilter::quick,
/// legal without a test) are counted; the other moves are listed and judged one by one by the
/// same filter that generate_legal uses.
// Kept out of count_legal, whose orthodox count measured 1 to 3% slower with it inlined.
// `step`: see ConversionFilter.
[[gnu::noinline]] std::uint64_t count_conversion(const Position& pos, const SiblingStep& step) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  // The enemy's twins first: the filter needs them too.
  const bool enemy_pairs = pos.has_co_pair(~us);
  if (judged_by_ordinary_attacks(pos, ksq, enemy_pairs)) {
    MoveList castling;
    generate_castling(pos, castling);
    std::uint64_t n = count_ordinary_moves<false>(pos, ksq);
    if (castling.size() > 0) {
      ConversionFilter filter(pos, enemy_pairs);
      for (Move m : castling) n += filter.keep(m) ? 1 : 0;
    }
    return n;
  }
  ConversionFilter filter(pos, enemy_pairs, step);
  const Variant& v = pos.variant();
  const SliderTables& sl = v.sliders();
  const Bitboard occ = pos.occupied(), ours = pos.pieces(us);
  const PseudoTargets pt(pos);
  std::uint64_t n = 0;
  MoveList slow;
  for (int t = 0; t < v.piece_count(); ++t) {
    Bitboard mine = pos.pieces(us, static_cast<PieceType>(t));
    if (!mine) continue;
    const PieceInfo& info = v.piece(static_cast<PieceType>(t));
    const PieceMoves& pm = info.moves;
    if (pm.same_move_and_capture && info.promotion_squares[us] == 0) {
      // Targets are attacks off its own squares, as in count_ordinary_moves (no initial-only
      // moves for a '~' piece to lose, no en passant).
      while (mine) {
        const Square from = pop_lsb(mine);
        const Bitboard att = shared_mask_targets(pm, sl, us, from, occ) & ~ours;
        const Bitboard quick = filter.quick(from);
        n += static_cast<std::uint64_t>(std::popcount(att & quick));
        if (from == ksq) {  // king steps: judged here, not listed
          for (Bitboard b = att & ~quick; b;)
            n += filter.king_step_legal(Move(from, pop_lsb(b))) ? 1 : 0;
        } else if (att & ~quick) {
          for (Bitboard b = att & ~quick & ~filter.refuted(from); b;)
            slow.push(Move(from, pop_lsb(b)));
        }
      }
      continue;
    }
    while (mine) {
      const Square from = pop_lsb(mine);
      Bitboard quiet, captures;
      pt.targets(pm, from, quiet, captures);
      const Bitboard quick = filter.quick(from);
      n += moves_to(info, us, (quiet | captures) & quick);
      if ((quiet | captures) & ~quick) {
        const Bitboard listed = ~quick & ~filter.refuted(from);
        emit(slow, info, us, from, quiet & listed, captures & listed);
      }
      if (pt.en_passant(pm, from)) slow.push(pt.en_passant_move(from));
    }
  }
  generate_castling(pos, slow, &filter);
  for (Move m : slow) n += filter.keep(m) ? 1 : 0;
  return n;
}

}  // namespace

std::uint64_t count_legal(const Position& pos) {
  const Variant& v = pos.variant();
  const Square ksq = pos.king_square(pos.side_to_move());
  if (v.conversion().enabled) return count_conversion(pos, SiblingStep{});
  if (v.any_riders() || ksq == kNoSquare) {
    MoveList list;
    generate_legal(pos, list);
    return static_cast<std::uint64_t>(list.size());
  }
  return count_ordinary_moves<true>(pos, ksq);
}

SiblingCache::SiblingCache(const Position& parent) {
  // The watch of the side to move on the other side's royal piece: what each child's filter
  // builds, unless the move between touched what it reads.
  const Color by = parent.side_to_move();
  king = parent.king_square(~by);
  const Variant& v = parent.variant();
  if (!v.conversion().enabled) return;
  valid = king != kNoSquare && parent.has_co_pair(by);
  if (valid) watch_conversion_threats(parent, king, by, watch);
  partners_by_type(parent, ~by, twins);
  danger = castling_danger(parent, by);
  castling_types = castling_danger_types(v, by);
  paired = paired_pieces(parent, by);
  if (valid && v.knobs().conversion.threat_by_pinned_piece == ThreatByPinnedPiece::kCounts &&
      !v.any_riders()) {
    const Bitboard occ = parent.occupied();
    const SquareMoves& sm = v.piece(v.royal()).moves.at[~by][king];
    int n = 0;
    for (Bitboard b = (sm.leap_move | sm.leap_capture) & ~occ; b && n < kMaxSteps;) {
      const Square s = pop_lsb(b);
      if (!paired_on_lines(paired, s) || parent.attackers(s, by, occ & ~bb(king))) continue;
      watch_step_threats(parent, king, s, by, steps.w[n++]);
      step_squares |= bb(s);
    }
  }
}

std::uint64_t count_legal_after(const Position& pos, Move last, const Undo& undo,
                                const SiblingCache& cache) {
  if (!pos.variant().conversion().enabled) return count_legal(pos);
  SiblingStep step;
  step.cache = &cache;
  step.touched = bb(last.from()) | bb(last.to()) |
                 (undo.captured_square != kNoSquare ? bb(undo.captured_square) : 0);
  step.moved = undo.moved;
  step.moved_paired = (pos.variant().conversion().paired >> undo.moved & 1U) != 0;
  step.captured = undo.captured != kNoPiece || undo.converted;
  step.plain =
      !undo.converted && last.kind() != MoveKind::kPromotion && last.kind() != MoveKind::kCastling;
  step.rights_kept = undo.castling == pos.castling_rights();
  return count_conversion(pos, step);
}

bool is_legal(const Position& pos, Move m) {
  MoveList list;
  generate_legal(pos, list);
  for (Move x : list)
    if (x == m) return true;
  return false;
}

}  // namespace arbiter
