// Game records: PGN-like movetext (optional tag pairs, move numbers, SAN moves, annotations,
// comments, variations, a result) read into tokens and replayed move by move against a
// sequential rule table, with warnings for what is sloppy and an error for the first move that
// is wrong. Both steps are linear in the input and never recurse on its nesting depth.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/notation.hpp"
#include "rules/position.hpp"

namespace arbiter {

enum class RecordTokenKind {
  kTag,         ///< [Name "value"]: `tag_name`, `tag_value` (escapes resolved)
  kMoveNumber,  ///< "12.", "12...", "12": `number`, and `dots` as written
  kEllipsis,    ///< dots standing alone, as in "1. ... e5"
  kMove,        ///< any other word: SAN, judged by the replay
  kAnnotation,  ///< "!", "?!", "+-", "e.p." ... standing alone (ignored)
  kNag,         ///< "$1": `number`
  kComment,     ///< "{...}" or ";..." to the end of the line; `text` is the whole comment
  kVariation,   ///< "( ... )" with everything nested inside; skipped, not checked
  kResult,      ///< "1-0", "0-1", "1/2-1/2", "½-½", "*": `result` is the canonical form
  kResign,      ///< "Resigns" (any case): the side to move resigns
  kError,       ///< malformed text; `message` says why. Always the last token.
};
std::string to_string(RecordTokenKind kind);

struct RecordToken {
  RecordTokenKind kind = RecordTokenKind::kMove;
  std::string text;  ///< as written (for an error: the offending text, shortened)
  int line = 1;      ///< 1-based
  int column = 1;    ///< 1-based, in bytes
  long number = 0;   ///< move number or NAG (saturates at 999999999)
  int dots = 0;      ///< dots after a move number (an ellipsis "…" counts 3)
  std::string tag_name, tag_value;
  std::string result;   ///< canonical result for kResult
  std::string message;  ///< for kError
};

/// Splits a game record into tokens. Never throws: malformed text ends the list with a kError
/// token (an unclosed '{' or '(', a stray ')' or '}', a bad tag pair, '$' without a number).
std::vector<RecordToken> tokenize_record(std::string_view text);

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

struct ReplayOptions {
  std::optional<std::string> fen;  ///< start here, overriding the table setup and any [FEN] tag
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

/// A NotationError's message for a replay error line, without the "'Nxe5' is illegal: " that the
/// line already says; an unknown piece letter lists the table's letters.
std::string notation_reason(const NotationError& e, const std::string& text, const Variant& v);

/// True when `m` (legal on `pos`) captures a piece.
bool is_capture(const Position& pos, Move m);

/// The sloppy marks of a SAN move as written (`d` from parse_san): an 'x', '+' or '#' that does
/// not match what the move does (`capture`, and `check`/`mate` after it), one message each, in
/// the words the replay's warnings use.
std::vector<std::string> san_mark_problems(const SanDetails& d, bool capture, bool check,
                                           bool mate);

/// The result the rules give for a final position ("1-0", "0-1", "1/2-1/2"), from the table's
/// [end] outcomes; empty when the side to move still has a legal move.
std::string result_by_rules(const Position& pos);

}  // namespace arbiter
