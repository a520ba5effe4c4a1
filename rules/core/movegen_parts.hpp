// The parts of legal move generation that a move effect's legality filter (MoveEffect, see
// rules/core/move_effect.hpp) reuses: pseudo-legal targets, pins, check evasions, the ordinary
// legality test and the ordinary bulk count. Inline, so that the orthodox count in movegen.cpp
// compiles as it did when they were its own.
#pragma once

#include <bit>
#include <cstdint>

#include "rules/core/move.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/position.hpp"

namespace arbiter {

/// Appends the side to move's legal castling moves (a table's move effect, when it has one,
/// generates them).
void generate_castling(const Position& pos, MoveList& out);

namespace movegen {

/// Whether the castling `cm` may be tried at all: its right is kept, the squares it needs are
/// empty, and its king and rook stand at home (`rights` and `occ` are the position's).
inline bool castling_open(const Position& pos, const CastlingMove& cm, std::uint8_t rights,
                          Bitboard occ) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  return (rights & cm.right) && !(occ & cm.must_be_empty) &&
         pos.piece_on(us, cm.king_from) == v.royal() &&
         pos.piece_on(us, cm.rook_from) == cm.rook_type;
}

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

/// Our pieces that alone stand between our king and an enemy piece that slides along a
/// rank, file or diagonal onto it.
inline Bitboard pinned_pieces(const Position& pos, Square ksq) {
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
inline Bitboard evasion_squares(const Position& pos, Square ksq, Bitboard checkers) {
  if (checkers & (checkers - 1)) return 0;
  const Square c = lsb(checkers);
  const Color them = ~pos.side_to_move();
  const PieceType t = pos.piece_on(them, c);
  const AttackSources& a = pos.variant().piece(t).moves.attackers[them][ksq];
  if (has(a.leap, c)) return checkers;
  return checkers | pos.variant().between(c, ksq);
}

/// Every piece type of which the side to move has pieces, in type order: `f(info, mine)` with
/// the type's PieceInfo and those pieces. The bulk counts and the pseudo-legal list walk the
/// pieces in this order.
template <typename F>
inline void for_each_own_type(const Position& pos, F&& f) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  for (int t = 0; t < v.piece_count(); ++t)
    if (const Bitboard mine = pos.pieces(us, static_cast<PieceType>(t)))
      f(v.piece(static_cast<PieceType>(t)), mine);
}

/// Whether `info`'s targets for `us` are its attacks off its own square (same moves and
/// captures, never promoting): the bulk counts count them in one go.
inline bool targets_are_attacks(const PieceInfo& info, Color us) {
  return info.moves.same_move_and_capture && info.promotion_squares[us] == 0;
}

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
        allow_converted_initial_(pos.variant().converted_keep_initial_moves()) {}

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

/// The royal piece is not attacked (ordinary attacks only) after the pseudo-legal move.
inline bool ordinary_king_safe(const Position& pos, Move m) {
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

/// What the ordinary legality filter needs of a position, computed once per position (tables
/// without conversion or step-by-step riders, with a royal piece).
struct OrdinaryFilter {
  Square ksq = kNoSquare;
  Bitboard pinned = 0;
  Bitboard evasions = ~Bitboard{0};  ///< where a non-king move must land (all when not in check)
};

inline OrdinaryFilter ordinary_filter(const Position& pos, Square ksq) {
  OrdinaryFilter f;
  f.ksq = ksq;
  const Bitboard checkers = pos.attackers(ksq, ~pos.side_to_move(), pos.occupied());
  f.pinned = pinned_pieces(pos, ksq);
  if (checkers) f.evasions = evasion_squares(pos, ksq, checkers);
  return f;
}

/// A king step that does not land on an attacked square (the king taken off its own square).
inline bool king_step_safe(const Position& pos, Square ksq, Square to) {
  return (pos.attackers(to, ~pos.side_to_move(), pos.occupied() & ~bb(ksq)) & ~bb(to)) == 0;
}

/// Whether a pseudo-legal move is legal, by ordinary attacks (see OrdinaryFilter).
inline bool ordinary_legal(const Position& pos, const OrdinaryFilter& f, Move m) {
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

/// The moves of `targets` from `from` (promotions once per choice).
inline std::uint64_t moves_to(const PieceInfo& info, Color us, Bitboard targets) {
  const Bitboard promo = info.promotion_squares[us];
  return static_cast<std::uint64_t>(std::popcount(targets & ~promo)) +
         static_cast<std::uint64_t>(std::popcount(targets & promo)) *
             static_cast<std::uint64_t>(info.promotion_choices.size());
}

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
  // A plain loop, not for_each_own_type: the orthodox count measured 10% slower with it.
  for (int t = 0; t < v.piece_count(); ++t) {
    Bitboard mine = pos.pieces(us, static_cast<PieceType>(t));
    if (!mine) continue;
    const PieceInfo& info = v.piece(static_cast<PieceType>(t));
    const PieceMoves& pm = info.moves;
    if (targets_are_attacks(info, us)) {
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

}  // namespace movegen
}  // namespace arbiter
