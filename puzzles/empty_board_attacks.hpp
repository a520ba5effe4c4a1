// Where a piece attacks from on an empty board: for each colour, piece type and square x, the
// squares from which that piece captures onto x when nothing stands between. One table for the
// solver's relaxations: CheckCandidates (which moves may give check) and HelpmateBound (which
// squares a mating piece may attack from) read it.
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
  const Bitboard* row(Color c, PieceType t) const {
    return &from_[(static_cast<std::size_t>(c) * types_ + t) * kSquares];
  }

 private:
  std::size_t types_ = 0;
  std::vector<Bitboard> from_;  ///< per colour, type and square
};

}  // namespace arbiter::puzzles
