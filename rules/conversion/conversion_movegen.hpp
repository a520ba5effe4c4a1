// Conversion Chess's legal moves and counts: what ConversionEffect (conversion_effect.hpp)
// answers for generate_legal, count_legal, perft's last ply and leaves_king_safe.
#pragma once

#include <cstdint>

#include "rules/core/move.hpp"
#include "rules/core/position.hpp"

namespace arbiter {

class ConversionFilter;
struct SiblingCache;

/// generate_legal's filter: keeps the legal moves of out[first..] (pseudo-legal moves of `pos`).
void filter_conversion(const Position& pos, MoveList& out, int first);

/// The number of legal moves of `pos` (count_legal), counted without listing them where it can.
std::uint64_t count_conversion(const Position& pos);

/// count_conversion of the position `last` (made with `undo`) led to from the position `cache`
/// was built on.
std::uint64_t count_legal_after(const Position& pos, Move last, const Undo& undo,
                                const SiblingCache& cache);

/// The sum of count_conversion over the positions `moves` (the legal moves of `pos`) lead to,
/// the siblings sharing a SiblingCache: perft's last two plies.
std::uint64_t count_conversion_children(Position& pos, const MoveList& moves);

/// leaves_king_safe: after the pseudo-legal `m`, the mover's royal piece is neither attacked
/// nor threatened with conversion.
bool conversion_leaves_king_safe(const Position& pos, Move m);

/// Appends the side to move's castling moves whose start and passing squares pass (the landing
/// square is judged by the legality filter, after the move). `filter`, when given, is the side
/// to move's legality filter (which knows whether it is in check and judges the passing
/// squares); without one both are found here.
void generate_conversion_castling(const Position& pos, MoveList& out,
                                  const ConversionFilter* filter);

}  // namespace arbiter
