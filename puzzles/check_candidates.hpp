// Which moves may give check, decided without making them: the solver's mate-in-one tests
// (the attacker's last move of #n, r#n's "can mate at once") make and test only those.
//
// A superset, never a guess: a move gives check only if the piece that lands attacks the
// king from its landing square (then it does so on an empty board too), or it uncovers a
// line piece's attack through the square it leaves (then that square lies on a rank, file or
// diagonal of the king), or it is castling, en passant or a promotion (always tried). Tables
// whose pieces ride step by step, or whose check is not an attack (Conversion Chess's
// effect), are not filtered.
#pragma once

#include <vector>

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
    const PieceType t = pos.piece_on(us, m.from());
    return has(attacked_from_[(static_cast<std::size_t>(us) * types_ + t) * kSquares + king],
               m.to());
  }

 private:
  const Variant* variant_;
  bool enabled_ = true;
  std::size_t types_ = 0;
  /// Per colour, type and square x: the squares from which that piece attacks x on an empty
  /// board.
  std::vector<Bitboard> attacked_from_;
};

}  // namespace arbiter::puzzles
