// Which moves may give check, decided without making them: the solver's mate-in-one tests
// (the attacker's last move of #n, r#n's "can mate at once") make and test only those.
//
// A superset, never a guess: a move gives check only if the piece that lands attacks the
// king from its landing square (then it does so on an empty board too: EmptyBoardAttacks,
// the table HelpmateBound reads as well), or it uncovers a
// line piece's attack through the square it leaves (then that square lies on a rank, file or
// diagonal of the king), or it is castling, en passant or a promotion (always tried). Tables
// whose pieces ride step by step, or whose check is not an attack (Conversion Chess's
// effect), are not filtered.
#pragma once

#include "puzzles/empty_board_attacks.hpp"
#include "rules/core/geometry.hpp"
#include "rules/core/move.hpp"
#include "rules/core/position.hpp"

namespace arbiter::puzzles {

class CheckCandidates {
 public:
  explicit CheckCandidates(const Variant& variant);

  bool enabled() const { return enabled_; }
  const Variant* variant() const { return variant_; }

  /// False only when `m` (pseudo-legal for the side to move of `pos`) cannot give check to
  /// the royal piece on `king`.
  bool may_check(const Position& pos, Move m, Square king) const {
    if (!enabled_ || (m.kind() != MoveKind::kNormal && m.kind() != MoveKind::kDoubleStep))
      return true;
    if (variant_->line(m.from(), king) != 0) return true;
    const Color us = pos.side_to_move();
    return has(attacks_.from(us, pos.piece_on(us, m.from()), king), m.to());
  }

 private:
  const Variant* variant_;
  bool enabled_ = true;
  EmptyBoardAttacks attacks_;
};

}  // namespace arbiter::puzzles
