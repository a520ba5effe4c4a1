// The symbolic semantics of one Move-Neutral turn (docs/move-neutral.md, docs/solver.md): a
// white and a black move, each a concrete Move or a symbolic choice among all the moves the
// variant's geometry allows, played at once on a board without shared squares as
// resolve_move_neutral plays them. The state after both moves is two layers, one BoardEncoding
// per colour holding only that colour's pieces, so a shared square is one occupied cell in
// each. Check on the after state reads a shared square as occupied (knob defaults).
#pragma once

#include <z3++.h>

#include <memory>
#include <string>
#include <vector>

#include "solver/core/attack_encoding.hpp"

namespace arbiter::solver {

/// One move a side may make, and the formula that it is the one made.
struct CandidateMove {
  Move move;
  z3::expr chosen;
};

/// The move of one side: one candidate chosen by `true` (a concrete move), every candidate of
/// the geometry with a fresh Boolean each (a symbolic choice, with exactly_one), or none.
struct MoveChoice {
  Color color = kWhite;
  std::vector<CandidateMove> candidates;
};

/// The concrete move `m` of `c`. Throws CannotEncode for en passant (the encoding has
/// no en-passant target).
MoveChoice concrete_choice(const BoardEncoding& before, Color c, Move m);
/// Every non-castling move some piece type of `c` could make from a square to another (a
/// promotion once per choice) and every castling move, each with a Boolean `<prefix><uci>`.
MoveChoice symbolic_choice(const AttackEncoding& before, Color c, const std::string& prefix);
/// Exactly one candidate of a symbolic choice is chosen.
z3::expr exactly_one(const MoveChoice& choice);
/// The chosen move is a Move-Neutral submission on `before` (move_neutral_submissions): a
/// pseudo-legal move that does not take a king, after which the mover is not in check.
z3::expr is_submission(const AttackEncoding& before, const MoveChoice& choice);

class MoveNeutralStep {
 public:
  /// Throws CannotEncode for knob alternatives not encoded (shared-square-sliding=
  /// passable, shared-piece-attacks=inert, castling-path-entered=void) and conversion rules.
  MoveNeutralStep(const AttackEncoding& before, const MoveChoice& white, const MoveChoice& black);
  MoveNeutralStep(const MoveNeutralStep&) = delete;
  MoveNeutralStep& operator=(const MoveNeutralStep&) = delete;

  /// `c`'s pieces after both moves (the other colour's cells empty); castling rights of both.
  const BoardEncoding& layer(Color c) const { return *layers_[c]; }
  /// `c`'s royal piece is attacked on the after state; shared squares block lines and their
  /// pieces attack (Position::king_in_check on the resolved position).
  z3::expr in_check(Color c) const;
  /// A piece of `c` on `s` is taken (the capture's target did not move).
  const z3::expr& captured(Color c, Square s) const { return captured_[c][s]; }
  /// `c`'s move leaves / lands on `s` (castling: both king and rook squares).
  const z3::expr& leaves(Color c, Square s) const { return leaves_[c][s]; }
  const z3::expr& lands(Color c, Square s) const { return lands_[c][s]; }
  /// `c` makes a non-castling move from `from` to `to` (any kind).
  z3::expr moves(Color c, Square from, Square to) const;
  /// `c`'s chosen move has Move::to() == `s` (castling: the king's square).
  z3::expr move_to(Color c, Square s) const;
  /// Both layers hold a piece on `s`.
  z3::expr shared(Square s) const;
  /// On the after state, every square `c`'s royal piece could step to (its leaps) holds a
  /// piece of `c` or the enemy royal piece, or is attacked once the royal piece stands there
  /// (move_neutral_submissions' king moves). A necessary condition of mate.
  z3::expr royal_cannot_step(Color c) const;

 private:
  const BoardEncoding* before_;
  MoveChoice choice_[2];
  std::vector<z3::expr> leaves_[2], lands_[2], captured_[2];
  std::unique_ptr<BoardEncoding> layers_[2];
  std::unique_ptr<BoardEncoding> seen_by_[2];  ///< [c]: both layers, c's pieces on top
  std::unique_ptr<AttackEncoding> attacks_by_[2];
};

}  // namespace arbiter::solver
