// One ply of a sequential variant as Z3 formulas: the board after a move (mover lifted, target
// overwritten, promotion, castling with both pieces, castling rights lost, and what the table's
// move effect does: solver/core/ply_step_effect.hpp), whether the move is pseudo-legal on the
// board before it, and whether it is legal (the mover's royal piece not threatened afterwards,
// and the effect's own conditions). It mirrors Position::make, the effect's made() and
// movegen's legality test; see docs/solver.md ("The symbolic step"). En passant is not encoded
// (the constructor refuses it).
#pragma once

#include <z3++.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "solver/core/attack_encoding.hpp"
#include "solver/core/ply_step_effect.hpp"

namespace arbiter::solver {

/// AttackEncoding::in_check, built only over the squares where `c`'s royal piece may stand
/// (on a concrete board, one square instead of 64: the same formula, far cheaper to build).
z3::expr royal_threatened(const AttackEncoding& attacks, Color c);

class PlyStep {
 public:
  /// The ply `m` of `mover` on `before` (whose attacks are `before_attacks`). `converted` are
  /// the squares whose pieces carry the '~' flag, Position::converted() (the board encoding
  /// has none): such a pawn may lose its initial double step (knob converted-pawn-double-step).
  /// A '^' pawn (converted, never moved) keeps it, so the step needs no other flag.
  /// Throws CannotEncode for an en-passant move, std::invalid_argument for a castling index out
  /// of range.
  PlyStep(const AttackEncoding& before_attacks, Color mover, Move m, Bitboard converted = 0);

  const BoardEncoding& before() const { return *before_; }
  const BoardEncoding& after() const { return *after_; }
  const AttackEncoding& after_attacks() const { return *after_attacks_; }
  Color mover() const { return mover_; }
  Move move() const { return move_; }

  /// The move is among the pseudo-legal moves of `before` (generate_pseudo_legal: castling
  /// with the generator's own conditions on the board before it).
  const z3::expr& pseudo_legal() const { return pseudo_; }
  /// The move is legal (generate_legal). Built on the first call: the threat to the royal
  /// piece after the move, wherever it may stand, is the largest formula of the step.
  const z3::expr& legal() const;
  /// legal() on every valid board (one royal piece a side) where the mover is the royal piece:
  /// the threat is read on the move's landing square only, not on all 64.
  z3::expr legal_if_royal_moves() const;
  /// The move effect changes the piece on `s` (Conversion Chess: converts it; false without
  /// an effect).
  const z3::expr& converts(Square s) const { return converts_[s]; }
  /// The move effect changes at least one piece.
  z3::expr converts_any() const;
  /// The pair of the mover with the twin on `tw` forms a co-square holding an enemy piece
  /// (PlyStepEffect::after_move; false without an effect and for castling).
  const z3::expr& pair_converts(Square tw) const { return by_twin_[tw]; }

 private:
  void build_ordinary(Bitboard converted);
  void build_castling();
  /// Builds the after board from `cells` (rights from the move and the effect) and legal_.
  void finish(std::vector<z3::expr> cells);
  /// The move is illegal for what the effect did (false without an effect).
  z3::expr forbidden_by_effect() const;

  const PlyStepEffect* effect_;  ///< the table's (ply_step_effect), or null
  const BoardEncoding* before_;
  const AttackEncoding* before_attacks_;
  Color mover_;
  Move move_;
  std::unique_ptr<BoardEncoding> after_;
  std::unique_ptr<AttackEncoding> after_attacks_;
  z3::expr pseudo_;
  z3::expr extra_;  ///< legality conditions beyond "not in check afterwards" (castling)
  mutable std::optional<z3::expr> legal_;  ///< made by legal() when first asked for
  std::vector<z3::expr> converts_;
  std::vector<z3::expr> by_twin_;
};

/// A ply whose move Z3 chooses: the from and to squares are 6-bit variables (`<prefix>from`,
/// `<prefix>to`) and the promoted piece a cell code (`<prefix>promo`). Ordinary moves only:
/// castling and en passant are not among the choices. The move effect as in PlyStep. A second ply
/// may share the variables of another (`same_move`): the same move judged on another board.
class ChosenPly {
 public:
  ChosenPly(const AttackEncoding& before_attacks, Color mover, const std::string& prefix);
  ChosenPly(const AttackEncoding& before_attacks, Color mover, const ChosenPly& same_move);

  const BoardEncoding& before() const { return *before_; }
  const BoardEncoding& after() const { return *after_; }
  const AttackEncoding& after_attacks() const { return *after_attacks_; }
  Color mover() const { return mover_; }
  const z3::expr& from() const { return from_; }
  const z3::expr& to() const { return to_; }
  const z3::expr& promo() const { return promo_; }

  /// The chosen move is a pseudo-legal ordinary move (a promotion to one of the choices).
  const z3::expr& pseudo_legal() const { return pseudo_; }
  const z3::expr& legal() const { return legal_; }
  /// The chosen move promotes.
  const z3::expr& promotes() const { return promotes_; }
  /// The cell code of the piece on the from square before the move.
  const z3::expr& mover_code() const { return mover_code_; }
  const z3::expr& converts(Square s) const { return converts_[s]; }
  const z3::expr& pair_converts(Square tw) const { return by_twin_[tw]; }

  /// The chosen move is `m` (an ordinary move: normal, double step or promotion).
  z3::expr is(Move m) const;
  /// The move a model chooses, with the kind the engine gives it (double step, promotion).
  Move extract(const z3::model& model) const;

 private:
  void build();

  const PlyStepEffect* effect_;  ///< the table's (ply_step_effect), or null
  const BoardEncoding* before_;
  const AttackEncoding* before_attacks_;
  Color mover_;
  z3::expr from_, to_, promo_;
  z3::expr pseudo_, legal_, promotes_, mover_code_;
  std::unique_ptr<BoardEncoding> after_;
  std::unique_ptr<AttackEncoding> after_attacks_;
  std::vector<z3::expr> converts_, by_twin_;
};

}  // namespace arbiter::solver
