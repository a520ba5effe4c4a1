// A rule that changes what a move does beyond moving pieces, as the symbolic step encodes it:
// the solver's side of rules/core/move_effect.hpp. The plain step (ply_step.cpp,
// ply_step_choice.cpp) and AttackEncoding call these hooks where a table has an effect; the
// effect of a table is chosen once, by solver/registry/ (ply_step_effect(v); null: the table
// has none, and the plain step builds its orthodox formulas). Conversion Chess's effect lives
// in solver/conversion/.
#pragma once

#include <z3++.h>

#include <vector>

#include "solver/core/board_encoding.hpp"

namespace arbiter::solver {

class AttackEncoding;

/// The hooks. "Changed" squares: per square, whether the effect changes the piece standing
/// there (PlyStep::converts).
class PlyStepEffect {
 public:
  virtual ~PlyStepEffect() = default;

  // Attacks (AttackEncoding).
  /// Throws CannotEncode when an alternative of the effect's knobs in `v` is not encoded.
  virtual void check_encodable(const Variant& v) const = 0;
  /// Besides attacks: `by` has a move that would take the piece on `s` by the effect
  /// (MoveEffect::threatens); AttackEncoding::threatened is attacked() or this.
  virtual z3::expr threat(const AttackEncoding& attacks, Square s, Color by) const = 0;

  // What a move does (PlyStep, ChosenPly): each applies the effect to `cells`, the board after
  // the move's pieces moved, and returns the changed squares.
  /// After the ordinary move `m` of `us` from `before` (a promotion too). `by_twin` receives,
  /// per square tw, whether the mover's pair with a piece on tw changes an enemy piece
  /// (PlyStep::pair_converts).
  virtual std::vector<z3::expr> after_move(const BoardEncoding& before, Color us, Move m,
                                           std::vector<z3::expr>& cells,
                                           std::vector<z3::expr>& by_twin) const = 0;
  /// After a move Z3 chooses (ChosenPly): it lands on the square `to` (a 6-bit variable), the
  /// moving piece's type is t where `is_type[t]`, and it promotes where `promotes`.
  virtual std::vector<z3::expr> after_chosen_move(const BoardEncoding& before, Color us,
                                                  const z3::expr& to, const z3::expr& promotes,
                                                  const std::vector<z3::expr>& is_type,
                                                  std::vector<z3::expr>& cells,
                                                  std::vector<z3::expr>& by_twin) const = 0;
  /// After castling `cm` of `us` (both pieces moved).
  virtual std::vector<z3::expr> after_castling(const BoardEncoding& before, Color us,
                                               const CastlingMove& cm,
                                               std::vector<z3::expr>& cells) const = 0;
  /// Whether a piece the effect changes loses the castling rights of its square.
  virtual bool changed_piece_loses_rights(const Variant& v) const = 0;

  // Legality.
  /// The move is illegal for what the effect did: `changed` on `before`, `them` the other side.
  virtual z3::expr forbids(const BoardEncoding& before, const std::vector<z3::expr>& changed,
                           Color them) const = 0;
  /// Castling `cm` of `us`: the generator's conditions on the board before it (`at`), which
  /// take the place of "the king crosses no attacked square"; `in_check`: `us` is in check.
  virtual void castling_conditions(const AttackEncoding& at, Color us, const CastlingMove& cm,
                                   const z3::expr& in_check, z3::expr_vector& out) const = 0;
  /// Castling `cm` of `us`: the legality conditions judged on the board after it (`after`).
  virtual z3::expr castling_legal_after(const AttackEncoding& after, Color us,
                                        const CastlingMove& cm, const z3::expr& in_check) const = 0;
};

/// The effect of `v`'s table as the solver encodes it, or null (solver/registry/).
const PlyStepEffect* ply_step_effect(const Variant& v);

}  // namespace arbiter::solver
