#include "rules/core/sliders.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>

namespace arbiter {
namespace {

// Magic multipliers, one per square (a1 = 0, b1 = 1, ...): each maps every occupancy of the
// square's relevant mask to a slot of its table with no two different attack sets on one slot
// (tests/rules/core/sliders_test.cpp checks every occupancy). They were found by a deterministic
// sparse-random search (xorshift64*), which used to run at every start-up and took about 40 ms;
// any multipliers that pass the test will do. Unused when PEXT indexes the tables.
constexpr Bitboard kRookMagics[kSquares] = {
    0x0a80004000801220ULL, 0x8040004010002008ULL, 0x2080200010008008ULL, 0x1100100008210004ULL,
    0xc200209084020008ULL, 0x2100010004000208ULL, 0x0400081000822421ULL, 0x0200010422048844ULL,
    0x0800800080400024ULL, 0x0001402000401000ULL, 0x3000801000802001ULL, 0x4400800800100083ULL,
    0x0904802402480080ULL, 0x4040800400020080ULL, 0x0018808042000100ULL, 0x4040800080004100ULL,
    0x4080004000200042ULL, 0x024d020022009040ULL, 0x0810808020001000ULL, 0x0000090010002300ULL,
    0x0028910004880100ULL, 0x0000808004000200ULL, 0x0000040002411008ULL, 0x0002020034840141ULL,
    0x0080400880008421ULL, 0x4062220600410280ULL, 0x010a004a00108022ULL, 0x0000100080080080ULL,
    0x0021000500080010ULL, 0x0044000202001008ULL, 0x0000100400080102ULL, 0xc020128200040545ULL,
    0x0080002000400040ULL, 0x0000804000802004ULL, 0x0000120022004080ULL, 0x010a386103001001ULL,
    0x9010080080800400ULL, 0x8440020080800400ULL, 0x0004228824001001ULL, 0x000000490a000084ULL,
    0x0080002000504000ULL, 0x200020005000c000ULL, 0x0012088020420010ULL, 0x0010010080080800ULL,
    0x0085001008010004ULL, 0x0002000204008080ULL, 0x0040413002040008ULL, 0x0000304081020004ULL,
    0x0080204000800080ULL, 0x3008804000290100ULL, 0x1010100080200080ULL, 0x2008100208028080ULL,
    0x5000850800910100ULL, 0x8402019004680200ULL, 0x0120911028020400ULL, 0x0000008044010200ULL,
    0x0020850200244012ULL, 0x0020850200244012ULL, 0x0000102001040841ULL, 0x140900040a100021ULL,
    0x000200282410a102ULL, 0x000200282410a102ULL, 0x000200282410a102ULL, 0x4048240043802106ULL,
};
constexpr Bitboard kBishopMagics[kSquares] = {
    0x40106000a1160020ULL, 0x0020010250810120ULL, 0x2010010220280081ULL, 0x002806004050c040ULL,
    0x0002021018000000ULL, 0x2001112010000400ULL, 0x0881010120218080ULL, 0x1030820110010500ULL,
    0x0000120222042400ULL, 0x2000020404040044ULL, 0x8000480094208000ULL, 0x0003422a02000001ULL,
    0x000a220210100040ULL, 0x8004820202226000ULL, 0x0018234854100800ULL, 0x0100004042101040ULL,
    0x0011004024110408ULL, 0xa048881010008082ULL, 0x0018230102410200ULL, 0xd2a4200202020000ULL,
    0x90040082022a0000ULL, 0xc40a010042501400ULL, 0x0040600603042080ULL, 0x0011004024110408ULL,
    0x1004400004100410ULL, 0x00013100a0022206ULL, 0x2148500001040080ULL, 0x4241080011004300ULL,
    0x4020848004002000ULL, 0x10101380d1004100ULL, 0x0008004422020284ULL, 0x01010a1041008080ULL,
    0x0808080400082121ULL, 0x0808080400082121ULL, 0x0091128200100c00ULL, 0x0202200802010104ULL,
    0x8c0a020200440085ULL, 0x01a0008080b10040ULL, 0x0889520080122800ULL, 0x100902022202010aULL,
    0x04081a0816002000ULL, 0x0000681208005000ULL, 0x8170840041008802ULL, 0x0a00004200810805ULL,
    0x0830404408210100ULL, 0x2602208106006102ULL, 0x1048300680802628ULL, 0x2602208106006102ULL,
    0x0602010120110040ULL, 0x0941010801043000ULL, 0x000040440a210428ULL, 0x0008240020880021ULL,
    0x0400002012048200ULL, 0x00ac102001210220ULL, 0x0220021002009900ULL, 0x84440c080a013080ULL,
    0x0001008044200440ULL, 0x0004c04410841000ULL, 0x2000500104011130ULL, 0x1a0c010011c20229ULL,
    0x0044800112202200ULL, 0x0434804908100424ULL, 0x0300404822c08200ULL, 0x48081010008a2a80ULL,
};

/// One direction's ray from `s` to the board edge, `s` excluded.
constexpr Bitboard ray(Square s, int df, int dr) {
  Bitboard out = 0;
  for (int f = file_of(s) + df, r = rank_of(s) + dr; on_board(f, r); f += df, r += dr)
    out |= bb(make_square(f, r));
  return out;
}

/// Whether a step of (df, dr) goes to a higher square index (its nearest square on a ray is
/// then the ray's lowest bit).
constexpr bool increasing(int df, int dr) {
  return dr > 0 || (dr == 0 && df > 0);
}

/// The relevant-occupancy mask: the rays without the board edge they run into (the ray's
/// square farthest from `s`).
constexpr Bitboard relevant_mask(Square s, const int (*dirs)[2]) {
  Bitboard mask = 0;
  for (int d = 0; d < 4; ++d) {
    const Bitboard r = ray(s, dirs[d][0], dirs[d][1]);
    if (!r) continue;
    const Square edge =
        increasing(dirs[d][0], dirs[d][1]) ? 63 - std::countl_zero(r) : std::countr_zero(r);
    mask |= r & ~bb(edge);
  }
  return mask;
}

/// A slider's four rays from every square, computed once for the whole table.
struct Rays {
  Bitboard from[4][kSquares] = {};
  bool increasing[4] = {};
};

constexpr Rays rays_of(const int (*dirs)[2]) {
  Rays r;
  for (int d = 0; d < 4; ++d) {
    r.increasing[d] = increasing(dirs[d][0], dirs[d][1]);
    for (Square s = 0; s < kSquares; ++s) r.from[d][s] = ray(s, dirs[d][0], dirs[d][1]);
  }
  return r;
}

/// The attack set of a slider on `s` over occupancy `occ`: each ray cut after its first
/// blocker (the nearest occupied square: lowest on an increasing ray, highest on a
/// decreasing one). A few operations a slot, so that the compile-time build stays cheap.
constexpr Bitboard slide(const Rays& rays, Square s, Bitboard occ) {
  Bitboard out = 0;
  for (int d = 0; d < 4; ++d) {
    const Bitboard r = rays.from[d][s];
    const Bitboard blockers = r & occ;
    if (!blockers) {
      out |= r;
      continue;
    }
    const Square first =
        rays.increasing[d] ? std::countr_zero(blockers) : 63 - std::countl_zero(blockers);
    out |= r & ~rays.from[d][first];
  }
  return out;
}

/// Fills one slider's squares: masks, multipliers, offsets, and every occupancy's slot.
/// Carry-Rippler enumeration visits the subsets of a mask in the order of their PEXT index,
/// so with PEXT the i-th subset goes to slot i.
constexpr std::size_t fill(SliderTables& t, Magic (&magics)[kSquares],
                           const Bitboard (&multipliers)[kSquares], const int (*dirs)[2],
                           std::size_t used) {
  const Rays rays = rays_of(dirs);
  for (Square s = 0; s < kSquares; ++s) {
    Magic& m = magics[s];
    m.mask = relevant_mask(s, dirs);
    m.magic = multipliers[s];
    const int bits = std::popcount(m.mask);
    m.shift = static_cast<unsigned>(64 - bits);
    m.offset = static_cast<std::uint32_t>(used);
    Bitboard sub = 0;
    std::size_t i = 0;
    do {
      const std::size_t slot =
          ARBITER_SLIDERS_PEXT ? i : static_cast<std::size_t>((sub * m.magic) >> m.shift);
      t.table[used + slot] = slide(rays, s, sub);
      sub = (sub - m.mask) & m.mask;
      ++i;
    } while (sub != 0);
    used += std::size_t{1} << bits;
  }
  return used;
}

constexpr SliderTables build() {
  SliderTables t{};
  const std::size_t rook_used = fill(t, t.rook, kRookMagics, kRookDirs, 0);
  fill(t, t.bishop, kBishopMagics, kBishopDirs, rook_used);
  return t;
}

constexpr SliderTables kTables = build();
static_assert(kTables.bishop[kSquares - 1].offset + (std::size_t{1} << 6) ==
              kRookTableEntries + kBishopTableEntries);

}  // namespace

Bitboard slide_reference(Square s, Bitboard occupied, const int (*dirs)[2], int ndirs) {
  Bitboard out = 0;
  for (int d = 0; d < ndirs; ++d) {
    int f = file_of(s) + dirs[d][0];
    int r = rank_of(s) + dirs[d][1];
    while (on_board(f, r)) {
      const Square t = make_square(f, r);
      out |= bb(t);
      if (has(occupied, t)) break;
      f += dirs[d][0];
      r += dirs[d][1];
    }
  }
  return out;
}

const SliderTables& slider_tables() {
  return kTables;
}

}  // namespace arbiter
