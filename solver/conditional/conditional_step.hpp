// Conditional Chess, the B and C plies as Z3 formulas (docs/conditional.md): the B-mover's
// move chosen on the board, the C-move the other side stated (legal on that board, where it
// was stated), and whether the C-move executes on the board after the B-move - it does iff it
// is legal there (rule 3: an illegal C-move is skipped; rule 2.2: a legal C-move always cancels
// a B-move check). Both moves are Z3 choices (ChosenPly: ordinary moves, no castling or en
// passant). The C-move is taken by its squares, which is what the engine does under
// c-move-resolution=statement; under the default (execution) its SAN is matched again after the
// B-move, and `same_piece_named` says when that cannot pick another piece.
#pragma once

#include <memory>
#include <string>

#include "solver/core/ply_step.hpp"

namespace arbiter::solver {

class ConditionalStep {
 public:
  /// `b_mover` is to move on `before`; the stater is the other side. Variables are named
  /// `<prefix>b_from` ... and `<prefix>c_from` ...
  /// `full` builds the C-move on the board after the B-move (c_after_b, c_executes, after);
  /// without it only the small sufficient conditions below are available (scenarios use them).
  ConditionalStep(const AttackEncoding& before, Color b_mover, const std::string& prefix,
                  bool full = true);

  const ChosenPly& b() const { return b_; }
  /// The C-move judged where it was stated (the board before the B-move, stater to move).
  const ChosenPly& c_stated() const { return c_stated_; }
  /// The same C-move on the board after the B-move.
  const ChosenPly& c_after_b() const { return *c_after_b_; }

  /// The B-move is legal and the C-move was a legal move of the stater when stated.
  z3::expr story() const { return b_.legal() && c_stated_.legal(); }
  /// After the B-move the stater's royal piece is attacked.
  z3::expr b_gives_check() const { return royal_threatened(b_.after_attacks(), ~b_.mover()); }
  /// The C-move executes after the B-move.
  const z3::expr& c_executes() const { return c_after_b_->legal(); }

  // Small sufficient conditions (no C ply rebuilt over the board after the B-move), for
  // tables without conversion whose pieces are blocked only by the squares between (Variant::
  // between) from and to: riders on lines, leapers, pawns (the conditional table). Each is
  // checked against the turn machine
  // (tests/solver/conditional/solver_conditional_shortcut_test.cpp).
  /// The B-move leaves the C-move pseudo-legal: it neither captures the C-mover, nor lands
  /// between its squares, nor leaves its target, nor lands on a pawn's target.
  z3::expr b_leaves_c_pseudo_legal() const;
  /// The stater's royal piece is attacked after the B-move and then the C-move's squares.
  const z3::expr& stater_attacked_after_both() const { return attacked_after_both_; }
  /// Implies c_executes.
  z3::expr c_surely_executes() const;
  /// Implies !c_executes: the B-move captures the C-mover, blocks it, fills a pawn's empty
  /// target, or the C-move would leave the stater's royal piece attacked.
  z3::expr c_surely_skipped() const;
  /// The stater has no other piece of the C-mover's type: the C-move's SAN, stated on the
  /// board before the B-move, names the same piece (or none) after it.
  z3::expr same_piece_named() const;
  /// The board after the C ply: after the C-move when it executes, else after the B-move.
  const BoardEncoding& after() const { return *after_; }

 private:
  ChosenPly b_, c_stated_;
  std::unique_ptr<ChosenPly> c_after_b_;
  std::unique_ptr<BoardEncoding> after_, after_both_;
  std::unique_ptr<AttackEncoding> after_both_attacks_;
  z3::expr attacked_after_both_;
};

}  // namespace arbiter::solver
