// Sliding attacks along ranks, files and diagonals for any occupancy (magic bitboards).
// These are board geometry, not chess rules: which directions and how far a piece slides is
// the rule table's business (piece_moves.hpp masks these attacks with the piece's rays).
#pragma once

#include "rules/core/geometry.hpp"

namespace arbiter {

struct Magic {
  Bitboard mask = 0;
  Bitboard magic = 0;
  const Bitboard* attacks = nullptr;
  unsigned shift = 0;
  std::size_t index(Bitboard occupied) const { return ((occupied & mask) * magic) >> shift; }
};

/// Magic tables, filled once on first use from fixed multipliers, read-only afterwards.
/// The four directions of each slider, as (file, rank) steps.
inline constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
inline constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

/// Table slots over all squares: the sum of 2^(relevant squares), one slot per occupancy.
inline constexpr std::size_t kRookTableEntries = 102400;
inline constexpr std::size_t kBishopTableEntries = 5248;

struct SliderTables {
  Magic rook[kSquares];
  Magic bishop[kSquares];
  Bitboard* table = nullptr;
  SliderTables();
  ~SliderTables();
  SliderTables(const SliderTables&) = delete;
  SliderTables& operator=(const SliderTables&) = delete;
};

const SliderTables& slider_tables();

/// The squares a rook on `s` reaches (including the first blocker in each direction).
inline Bitboard rook_attacks(const SliderTables& t, Square s, Bitboard occupied) {
  const Magic& m = t.rook[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(const SliderTables& t, Square s, Bitboard occupied) {
  const Magic& m = t.bishop[s];
  return m.attacks[m.index(occupied)];
}

/// Reference ray walk (slow): used to build the tables and by tests.
Bitboard slide_reference(Square s, Bitboard occupied, const int (*dirs)[2], int ndirs);

}  // namespace arbiter
