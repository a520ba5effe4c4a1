// The magic-bitboard slider tables (rules/core/sliders.cpp) against the reference ray walk, for
// every square and every occupancy of the square's relevant squares: a wrong or colliding
// multiplier in kRookMagics or kBishopMagics shows here.
#include "rules/core/sliders.hpp"

#include <gtest/gtest.h>

#include <cstddef>

namespace arbiter {
namespace {

/// Checks every subset of each square's mask; returns how many occupancies were checked.
template <typename Attacks>
std::size_t check_all(const Magic (&magics)[kSquares], const int (*dirs)[2], Attacks attacks) {
  std::size_t checked = 0;
  for (Square s = 0; s < kSquares; ++s) {
    const Bitboard mask = magics[s].mask;
    // The relevant squares are the rays without their last square: an edge square's
    // occupancy never changes the attack set.
    EXPECT_EQ(mask & bb(s), 0u) << "square " << s;
    Bitboard sub = 0;
    do {
      const Bitboard expected = slide_reference(s, sub, dirs, 4);
      EXPECT_EQ(attacks(s, sub), expected) << "square " << s << " occupancy " << sub;
      // Squares outside the mask (edges, the far side of a blocker) must not matter.
      EXPECT_EQ(attacks(s, sub | ~mask), expected) << "square " << s << " occupancy " << sub;
      ++checked;
      sub = (sub - mask) & mask;
    } while (sub != 0);
  }
  return checked;
}

TEST(SliderTables, RookAttacksMatchTheRayWalkForEveryOccupancy) {
  const SliderTables& t = slider_tables();
  const std::size_t checked =
      check_all(t.rook, kRookDirs, [&](Square s, Bitboard occ) { return rook_attacks(t, s, occ); });
  EXPECT_EQ(checked, kRookTableEntries);
}

TEST(SliderTables, BishopAttacksMatchTheRayWalkForEveryOccupancy) {
  const SliderTables& t = slider_tables();
  const std::size_t checked = check_all(
      t.bishop, kBishopDirs, [&](Square s, Bitboard occ) { return bishop_attacks(t, s, occ); });
  EXPECT_EQ(checked, kBishopTableEntries);
}

}  // namespace
}  // namespace arbiter
