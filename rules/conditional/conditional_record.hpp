// Conditional Chess game records: the movetext of rules/core/record_tokens.hpp (tags, numbers,
// comments, variations, results) with the plies in the order they happen, A- and B-moves as
// SAN and each C-move written as its whole conditional where it executes ("d2?*Nh4*/e6",
// "!Qe2", "Eg7?Bxg7/Nf3=>Kh1" when another move takes its place). The replay drives the turn
// machine of rules/conditional/conditional_game.hpp; the format and every decision: docs/replay.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/conditional/conditional_game.hpp"
#include "rules/core/game_record.hpp"

namespace arbiter {

/// A warning or the error of a Conditional Chess replay: a ReplayNote plus the phase of the
/// ply. `ply` counts the plies that happened (a C-move the record left out counts too);
/// `move_number` is the label of the record slot the text stands in (slots 2N-1 and 2N are
/// move N), which follows the written plies, not the colours.
struct ConditionalNote : ReplayNote {
  std::optional<Phase> phase;  ///< none only before there is a position (a bad [FEN] tag)
};

/// "move 3 (White C-move) 'd2?Nh4/e6'" (or "line 1 '[FEN ...]'" when there is no position yet).
std::string conditional_note_location(const ConditionalNote& note);

/// What a C ply did.
enum class COutcome { kExecuted, kSkipped, kReplaced };
std::string to_string(COutcome o);  ///< "executed", "skipped", "replaced"

/// One ply that happened.
struct ConditionalPly {
  int ply = 0;          ///< 1-based, over the plies that happened
  int move_number = 0;  ///< the slot label (for a C-move left out: that of the next text)
  Phase phase = Phase::kA;
  Color side = kWhite;  ///< who moved (phase C: the stater, also when another move replaced it)
  bool written = true;  ///< false for a C-move the record left out
  std::string text;     ///< as written (empty when not written)
  /// A/B: canonical SAN. C: the canonical conditional with the executed branch marked (empty
  /// when not written; when a pending move from the start FEN executes, that one).
  std::string canonical;
  std::optional<COutcome> outcome;  ///< phase C only
  std::string move;                 ///< phase C: SAN of the move made (empty for a skip)
  std::string why;                  ///< phase C, skipped or replaced: why the C-move did not run
  int line = 0, column = 0;         ///< of the text (for a C-move left out: of the next text)
};

struct ConditionalReplayResult {
  bool valid() const { return !error.has_value(); }
  int plies = 0;          ///< plies that happened (before the error, if any)
  std::string start_fen;  ///< extended FEN; empty when the record's [FEN] tag was bad
  std::string final_fen;  ///< extended FEN after the last good ply
  Color final_side_to_move = kWhite;
  std::vector<ConditionalPly> moves;
  std::optional<std::string> result;  ///< stated ("1-0", ...) or implied by "Resigns"
  std::optional<Color> resigned;
  ConditionalStatus status;  ///< by the rules, in the final state
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<ConditionalNote> warnings;
  std::optional<ConditionalNote> error;
};

/// Replays a Conditional Chess record. `options.fen` (and a [FEN] tag) is an extended FEN
/// (parse_conditional_fen). Requires a table with the conditional protocol (throws
/// std::invalid_argument otherwise) and throws FenError for a bad `options.fen`; every problem
/// in the record itself is reported in the result.
ConditionalReplayResult replay_conditional_record(const VariantPtr& variant,
                                                  std::string_view record,
                                                  const ReplayOptions& options = {});
/// The same for one game of a file of many (RecordGames).
ConditionalReplayResult replay_conditional_record(const VariantPtr& variant,
                                                  std::vector<RecordToken> game,
                                                  const ReplayOptions& options);

}  // namespace arbiter
