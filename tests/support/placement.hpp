// A position described by a few numbers (royal squares, (square, code) pieces, side, castling
// letters) and made valid the way the FEN reader judges validity: shared by the RapidCheck
// generators (tests/support/rc_generators.hpp) and the fuzz target fuzz_differential, so it
// uses neither gtest nor RapidCheck.
#pragma once

#include <array>
#include <cstdint>
#include <ostream>
#include <utility>
#include <vector>

#include "rules/core/position.hpp"

namespace arbiter::test {

/// True when the FEN reader of `v` accepts the FEN of `pos` (the validity rules).
bool reader_accepts(const VariantPtr& v, const Position& pos);

/// A placement: the royal pieces' squares, then other pieces as (square, code) with
/// code = colour * piece_count + type, the side to move and castling letters to try.
struct Placement {
  std::array<std::uint8_t, 2> royal{0, 0};
  std::vector<std::pair<std::uint8_t, std::uint8_t>> pieces;
  bool black_to_move = false;
  std::uint8_t castling = 0;  ///< bit i: try the castling letter of move i (White's, then Black's)
};
std::ostream& operator<<(std::ostream& os, const Placement& p);

/// The valid position of a placement: the royal pieces first (each moved on to the next square
/// the reader accepts), then each piece whose square is free and that keeps the position valid
/// (what the FEN reader accepts), then each castling letter the reader accepts.
Position place(const VariantPtr& v, const Placement& p);

}  // namespace arbiter::test
