// Pieces of a game's JSON view that every protocol writes the same way (server/game.hpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "present/board/svg_board.hpp"
#include "present/core/json_writer.hpp"
#include "rules/core/geometry.hpp"
#include "rules/simultaneous/sim_rules.hpp"
#include "server/game.hpp"

namespace arbiter::server {

/// "white" or "black".
const char* side_word(Color c);

/// "status": {"over", "result" (null while the game goes on), "reason": the rule that ended it
/// (null while the game goes on)}.
void write_status(present::JsonWriter& w, bool over, const std::string& result,
                  const std::string& reason);

/// "submitted": {"white", "black"} and "waiting_for": the sides the game waits for.
void write_sides(present::JsonWriter& w, const bool (&submitted)[2], const bool (&waiting)[2]);

/// "legal": the texts `side` may submit now.
void write_legal(present::JsonWriter& w, const std::vector<std::string>& legal);

/// What a game of sealed moves (Diplomacy, Move-Neutral; one move or a set a turn) shows
/// `viewer` before its history: "protocol", "resolver", "fen", "turn", "status", the sides'
/// flags, "own_submission" and "legal" (the submissions `side` may make now; for a set, those
/// it may start with). `sealed[c]` is colour c's pending text, null when none: only the
/// viewing side's own is written (a spectator's: none), so this one function keeps the
/// opponent's move sealed for every protocol.
void write_sealed_view_head(present::JsonWriter& w, const Variant& v, const SimRules& rules,
                            const SimState& state, const SimStatus& status, int turn,
                            const std::string* const (&sealed)[2], Viewer viewer);

/// The whole view of a sealed-move game for `viewer`: write_sealed_view_head, then "history"
/// (each turn by `write_turn`) and "board". `pending[c]` is colour c's sealed submission, its
/// text in `written`; both sealed-move games (single moves, sets) write their view here.
template <class Pending, class Turn, class WriteTurn>
void write_sealed_view(present::JsonWriter& w, const Variant& v, const SimRules& rules,
                       const SimState& state, const SimStatus& status,
                       const std::optional<Pending> (&pending)[2], const std::vector<Turn>& history,
                       Viewer viewer, WriteTurn&& write_turn) {
  const std::string* const sealed[2] = {pending[kWhite] ? &pending[kWhite]->written : nullptr,
                                        pending[kBlack] ? &pending[kBlack]->written : nullptr};
  write_sealed_view_head(w, v, rules, state, status, static_cast<int>(history.size()) + 1, sealed,
                         viewer);
  w.key("history").begin_array();
  for (const Turn& t : history) write_turn(w, t);
  w.end_array();
  w.field("board", present::svg_board(present::SvgBoard{state.pos}, viewer.value_or(kWhite)));
}

/// A sealed-move game's public version (Game::public_version): grows when a side's
/// "submitted" flag turns on and when a turn ends (resolved or void); a resubmission does not
/// change it, so the opponent's page learns nothing from it.
int sealed_public_version(std::size_t turns, bool white_pending, bool black_pending);

/// A record's header: a comment with the `arbiter replay` command that reads it (`options`
/// after the table's name: knobs, --null-move), then the [Variant] tag.
std::string record_header(const std::string& variant, const std::string& options);

}  // namespace arbiter::server
