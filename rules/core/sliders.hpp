// Sliding attacks along ranks, files and diagonals for any occupancy (PEXT or magic bitboards).
// These are board geometry, not chess rules: which directions and how far a piece slides is
// the rule table's business (piece_moves.hpp masks these attacks with the piece's rays).
#pragma once

#include <cstddef>
#include <cstdint>

#include "rules/core/geometry.hpp"

// With BMI2 (e.g. -march=native on a CPU that has it) a square's slot is the PEXT of the
// occupancy under its mask; without it, or with -DARBITER_PEXT=OFF (CPUs whose PEXT is
// microcoded and slow, such as AMD before Zen 3), a magic multiplication. Both index the same
// attack sets; only the order of the slots differs. Chosen at compile time, so the hot path
// tests nothing.
#if defined(__BMI2__) && !defined(ARBITER_NO_PEXT)
#define ARBITER_SLIDERS_PEXT 1
#include <immintrin.h>
#else
#define ARBITER_SLIDERS_PEXT 0
#endif

namespace arbiter {

/// One square's entry: the relevant-occupancy mask and where its slots start in the table.
struct Magic {
  Bitboard mask = 0;
  Bitboard magic = 0;        ///< unused with PEXT
  std::uint32_t offset = 0;  ///< first slot of this square in SliderTables::table
  unsigned shift = 0;        ///< 64 - popcount(mask), for the magic index
  std::size_t index(Bitboard occupied) const {
#if ARBITER_SLIDERS_PEXT
    return offset + _pext_u64(occupied, mask);
#else
    return offset + (((occupied & mask) * magic) >> shift);
#endif
  }
};

/// The four directions of each slider, as (file, rank) steps.
inline constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
inline constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

/// Table slots over all squares: the sum of 2^(relevant squares), one slot per occupancy.
inline constexpr std::size_t kRookTableEntries = 102400;
inline constexpr std::size_t kBishopTableEntries = 5248;

/// The attack tables, computed at compile time (sliders.cpp): nothing is built at start-up,
/// and a process touches only the pages of the slots it reads.
struct SliderTables {
  Magic rook[kSquares];
  Magic bishop[kSquares];
  Bitboard table[kRookTableEntries + kBishopTableEntries];
};

const SliderTables& slider_tables();

/// The squares a rook on `s` reaches (including the first blocker in each direction).
inline Bitboard rook_attacks(const SliderTables& t, Square s, Bitboard occupied) {
  return t.table[t.rook[s].index(occupied)];
}
inline Bitboard bishop_attacks(const SliderTables& t, Square s, Bitboard occupied) {
  return t.table[t.bishop[s].index(occupied)];
}

/// Reference ray walk (slow): used by tests.
Bitboard slide_reference(Square s, Bitboard occupied, const int (*dirs)[2], int ndirs);

}  // namespace arbiter
