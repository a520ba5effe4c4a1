// Positions reached by random legal play, driven by RapidCheck generators so that a failing
// case shrinks to few plies and early move choices; and the colour-flipped mirror of a FEN.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/position.hpp"

namespace arbiter::test {

/// A random game: the index of its start FEN and, per ply, a number that picks the move
/// (legal[choice % legal.size()], in the engine's generation order).
struct RandomGame {
  std::size_t start = 0;
  std::vector<std::uint16_t> choices;
};

std::ostream& operator<<(std::ostream& os, const RandomGame& game);

/// Games from one of `start_count` start FENs with 0 to `max_plies` plies. Shrinks towards
/// the first start FEN, fewer plies and the first legal move.
rc::Gen<RandomGame> gen_random_game(std::size_t start_count, int max_plies = 80);

/// Called with every position of a game, the start included, and the plies played so far.
using PositionVisitor = std::function<void(const Position& pos, const std::vector<Move>& line)>;

/// Plays `game` from parse_fen(variant, start_fens[game.start]) and returns the final
/// position. Stops early when the side to move has no legal move (checkmate, stalemate).
Position play_random_game(const VariantPtr& variant, const std::vector<std::string>& start_fens,
                          const RandomGame& game, const PositionVisitor& visit = {});

/// The FENs of the orthodox perft positions (tests/support/perft_positions.hpp); the first
/// is the start position.
const std::vector<std::string>& orthodox_start_fens();

/// The colour-flipped mirror of a FEN: ranks in reverse order (square s becomes s ^ 56),
/// piece colours swapped, the other side to move, castling letters swapped (K <-> k,
/// Q <-> q; White's first) and the en-passant square mirrored; clocks are kept. Throws
/// std::invalid_argument for a FEN without the four first fields.
std::string mirror_fen(std::string_view fen);

/// The mirror of a position (through its FEN), in the same variant. For a table whose Black
/// rules are the mirror image of White's, both positions have the same game tree.
Position mirror(const Position& pos);

/// The text of a move: from and to squares, and the promotion letter ("e2e4", "a7a8Q").
std::string move_text(const Variant& variant, Move m);

/// The moves of a line separated by spaces.
std::string line_text(const Variant& variant, const std::vector<Move>& line);

}  // namespace arbiter::test
