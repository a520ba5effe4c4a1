// The moves that may give check (see check_candidates.hpp).
#include "puzzles/check_candidates.hpp"

#include "rules/core/piece_moves.hpp"

namespace arbiter::puzzles {

CheckCandidates::CheckCandidates(const Variant& variant)
    : variant_(&variant), types_(static_cast<std::size_t>(variant.piece_count())) {
  if (variant.effect() || variant.any_riders() || variant.royal() == kNoPiece) {
    enabled_ = false;
    return;
  }
  attacked_from_.assign(2 * types_ * kSquares, 0);
  for (Color c : {kWhite, kBlack})
    for (std::size_t t = 0; t < types_; ++t) {
      const PieceMoves& pm = variant.piece(static_cast<PieceType>(t)).moves;
      const std::size_t row = (static_cast<std::size_t>(c) * types_ + t) * kSquares;
      for (Square y = 0; y < kSquares; ++y) {
        Bitboard quiet = 0, captures = 0;
        piece_targets(pm, variant.sliders(), c, y, 0, quiet, captures);
        while (captures) attacked_from_[row + static_cast<std::size_t>(pop_lsb(captures))] |= bb(y);
      }
    }
}

}  // namespace arbiter::puzzles
