// Conditional Chess, the B and C plies as Z3 formulas (docs/conditional.md): the B-mover's
// move chosen on the board, the C-move the other side stated (legal on that board, where it
// was stated), and whether the C-move executes on the board after the B-move - it does iff it
// is legal there (rule 3: an illegal C-move is skipped; rule 2.2: a legal C-move always cancels
// a B-move check). Both moves are Z3 choices (ChosenPly: ordinary moves, no castling or en
// passant). The C-move is taken by its squares, which is what the engine does under
// c-move-resolution=statement; under the default (execution) its SAN is matched again after the
// B-move, and `same_piece_named` says when that cannot pick another piece.
#pragma once

#include <string>

#include "solver/ply_step.hpp"

namespace arbiter::solver {

class ConditionalStep {
 public:
  /// `b_mover` is to move on `before`; the stater is the other side. Variables are named
  /// `<prefix>b_from` ... and `<prefix>c_from` ...
  ConditionalStep(const AttackEncoding& before, Color b_mover, const std::string& prefix);

  const ChosenPly& b() const { return b_; }
  /// The C-move judged where it was stated (the board before the B-move, stater to move).
  const ChosenPly& c_stated() const { return c_stated_; }
  /// The same C-move on the board after the B-move.
  const ChosenPly& c_after_b() const { return c_after_b_; }

  /// The B-move is legal and the C-move was a legal move of the stater when stated.
  z3::expr story() const { return b_.legal() && c_stated_.legal(); }
  /// After the B-move the stater's royal piece is attacked.
  z3::expr b_gives_check() const { return royal_threatened(b_.after_attacks(), ~b_.mover()); }
  /// The C-move executes after the B-move.
  const z3::expr& c_executes() const { return c_after_b_.legal(); }
  /// The stater has no other piece of the C-mover's type: the C-move's SAN, stated on the
  /// board before the B-move, names the same piece (or none) after it.
  z3::expr same_piece_named() const;
  /// The board after the C ply: after the C-move when it executes, else after the B-move.
  const BoardEncoding& after() const { return *after_; }

 private:
  ChosenPly b_, c_stated_, c_after_b_;
  std::unique_ptr<BoardEncoding> after_;
};

}  // namespace arbiter::solver
