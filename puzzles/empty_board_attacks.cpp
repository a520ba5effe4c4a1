// Where a piece attacks from on an empty board (see empty_board_attacks.hpp).
#include "puzzles/empty_board_attacks.hpp"

#include "rules/core/piece_moves.hpp"

namespace arbiter::puzzles {

EmptyBoardAttacks::EmptyBoardAttacks(const Variant& variant)
    : types_(static_cast<std::size_t>(variant.piece_count())),
      from_(2 * types_ * kSquares, 0),
      to_(2 * types_ * kSquares, 0) {
  for (Color c : {kWhite, kBlack})
    for (std::size_t t = 0; t < types_; ++t) {
      const PieceMoves& pm = variant.piece(static_cast<PieceType>(t)).moves;
      const std::size_t row = (static_cast<std::size_t>(c) * types_ + t) * kSquares;
      for (Square y = 0; y < kSquares; ++y) {
        Bitboard quiet = 0, captures = 0;
        if (!pm.has_riders) {
          // Leaps and lines: the capture targets with nothing on the board are all of them.
          piece_targets(pm, variant.sliders(), c, y, 0, quiet, captures);
          to_[row + static_cast<std::size_t>(y)] = captures;
          while (captures) from_[row + static_cast<std::size_t>(pop_lsb(captures))] |= bb(y);
          continue;
        }
        // A step-by-step rider's capture is the first occupied square of its ride: on a bare
        // board it has none, so each square is asked with only itself occupied.
        for (Square x = 0; x < kSquares; ++x) {
          piece_targets(pm, variant.sliders(), c, y, bb(x), quiet, captures);
          if (!has(captures, x)) continue;
          from_[row + static_cast<std::size_t>(x)] |= bb(y);
          to_[row + static_cast<std::size_t>(y)] |= bb(x);
        }
      }
    }
}

}  // namespace arbiter::puzzles
