// Boards to draw (present/board/svg_board.hpp) from what the commands and the report have at hand:
// a FEN of any protocol, a step as solver/analysis/step_cases.hpp writes it, a resolved
// simultaneous turn. Each adds what the table shows: the phase (Conditional), the pieces a move
// would convert or the side to move threatens to convert (Conversion), fates and conflict points
// (Diplomacy, Move-Neutral). Decorations are best effort: a move that cannot be read is left
// undrawn.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "present/board/svg_board.hpp"
#include "rules/core/game_record.hpp"
#include "rules/simultaneous/sim_rules.hpp"

namespace arbiter::inline present {

/// The board of `fen` read as the table's own FEN (sequential, simultaneous or conditional),
/// else as an orthodox FEN (scenario witnesses are stored so). Throws FenError when neither
/// reads. Conversion tables: the pieces the side to move threatens to convert are marked.
SvgBoard board_of_fen(const VariantPtr& v, const std::string& fen);

/// The board of `fen` with `moves` drawn: one move (sequential: the pieces it converts are
/// marked), or White's and Black's submissions of a simultaneous table, resolved so that failed
/// moves and conflict points show.
SvgBoard board_with_moves(const VariantPtr& v, const std::string& fen,
                          const std::vector<Move>& moves);

/// Simultaneous tables: the board after White's and Black's submissions `moves` from `fen`
/// (shared squares show there); nothing for other tables or another number of moves.
std::optional<SvgBoard> board_after(const VariantPtr& v, const std::string& fen,
                                    const std::vector<Move>& moves);

/// The board of a step as text ("e2e4", "e2e4 e7e5", "A e2e4", "!Nf6 e4e5", "P e1d1,e2d1 a6e2",
/// "-"): moves in coordinates or SAN are drawn, others skipped.
SvgBoard board_of_step(const VariantPtr& v, const std::string& fen, const std::string& step);

/// The board before a resolved simultaneous turn with both moves (failed ones marked) and the
/// squares where the trace names a conflict.
SvgBoard board_of_turn(const SimState& before, Move white, Move black, const SimTurnOutcome& r);

/// Conversion Chess: the squares whose pieces `m` would convert on `pos` (0 elsewhere).
Bitboard converted_by(const Position& pos, Move m);

/// Conversion Chess: the pieces of the side not to move that the side to move threatens to
/// convert (0 for other tables).
Bitboard conversion_threats(const Position& pos);

/// `arbiter replay --svg`: draws a replay's final position `fen` (the variant's own FEN: the
/// phase for Conditional Chess) into the SVG file `path`; empty `fen` (the record's [FEN] tag
/// was bad) is an error.
void write_final_position_svg(const VariantPtr& v, const std::string& fen, const std::string& path);

}  // namespace arbiter::inline present
