// Piece types are indices into the rule table's piece list.
#pragma once

#include <cstdint>

namespace arbiter {

using PieceType = std::uint8_t;
inline constexpr int kMaxPieceTypes = 16;
inline constexpr PieceType kNoPiece = 0xFF;
/// A set of piece types, bit t for type t.
using PieceTypeMask = std::uint16_t;

}  // namespace arbiter
