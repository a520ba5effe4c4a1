// Attacks, threats, check and pseudo-legal moves as Z3 formulas over a BoardEncoding, read from
// the engine's compiled per-square masks (PieceMoves) and the variant's between-tables: the
// formulas say what Position::attacked, Position::threatened, Position::king_in_check and
// piece_targets compute (en passant included), for every board at once. A table's move effect
// adds its threats (solver/core/ply_step_effect.hpp).
#pragma once

#include <z3++.h>

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "solver/core/board_encoding.hpp"

namespace arbiter::solver {

/// A board changed by one ordinary move of a piece, for formulas about the board after it:
/// `vacated` counts as empty, `filled` as occupied by a piece of the mover (no attacker of the
/// other side stands there any more); `taken`, an en-passant capture's victim square, counts as
/// empty too.
struct BoardChange {
  Square vacated = kNoSquare;
  Square filled = kNoSquare;
  Square taken = kNoSquare;
};

/// One way a square is attacked: the attacker's square and the formula that it attacks.
struct AttackTerm {
  Square from;
  z3::expr holds;
};

class PlyStepEffect;

class AttackEncoding {
 public:
  /// Throws CannotEncode for rules not encoded yet (an alternative of the table's move effect:
  /// PlyStepEffect::check_encodable).
  explicit AttackEncoding(const BoardEncoding& board);

  const BoardEncoding& board() const { return *b_; }

  /// `by` has a piece that captures onto `s` (Position::attacked). A `vacated` square counts as
  /// empty and holds no attacker (the board with a piece lifted off it).
  z3::expr attacked(Square s, Color by, BoardChange change = {}) const;
  /// The attacks on `s` one by one (several per square when several piece types could attack
  /// from it); attacked() is their disjunction.
  std::vector<AttackTerm> attack_terms(Square s, Color by, BoardChange change = {}) const;
  /// A piece of colour `by` and type `t`, were it on `from`, would capture onto `s` (the line
  /// between empty); says nothing about what stands on `from`.
  z3::expr would_attack(Color by, PieceType t, Square from, Square s) const;
  /// attacked, or threatened by the table's move effect (Position::threatened; without an
  /// effect the formula is `attacked || false`).
  z3::expr threatened(Square s, Color by) const;
  /// `c`'s royal piece is threatened (Position::king_in_check).
  z3::expr in_check(Color c) const;

  /// The piece of colour `c` and type `t`, were it on `from`, goes to `to` by a pseudo-legal
  /// non-castling move: quietly onto an empty square or capturing a piece of the other colour
  /// (en passant not included). Does not say that the piece stands on `from`.
  z3::expr reaches(Color c, PieceType t, Square from, Square to) const;
  /// The piece of colour `c` and type `t`, were it on `from`, captures en passant onto `to`:
  /// its compiled en-passant targets hold `to`, the board's en-passant target is `to` (one a
  /// double step of ~c leaves, BoardEncoding::en_passant_targets(c)) and `to` is empty, as
  /// generate_pseudo_legal asks. False on a board without en-passant information.
  z3::expr captures_en_passant(Color c, PieceType t, Square from, Square to) const;
  /// Whatever piece stands on `from` has a pseudo-legal move to `to` (en passant included,
  /// castling not).
  z3::expr move_exists(Square from, Square to) const;
  /// Some piece of colour `c` and type `t`, on a square other than `to` and `not_from`
  /// (kNoSquare: none excluded), goes to `to` by a pseudo-legal non-castling move. Cached, and
  /// shared by every formula built on this encoding.
  z3::expr lands(Color c, PieceType t, Square to, Square not_from) const;

 private:
  const BoardEncoding* b_;
  const PlyStepEffect* effect_;  ///< the table's (ply_step_effect), or null
  /// The board's en_passant_targets(c), computed once.
  const std::vector<EnPassantTarget>& ep_targets(Color c) const;

  /// A cache of formulas by (colour, type, square) and a second index up to kSquares: a
  /// block of kSquares + 1 entries is made when its (colour, type, square) is first asked
  /// for, so an encoding pays for what it uses (a whole table was 2.4 MB for each encoding,
  /// most of it never read).
  using CacheBlock = std::array<std::optional<z3::expr>, kSquares + 1>;
  using Cache = std::vector<std::unique_ptr<CacheBlock>>;
  std::optional<z3::expr>& slot(Cache& cache, Color c, PieceType t, Square sq,
                                std::size_t index) const;

  /// Caches of reaches(), lands() and ep_targets(); object-local, filled lazily.
  /// Indexed by (colour, type, to; from) and (colour, type, to; not_from or kSquares).
  mutable Cache reach_cache_;
  mutable Cache lands_cache_;
  mutable std::optional<std::vector<EnPassantTarget>> ep_targets_[2];
};

}  // namespace arbiter::solver
