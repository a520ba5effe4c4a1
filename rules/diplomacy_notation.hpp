// Diplomacy Chess move text: a submission written as SAN or as coordinates, read against the
// submissions of one side (diplomacy_submissions), not the orthodox legal moves: a path may
// cross an enemy piece and a king may step into an attacked square. Check marks are accepted
// and ignored (whether a move checks is known only after resolution) and never printed.
#pragma once

#include <string>
#include <string_view>

#include "rules/diplomacy.hpp"
#include "rules/notation.hpp"

namespace arbiter {

/// True when `m` (a submission of `c`) means to take a piece standing there now (or en passant).
bool diplomacy_capture(const SimState& s, Color c, Move m);

/// SAN of a submission of `c`: the piece letter, the origin where another submission of the
/// same piece type goes to the same square, 'x' for a capture, the square, "=Q"; O-O, O-O-O.
std::string diplomacy_san(const SimState& s, Color c, Move m);

/// What the text said beyond the move.
struct DiplomacyMoveText {
  bool capture_mark = false;  ///< 'x' or ':' written (SAN)
  bool coordinates = false;   ///< written as e2e4
};

/// Reads a submission of `c` written as SAN ("Nf3", "exd5", "e8=Q", "O-O") or coordinates
/// ("g1f3", "e7e8q"). Throws NotationError (syntax, unknown piece, illegal, ambiguous).
Move parse_diplomacy_move(const SimState& s, Color c, std::string_view text,
                          DiplomacyMoveText* details = nullptr);

}  // namespace arbiter
