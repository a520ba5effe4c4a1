// Reading and writing one Diplomacy Chess move as text (SAN or coordinates). parse_san and
// parse_uci match only orthodox legal moves; a Diplomacy submission may cross an enemy piece
// that is expected to leave, or step a king onto a square attacked now, so moves are matched
// against diplomacy_submissions instead. Reading is split in two: the shape of the text
// (checked without a position, so that a whole set of moves can be checked before play) and
// its match on a position. Decisions: docs/diplomacy-progressive.md.
#pragma once

#include <string>
#include <string_view>

#include "rules/core/notation.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"

namespace arbiter {

/// The shape of a move text: "e2e4"/"e7e8q" (coordinates), "O-O"/"O-O-O", or SAN.
struct DiplomacyMoveText {
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
DiplomacyMoveText parse_diplomacy_move_text(const Variant& v, std::string_view text);

/// The submission of colour `c` on `s` that the text names (its shape in `*shape` when given).
/// Throws NotationError: kIllegal when no submission matches, kAmbiguous when several do, or
/// the errors of the shape.
Move read_diplomacy_move(const SimState& s, Color c, std::string_view text,
                         DiplomacyMoveText* shape = nullptr);

/// The same read against a given list of `c`'s submissions (any simultaneous resolver's, such
/// as move_neutral_submissions); the messages are the same.
Move read_sim_move(const SimState& s, Color c, std::string_view text, const MoveList& subs,
                   DiplomacyMoveText* shape = nullptr);

/// True when `m` (a submission of `c`) means to take a piece standing there now (or en passant).
bool diplomacy_capture(const SimState& s, Color c, Move m);

/// Canonical SAN of a submission of `c`: disambiguated among the submissions (not only the
/// orthodox legal moves), 'x' when an enemy piece stands on the destination now, "=Q" for a
/// promotion, no check mark (a check is only known after resolution).
std::string diplomacy_san(const SimState& s, Color c, Move m);

/// The same, disambiguated among the given list of `c`'s submissions.
std::string sim_san(const SimState& s, Color c, Move m, const MoveList& subs);

}  // namespace arbiter
