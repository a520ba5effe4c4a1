// The movetext of a game record, PGN-like (optional tag pairs, move numbers, moves,
// annotations, comments, variations, a result), split into tokens: the one tokenizer of the
// replays of every protocol (rules/core/record_reader.hpp). Linear in the input; it never recurses
// on the nesting depth of variations.
#pragma once

#include <string>
#include <string_view>
#include <vector>

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

}  // namespace arbiter
