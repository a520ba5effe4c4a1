// Game records: PGN-like movetext (rules/core/record_tokens.hpp) replayed move by move against a
// sequential rule table, with warnings for what is sloppy and an error for the first move that
// is wrong; and the notes, options and helpers that the replays of the other protocols share.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/core/move_words.hpp"
#include "rules/core/notation.hpp"
#include "rules/core/position.hpp"
#include "rules/core/record_tokens.hpp"

namespace arbiter {

/// Something sloppy that does not stop the replay, or the first thing that does.
/// `ply` is the 1-based half-move the token belongs to: the move itself, or for any other token
/// the half-move that would come next. `move_number` and `side` are those of the position
/// before that half-move. `side` is empty (and `ply`, `move_number` 0) only for a problem found
/// before there is a position, such as a bad [FEN] tag.
struct ReplayNote {
  int ply = 0;
  int move_number = 0;
  std::optional<Color> side;
  std::string text;        ///< the token as written
  std::string reason;      ///< errors only: "syntax", "illegal", ..., "bad FEN"
  std::string message;     ///< what is wrong, without the location
  std::string fen_before;  ///< errors only: the position before the token (empty without one)
  int line = 0, column = 0;
};

/// "move 7 (Black) 'Nxe5'" (or "line 1 '[FEN ...]'" when there is no position yet).
std::string note_location(const ReplayNote& note);

enum class Termination { kNone, kCheckmate, kStalemate };
std::string to_string(Termination t);

/// What a null move ("--", "Z0") in a record does.
enum class NullMoves {
  kError,  ///< an error that names it (the rules have no pass)
  kPass,   ///< the side passes, as engines and databases write it in analysis (sequential
           ///< and Diplomacy records; never in check, never in Conditional or Move-Neutral Chess)
};

struct ReplayOptions {
  std::optional<std::string> fen;  ///< start here, overriding the table setup and any [FEN] tag
  NullMoves null_moves = NullMoves::kError;
  /// The piece letters the record is written with (rules/core/move_words.hpp); null: English.
  const PieceLetters* letters = nullptr;
};

struct ReplayResult {
  bool valid() const { return !error.has_value(); }
  int plies = 0;          ///< half-moves replayed (before the error, if any)
  std::string start_fen;  ///< empty when the record's [FEN] tag was bad
  std::string final_fen;  ///< after the last good move
  Color final_side_to_move = kWhite;
  std::vector<std::string> san;                  ///< canonical SAN of each replayed move
  std::optional<std::string> result;             ///< stated ("1-0", ...) or implied by "Resigns"
  std::optional<Color> resigned;                 ///< the side that resigned
  Termination termination = Termination::kNone;  ///< by the rules, in the final position
  std::vector<std::pair<std::string, std::string>> tags;  ///< tag pairs in order
  std::vector<ReplayNote> warnings;
  std::optional<ReplayNote> error;
};

/// Replays a game record. Requires a sequential-protocol variant (throws std::invalid_argument
/// otherwise) and throws FenError for a bad `options.fen`; every problem in the record itself is
/// reported in the result.
ReplayResult replay_record(const VariantPtr& variant, std::string_view record,
                           const ReplayOptions& options = {});
/// The same for one game of a file of many (RecordGames).
ReplayResult replay_record(const VariantPtr& variant, std::vector<RecordToken> game,
                           const ReplayOptions& options);

/// A NotationError's message for a replay error line, without the "'Nxe5' is illegal: " that the
/// line already says; an unknown piece letter lists the table's letters.
std::string notation_reason(const NotationError& e, const std::string& text, const Variant& v);

/// The sloppy marks of a SAN move as written (`d` from parse_san): an 'x', '+' or '#' that does
/// not match what the move does (`capture`, and `check`/`mate` after it), one message each, in
/// the words the replay's warnings use.
std::vector<std::string> san_mark_problems(const SanDetails& d, bool capture, bool check,
                                           bool mate);

/// The result the rules give for a final position ("1-0", "0-1", "1/2-1/2"), from the table's
/// [end] outcomes; empty when the side to move still has a legal move.
std::string result_by_rules(const Position& pos);

}  // namespace arbiter
