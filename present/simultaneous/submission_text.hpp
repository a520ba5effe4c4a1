// Reading and writing one submission of a simultaneous table (Diplomacy Chess or Move-Neutral
// Chess, by the table's resolver) as a player would type it (SAN or coordinates), against that
// player's view of the simultaneous position.
#pragma once

#include <string>
#include <string_view>

#include "rules/simultaneous/diplomacy/diplomacy.hpp"

namespace arbiter::inline present {

/// The submission of colour `c` written as SAN ("Qc6") or coordinates ("c2c6"). Orthodox
/// notation reads only orthodox legal moves, so a submission that is not one (a path across
/// an enemy piece, a king step into a square attacked now) is read on the board without the
/// enemy pieces and then matched with the submissions. Throws NotationError naming the
/// colour, the text, the reason and a few of that side's submissions. Move-Neutral
/// submissions are orthodox legal moves of the view, so the reason is orthodox notation's
/// (or: it takes a king, it enters a shared square).
Move read_submission(const SimState& s, Color c, std::string_view text);

/// The SAN of a submission of colour `c`, disambiguated among that side's submissions so
/// that read_submission reads it back.
std::string submission_san(const SimState& s, Color c, Move m);

/// One side's part of a turn as written and read.
struct SideSubmission {
  std::string written;
  std::string branch;  ///< a conditional move: the move text of the branch it chose
  Move move{};         ///< null: the side passes
  std::string san, uci;
};

/// Colour `c`'s part of a turn on `s` as `resolve` reads it: a move (read_submission), "-" or
/// a null move word for a pass (Diplomacy Chess only), or a Diplomacy conditional move
/// ("cond?then:else") evaluated on `s`. Throws NotationError or std::invalid_argument.
SideSubmission read_side_submission(const SimState& s, Color c, const std::string& text);

}  // namespace arbiter::inline present
