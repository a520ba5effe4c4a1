// Game records of the simultaneous tables (Diplomacy Chess, Move-Neutral Chess): the movetext
// of rules/core/record_tokens.hpp (tags, numbers, comments, variations, results) with both moves of
// a turn on one numbered line, "N. white black", each move SAN or coordinates read against
// the submissions of its side (rules/simultaneous/diplomacy/diplomacy_move_text.hpp). Every turn is
// resolved by the table's resolver (rules/simultaneous/sim_rules.hpp). There is no pass: "--" is
// read and refused, and so is "Resigns" (both sides move at once, so it does not say who resigned:
// write the result). The format and every decision: docs/replay.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/core/game_record.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"

namespace arbiter {

/// One side's part of a turn.
struct DiplomacyTurnMove {
  std::string text;  ///< as written
  std::string san;   ///< canonical (sim_san)
  std::string uci;
  std::string fate;  ///< the resolver's word: "executed", "not executed", ..., "stood", "void"
  int line = 0, column = 0;
};

/// One replayed turn.
struct DiplomacyTurn {
  int turn = 0;         ///< 1-based, over the turns replayed
  int move_number = 0;  ///< the full-move number of the position before the turn
  DiplomacyTurnMove white, black;
  std::vector<TraceEntry> trace;
  std::string fen_after;
};

/// Warnings and the error use ReplayNote: `ply` is the turn (1-based), `move_number` the
/// full-move number before it, `side` the side whose text it is (White for a move number or
/// other token between turns).
struct DiplomacyReplayResult {
  bool valid() const { return !error.has_value(); }
  int turns = 0;          ///< turns replayed (before the error, if any)
  std::string start_fen;  ///< simultaneous FEN; empty when the record's [FEN] tag was bad
  std::string final_fen;  ///< after the last good turn
  std::vector<DiplomacyTurn> moves;
  std::optional<std::string> result;  ///< as stated
  SimStatus status;                   ///< the table's status of the final position
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<ReplayNote> warnings;
  std::optional<ReplayNote> error;
};

/// Replays a record of a simultaneous table. `options.fen` (and a [FEN] tag) is a simultaneous
/// FEN. Requires a table with the simultaneous protocol and a built resolver (throws
/// std::invalid_argument otherwise) and throws FenError for a bad `options.fen`; every problem
/// in the record is reported in the result.
DiplomacyReplayResult replay_diplomacy_record(const VariantPtr& variant, std::string_view record,
                                              const ReplayOptions& options = {});

}  // namespace arbiter
