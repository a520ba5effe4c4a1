// RapidCheck generators for the differential properties: valid positions of any table (by
// random play from the setup, and by random placement repaired to what the FEN reader accepts),
// both shrinking toward fewer pieces; random moves and simultaneous move pairs; and random Betza
// pieces added to the orthodox table.
#pragma once

#include <rapidcheck.h>

#include <array>
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "rules/core/position.hpp"
#include "tests/support/placement.hpp"
#include "tests/support/random_play.hpp"

namespace arbiter::test {

/// Placements for `v`: up to `max_pieces` non-royal pieces. Shrinks toward fewer pieces, lower
/// squares and codes, White to move and no castling rights.
rc::Gen<Placement> gen_placement(const VariantPtr& v, int max_pieces = 16);

/// A game from one of `start_fens` and a mask of the non-royal pieces to lift off its final
/// position (bit i: the i-th such piece in square order), each only if the position stays valid.
struct PlayedPosition {
  RandomGame game;
  std::vector<bool> lift;
};
std::ostream& operator<<(std::ostream& os, const PlayedPosition& p);

/// Shrinks toward fewer plies and more pieces lifted (fewer pieces on the board).
rc::Gen<PlayedPosition> gen_played_position(std::size_t start_count, int max_plies = 60);

/// The final position of the game with the pieces of `p.lift` removed (castling rights and the
/// en-passant target dropped when the reader would not accept them otherwise).
Position played_position(const VariantPtr& v, const std::vector<std::string>& start_fens,
                         const PlayedPosition& p);

/// Positions of `v` from either generator (half each), from its setup FEN and `extra_fens`.
rc::Gen<Position> gen_position(const VariantPtr& v, std::vector<std::string> extra_fens = {},
                               int max_plies = 60);

/// A legal move of `pos` (the null move when there is none); shrinks toward the first.
rc::Gen<Move> gen_legal_move(const Position& pos);
/// A pair of moves drawn from two lists (each may be empty: the null move).
rc::Gen<std::pair<Move, Move>> gen_move_pair(const MoveList& white, const MoveList& black);

/// A random Betza text the parser accepts: one or two atoms, each with optional direction and
/// move/capture modifiers, a leaper, slider or compound letter and an optional range.
rc::Gen<std::string> gen_betza();

/// The orthodox table with one more piece 'Z' moving by `betza` (its setup unchanged).
std::string betza_table_text(const std::string& betza);
/// That table compiled; throws TableError like Variant::compile.
VariantPtr betza_variant(const std::string& betza);

}  // namespace arbiter::test

namespace arbiter {
/// RapidCheck prints a position in a counterexample as its FEN.
void showValue(const Position& pos, std::ostream& os);
}  // namespace arbiter
