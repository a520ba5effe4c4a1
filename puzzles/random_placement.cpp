// Random problem positions (see random_placement.hpp).
#include "puzzles/random_placement.hpp"

#include "puzzles/verdict.hpp"

namespace arbiter::puzzles {
namespace {

/// A uniformly drawn empty square where `t` of colour `c` may stand, or kNoSquare.
Square draw_square(const Position& pos, const Variant& v, Color c, PieceType t,
                   std::mt19937_64& rng) {
  const Bitboard allowed = ~pos.occupied() & ~v.piece(t).forbidden[c];
  const int count = std::popcount(allowed);
  if (count == 0) return kNoSquare;
  int k = static_cast<int>(rng() % static_cast<std::uint64_t>(count));
  Bitboard b = allowed;
  for (; k > 0; --k) b &= b - 1;
  return static_cast<Square>(std::countr_zero(b));
}

}  // namespace

std::optional<Position> random_placement(const VariantPtr& v, std::mt19937_64& rng,
                                         const PlacementSpec& spec) {
  Position pos(v);
  const PieceType royal = v->royal();
  for (Color c : {kWhite, kBlack}) {
    const Square s = draw_square(pos, *v, c, royal, rng);
    if (s == kNoSquare) return std::nullopt;
    pos.put(c, royal, s);
  }
  std::vector<PieceType> others;
  for (int t = 0; t < v->piece_count(); ++t)
    if (t != royal) others.push_back(static_cast<PieceType>(t));
  for (Color c : {kWhite, kBlack}) {
    const int extra = c == kWhite ? spec.white_extra : spec.black_extra;
    const int n = extra > 0 ? 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(extra)) : 0;
    for (int i = 0; i < n && !others.empty(); ++i) {
      const PieceType t = others[rng() % others.size()];
      const Square s = draw_square(pos, *v, c, t, rng);
      if (s != kNoSquare) pos.put(c, t, s);
    }
  }
  pos.set_side_to_move(spec.to_move);
  try {
    check_problem_position(pos);
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
  return pos;
}

}  // namespace arbiter::puzzles
