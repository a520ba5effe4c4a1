// Conversion Chess's legality filter: a move is legal when, after it and its conversions, the
// mover's royal piece is neither attacked nor threatened with conversion. ConversionFilter
// judges the moves of one position; SiblingCache holds what perft's last ply shares between
// siblings. Shared by the list filter, the bulk count and castling (rules/conversion/).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>

#include "rules/conversion/conversion.hpp"
#include "rules/core/move.hpp"
#include "rules/core/position.hpp"

namespace arbiter {

/// What perft's last ply may share between siblings (the positions one move after the same
/// position): Conversion Chess's threat watch on the royal piece of the side not to move there,
/// built once on that position. A sibling whose move left it alone (touched none of the squares
/// it depends on, see ThreatWatch::depends) has that very watch.
/// It also keeps the watched side's twins (what a move that captures and converts none of its
/// pieces leaves alone), the watching side's castling danger squares (castling_danger: what
/// a move that changes no castling right and moves no royal piece, castling rook or partner of
/// either leaves alone) and paired pieces (which a plain move moves one of at most), and
/// watches on the watched royal piece's steps, each kept as the main watch is.
struct SiblingCache {
  explicit SiblingCache(const Position& parent);
  ThreatWatch watch;
  bool valid = false;       ///< `watch` was built (the watching side has twins, the other a king)
  Square king = kNoSquare;  ///< the watched royal piece
  Bitboard twins[kMaxPieceTypes] = {};  ///< partner_pieces of the watched side, by type
  Bitboard danger = 0;                  ///< castling_danger of the watching side
  Bitboard paired = 0;  ///< the watching side's pieces whose type takes part in some co-pair
  PieceTypeMask castling_types = 0;  ///< the types castling_danger reads
  /// Watches on steps of the watched royal piece (watch_step_threats): on the empty squares it
  /// reaches by a leap where a child is likely to ask (a paired piece of the watching side on
  /// the square's lines, the square not attacked now), at most kMaxSteps; steps.w[i] is for
  /// the i-th square of step_squares. Built with `watch`, under 'counts' threat-by-pinned-piece
  /// and without riders.
  static constexpr int kMaxSteps = 4;
  Bitboard step_squares = 0;
  union Steps {
    Steps() {}  // left unset: only the watches step_squares names are built
    ThreatWatch w[kMaxSteps];
  } steps;
};

/// `ksq`), that royal piece - wherever the move took it - is neither attacked nor threatened.
/// Converting the enemy royal piece is never legal: with the default knobs it cannot arise, and
/// a knob that ignores some threats does not make them executable.
inline bool safe_after(const Position& before, const Position& after, const Undo& undo, Move m,
                       Square ksq) {
  const Variant& v = before.variant();
  const Color us = before.side_to_move();
  const Square king = m.kind() == MoveKind::kCastling ? v.castling(us)[m.arg()].king_to
                      : m.from() == ksq               ? m.to()
                                                      : ksq;
  return !(undo.converted & after.pieces(us, v.royal())) && !after.threatened(king, ~us);
}

/// Squares where a mover would form, with a twin on `twin`, a co-square holding an enemy.
inline Bitboard converting_landings(Square twin, Bitboard enemy) {
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
inline void partners_by_type(const Position& pos, Color c, Bitboard* out) {
  for (int t = 0; t < pos.variant().piece_count(); ++t)
    out[t] = partner_pieces(pos, c, static_cast<PieceType>(t));
}

/// Whether some of the `paired` pieces stands on the rank or file of `s` (`s` itself aside):
/// only there can a twin make a co-square on `s`.
inline bool paired_on_lines(Bitboard paired, Square s) {
  return (paired & ~bb(s) & (file_bb(s) | rank_bb(s))) != 0;
}

/// Conversion Chess without a twin on either side (a royal piece `ksq`, no riders): no move
/// converts, and nothing threatens conversion now or after any move (a move gives the enemy no
/// piece; a promotion forms no co-squares). Every move but castling, whose landing the
/// co-effect may change, is then legal exactly when it is by ordinary attacks.
inline bool judged_by_ordinary_attacks(const Position& pos, Square ksq, bool enemy_pairs) {
  return ksq != kNoSquare && !pos.variant().any_riders() && !enemy_pairs &&
         !pos.has_co_pair(pos.side_to_move());
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

}  // namespace arbiter
