#include "rules/sliders.hpp"

#include <cstdint>
#include <vector>

namespace arbiter {
namespace {

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

/// xorshift64*: a small deterministic generator for the magic search.
class Prng {
 public:
  explicit Prng(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() {
    s_ ^= s_ >> 12;
    s_ ^= s_ << 25;
    s_ ^= s_ >> 27;
    return s_ * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }

 private:
  std::uint64_t s_;
};

/// The relevant-occupancy mask: the rays without the board edge they run into.
Bitboard relevant_mask(Square s, const int (*dirs)[2]) {
  Bitboard mask = 0;
  for (int d = 0; d < 4; ++d) {
    int f = file_of(s) + dirs[d][0];
    int r = rank_of(s) + dirs[d][1];
    while (on_board(f + dirs[d][0], r + dirs[d][1])) {
      mask |= bb(make_square(f, r));
      f += dirs[d][0];
      r += dirs[d][1];
    }
  }
  return mask;
}

std::size_t fill_magics(Magic (&magics)[kSquares], const int (*dirs)[2], Bitboard* table) {
  // Seeds per rank that are known to find magics after few attempts (any seed works; these
  // just keep start-up fast). The search is deterministic.
  constexpr std::uint64_t kSeeds[8] = {728, 10316, 55169, 32803, 12281, 15100, 16645, 255};
  Prng rng(kSeeds[0]);
  std::size_t used = 0;
  std::vector<Bitboard> occupancy(4096);
  std::vector<Bitboard> reference(4096);
  std::vector<int> epoch(4096, 0);
  int attempt = 0;
  for (Square s = 0; s < kSquares; ++s) {
    rng = Prng(kSeeds[rank_of(s)]);
    Magic& m = magics[s];
    m.mask = relevant_mask(s, dirs);
    const int bits = popcount(m.mask);
    m.shift = static_cast<unsigned>(64 - bits);
    m.attacks = table + used;
    // Carry-Rippler enumeration of every subset of the mask.
    std::size_t size = 0;
    Bitboard sub = 0;
    do {
      occupancy[size] = sub;
      reference[size] = slide_reference(s, sub, dirs, 4);
      ++size;
      sub = (sub - m.mask) & m.mask;
    } while (sub != 0);
    Bitboard* slot = table + used;
    for (;;) {
      do {
        m.magic = rng.sparse();
      } while (popcount((m.magic * m.mask) >> 56) < 6);
      ++attempt;
      bool ok = true;
      for (std::size_t i = 0; i < size && ok; ++i) {
        const std::size_t idx = m.index(occupancy[i]);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          slot[idx] = reference[i];
        } else if (slot[idx] != reference[i]) {
          ok = false;
        }
      }
      if (ok) break;
    }
    used += std::size_t{1} << bits;
  }
  return used;
}

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

SliderTables::SliderTables() {
  constexpr std::size_t kRookEntries = 102400;
  constexpr std::size_t kBishopEntries = 5248;
  table = new Bitboard[kRookEntries + kBishopEntries]();
  const std::size_t rook_used = fill_magics(rook, kRookDirs, table);
  fill_magics(bishop, kBishopDirs, table + rook_used);
}

SliderTables::~SliderTables() {
  delete[] table;
}

const SliderTables& slider_tables() {
  static const SliderTables tables;
  return tables;
}

}  // namespace arbiter
