// Where a piece attacks from on an empty board: for each colour, piece type and square x, the
// squares from which that piece captures onto x when nothing stands between, and the same read
// the other way round (the squares it attacks from each square). One table for the solver's
// relaxations: CheckCandidates (which moves may give check), HelpmateBound (which squares a
// mating piece may attack from, and its fewest moves to attack each square) and
// HelpmateTargets (the pictures' attacks) read it.
//
// An empty board lets a line piece or a rider attack farther than any real board does, so
// every real attack is in the table (a superset, the safe side for both readers).
#pragma once

#include <cstddef>
#include <vector>

#include "rules/core/geometry.hpp"
#include "rules/core/variant.hpp"

namespace arbiter::puzzles {

class EmptyBoardAttacks {
 public:
  /// The table of `variant`'s pieces: piece_targets' captures on a board where only the
  /// target square is occupied.
  explicit EmptyBoardAttacks(const Variant& variant);

  /// The squares from which a piece of colour `c` and type `t` attacks `x`.
  Bitboard from(Color c, PieceType t, Square x) const {
    return row(c, t)[static_cast<std::size_t>(x)];
  }
  /// from(c, t, x) for every x: kSquares entries, indexed by x.
  const Bitboard* row(Color c, PieceType t) const { return &from_[index(c, t)]; }
  /// The squares a piece of colour `c` and type `t` attacks from `y` (x is in to(c, t, y)
  /// exactly when y is in from(c, t, x)).
  Bitboard to(Color c, PieceType t, Square y) const {
    return to_[index(c, t) + static_cast<std::size_t>(y)];
  }

 private:
  std::size_t index(Color c, PieceType t) const {
    return (static_cast<std::size_t>(c) * types_ + t) * kSquares;
  }
  std::size_t types_ = 0;
  std::vector<Bitboard> from_;  ///< per colour, type and square
  std::vector<Bitboard> to_;    ///< the same, the other way round
};

}  // namespace arbiter::puzzles
