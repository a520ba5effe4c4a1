// A side's material as a composer counts it: the men beyond the original army (promoted men,
// which a composer avoids) and the force in points (material economy). Both read the orthodox
// army by letter (K Q R B N P); docs/puzzles.md ("Grades") defines them.
#pragma once

#include "rules/core/position.hpp"

namespace arbiter::puzzles {

/// The men of `c` beyond the original army: queens beyond one, rooks and knights beyond two,
/// bishops beyond one on each square colour (two bishops on squares of one colour: one is
/// promoted). 0 when the table lacks one of the orthodox pieces or has conversion (a man may
/// change sides, so counting proves nothing); fairy pieces are not counted.
int promoted_men(const Position& pos, Color c);

/// The men of `c` beyond the original army, the pieces named by their types (kNoPiece: the
/// table has none): queens beyond one, rooks and knights beyond two, bishops beyond one on each
/// square colour. The count promoted_men and the legality check (legality.cpp) share.
int men_beyond_army(const Position& pos, Color c, PieceType queen, PieceType rook, PieceType bishop,
                    PieceType knight);

/// The light squares (b1, d1, ..., a2, ...).
inline constexpr Bitboard kLightSquares = 0x55AA55AA55AA55AAULL;

/// promoted_men of both sides.
int promoted_men(const Position& pos);

/// The force of `c` in points: queen 9, rook 5, bishop 3, knight 3, pawn 1, the king 0, any
/// other piece 3.
int material_points(const Position& pos, Color c);

}  // namespace arbiter::puzzles
