// Game records of the simultaneous tables (Diplomacy Chess, Move-Neutral Chess): the movetext
// of rules/core/record_tokens.hpp (tags, numbers, comments, variations, results) with both moves of
// a turn on one numbered line, "N. white black", each move SAN or coordinates read against
// the submissions of its side (rules/simultaneous/sim_move_text.hpp), or in
// Diplomacy Chess a conditional move ("2Q?e4:Rd1", rules/simultaneous/diplomacy/
// diplomacy_conditional.hpp) evaluated on the position before the turn. Every turn is resolved
// by the table's resolver (rules/simultaneous/sim_rules.hpp). In Diplomacy Chess a turn may
// instead hand in a set of moves per side, "N. Qh1, Rf6 Rf6", played progressively or
// simultaneously progressively (rules/simultaneous/diplomacy/diplomacy_progressive.hpp). A null
// move "--" is refused, or is a pass (ReplayOptions::null_moves) in Diplomacy Chess; "Resigns"
// is refused (both sides move at once, so it does not say who resigned: write the result). The
// format and every decision: docs/replay.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/core/game_record.hpp"
#include "rules/core/record_tokens.hpp"
#include "rules/simultaneous/sim_trace.hpp"
#include "rules/simultaneous/simultaneous.hpp"

namespace arbiter {

/// How each side's part of a turn is written and played (docs/replay.md, "Sets of moves").
enum class TurnSets {
  kOne,          ///< one move per side ("N. e4 e5"), or a conditional move
  kProgressive,  ///< a set per side ("N. Qh1, Rf6 Rf6"), resolved pair by pair (play_progressive)
  kSimultaneouslyProgressive,  ///< a set per side, all resolved at once on the board before
                               ///< the turn (play_simultaneously_progressive)
};
/// "one", "progressive", "simultaneously-progressive"; and back (false for another word).
std::string to_string(TurnSets s);
bool turn_sets_from(std::string_view word, TurnSets& out);

/// One side's move in a turn, or one entry of its set.
struct DiplomacyTurnMove {
  std::string text;    ///< as written
  std::string branch;  ///< a conditional move: the move text of the branch it chose, else empty
  std::string san;     ///< canonical (sim_san); empty for a pass or an entry not submitted
  std::string uci;
  /// The resolver's word: "executed", "not executed", ..., "stood", "void"; "passed" for a null
  /// move; for a set entry the outcome of play_progressive ("executed", "failed", "captured",
  /// "skipped", "void", "not reached").
  std::string fate;
  std::string reason;  ///< a set entry skipped, void or not reached: why
  int pair = 0;        ///< a set entry: the pair it was resolved in (1 when simultaneous)
  int line = 0, column = 0;
};

/// The resolution of one pair of a turn of sets.
struct DiplomacyPair {
  int pair = 0;
  std::vector<TraceEntry> trace;
};

/// One replayed turn.
struct DiplomacyTurn {
  int turn = 0;  ///< 1-based, over the turns replayed
  /// The full-move number of the position before the turn; with sets, the turn's number (the
  /// start's full-move number plus the turns before it).
  int move_number = 0;
  DiplomacyTurnMove white, black;                       ///< TurnSets::kOne
  std::vector<DiplomacyTurnMove> white_set, black_set;  ///< the other modes, entries in order
  std::vector<DiplomacyPair> pairs;                     ///< the other modes: each resolution
  std::vector<TraceEntry> trace;                        ///< TurnSets::kOne
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
/// `sets` other than kOne needs the Diplomacy resolver (std::invalid_argument otherwise).
DiplomacyReplayResult replay_diplomacy_record(const VariantPtr& variant, std::string_view record,
                                              const ReplayOptions& options = {},
                                              TurnSets sets = TurnSets::kOne);
/// The same for one game of a file (RecordGames).
DiplomacyReplayResult replay_diplomacy_record(const VariantPtr& variant,
                                              std::vector<RecordToken> game,
                                              const ReplayOptions& options,
                                              TurnSets sets = TurnSets::kOne);

}  // namespace arbiter
