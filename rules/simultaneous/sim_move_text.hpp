// Reading and writing one move of a simultaneous table as text (SAN or coordinates), for any
// resolver (Diplomacy Chess, Move-Neutral Chess). parse_san and parse_uci match only orthodox
// legal moves; a submission may be none (a Diplomacy move may cross an enemy piece that is
// expected to leave, or step a king onto a square attacked now), so moves are matched against
// the side's submissions instead. Reading is split in two: the shape of the text (checked
// without a position, so that a whole set of moves can be checked before play) and its match
// on a position. Decisions: docs/diplomacy-progressive.md.
#pragma once

#include <string>
#include <string_view>

#include "rules/core/notation.hpp"
#include "rules/simultaneous/simultaneous.hpp"

namespace arbiter {

/// The shape of a move text: "e2e4"/"e7e8q" (coordinates), "O-O"/"O-O-O", or SAN.
struct SimMoveText {
  bool coordinates = false;
  int castling = 0;                    ///< 1: O-O, 2: O-O-O, 0: not castling
  PieceType piece = kNoPiece;          ///< SAN: the piece letter (kNoPiece: a pawn)
  int from_file = -1, from_rank = -1;  ///< SAN disambiguation; exact squares for coordinates
  Square to = kNoSquare;
  PieceType promotion = kNoPiece;
  bool capture_mark = false;  ///< SAN: 'x' (or ':') was written
};

/// Reads the shape of a move. Captures are marked with 'x' only (':' separates the branches of
/// a conditional); trailing '+', '#', '!' and '?' are ignored. Throws NotationError (kSyntax or
/// kUnknownPiece) with a message saying what was expected.
SimMoveText parse_sim_move_text(const Variant& v, std::string_view text);

/// The submission of colour `c` on `s` among `subs` (c's submissions under the table's
/// resolver) that the text names (its shape in `*shape` when given). Throws NotationError:
/// kIllegal when no submission matches, kAmbiguous when several do, or the errors of the shape.
Move read_sim_move(const SimState& s, Color c, std::string_view text, const MoveList& subs,
                   SimMoveText* shape = nullptr);

/// True when `m` (a submission of `c`) means to take a piece standing there now (or en passant).
bool sim_capture(const SimState& s, Color c, Move m);

/// Canonical SAN of a submission of `c`: disambiguated among `subs`, c's submissions (not
/// only the orthodox legal moves), 'x' when an enemy piece stands on the destination now, "=Q"
/// for a promotion, no check mark (a check is only known after resolution).
std::string sim_san(const SimState& s, Color c, Move m, const MoveList& subs);

}  // namespace arbiter
