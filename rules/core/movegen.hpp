// Legal move generation for sequential variants, driven by the compiled piece masks.
#pragma once

#include <array>
#include <cstdint>

#include "rules/core/move.hpp"
#include "rules/core/position.hpp"

namespace arbiter {

/// Appends every legal move of the side to move.
void generate_legal(const Position& pos, MoveList& out);

/// The number of legal moves, what generate_legal would append: counted without listing them
/// where it can (perft's bulk-counted last ply). A table's move effect (Variant::effect())
/// judges both.
std::uint64_t count_legal(const Position& pos);

/// Appends every pseudo-legal move (the piece moves as the table says; the own king may be
/// left attacked). Castling is included only when it is fully legal.
void generate_pseudo_legal(const Position& pos, MoveList& out);

/// The same, but a piece's moves only onto `onto[from]`, its square's entry (the others are
/// not read): the moves generate_pseudo_legal lists, in its order, less those whose
/// destination is not there. Castling is listed as there, whatever `onto` holds. A search
/// that keeps few moves by where they go asks for those alone.
void generate_pseudo_legal(const Position& pos, MoveList& out,
                           const std::array<Bitboard, kSquares>& onto);

/// Keeps, of the pseudo-legal moves from `first` on, the legal ones (in order): what
/// generate_legal does after generate_pseudo_legal. A caller that drops moves first (a
/// search's pruning) checks only the rest.
void keep_legal(const Position& pos, MoveList& out, int first);

/// True when a pseudo-legal move does not leave the mover's royal piece attacked.
bool leaves_king_safe(const Position& pos, Move m);

/// True when `m` is one of the legal moves of the position.
bool is_legal(const Position& pos, Move m);

}  // namespace arbiter
