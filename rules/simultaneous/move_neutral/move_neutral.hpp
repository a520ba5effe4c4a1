// Move-Neutral Chess (rule text: shared/rules-text/move-neutral-chess.txt): both players
// submit a move that is legal on the present board, and both moves stand, whatever the other
// did. Mutual captures trade places, a capture whose target left takes nothing, two pieces
// arriving on one square share it. Rules, knobs and decisions: docs/move-neutral.md.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/core/move.hpp"
#include "rules/simultaneous/move_neutral/move_neutral_knobs.hpp"
#include "rules/simultaneous/sim_trace.hpp"
#include "rules/simultaneous/simultaneous.hpp"

namespace arbiter {

/// The squares one side's move leaves and lands on, read off the table alone: its from and
/// to squares, or for castling the king's and the rook's. The engine's resolution and the Z3
/// step (solver/simultaneous/move_neutral/move_neutral_step.cpp) both read moves through it.
struct MoveFootprint {
  Square from = kNoSquare, to = kNoSquare;  ///< castling: the king's
  Square rook_from = kNoSquare, rook_to = kNoSquare;
  PieceType rook_type = kNoPiece;
  Bitboard leaves = 0, lands = 0;
  Bitboard castling_path = 0;  ///< squares an enemy piece may not enter (castling-path-entered)
};
MoveFootprint footprint_of(const Variant& v, Color c, Move m);

/// The "ostensibly legal" moves of colour `c`: its legal moves on the present board as if it
/// were its turn (so a side in check must get out of it), never taking a king and never
/// moving onto a shared square. Under shared-square-sliding=passable a slider may also cross
/// a shared square.
void move_neutral_submissions(const SimState& s, Color c, MoveList& out);
bool is_move_neutral_submission(const SimState& s, Color c, Move m);

/// Why c's castling on that side is no submission when a shared square stands on its way
/// ("f1 is a shared square ..."), naming the squares; "" when none does. Castling is no slide,
/// so shared-square-sliding=passable does not open it.
std::string shared_squares_blocking_castling(const SimState& s, Color c, bool king_side);

struct MoveNeutralResolution {
  SimState after;
  bool executed[2] = {true, true};  ///< [c]: c's move stood (false only where a knob voids it)
  std::vector<TraceEntry> trace;
};

/// Plays both submissions at once, with as much of the trace as `trace` asks for. Throws
/// std::invalid_argument when a move is not a submission of its colour (with `validate`).
MoveNeutralResolution resolve_move_neutral(const SimState& s, Move white, Move black,
                                           TraceDetail trace = TraceDetail::kFull,
                                           bool validate = true);

/// From the resolved board: a side with no submission is mated (in check) or stalemated; both
/// mated is a draw; one mated while the other is stalemated follows knob mated-and-stalemated.
SimStatus move_neutral_status(const SimState& s);

}  // namespace arbiter
