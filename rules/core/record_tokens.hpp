// The movetext of a game record, PGN-like (optional tag pairs, move numbers, moves,
// annotations, comments, variations, a result), split into tokens: the one tokenizer of the
// replays of every protocol (rules/core/record_reader.hpp); and a file of many games split into
// games, one at a time. Linear in the input; it never recurses on the nesting depth of
// variations.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

enum class RecordTokenKind {
  kTag,         ///< [Name "value"]: `tag_name`, `tag_value` (escapes resolved)
  kMoveNumber,  ///< "12.", "12...", "12": `number`, and `dots` as written
  kEllipsis,    ///< dots standing alone, as in "1. ... e5"
  kMove,        ///< any other word: SAN, judged by the replay
  kNullMove,    ///< "--", "Z0", "0000" or "@@@@": a null move (a pass), as ChessBase and
                ///< python-chess write it
  kComma,       ///< ',' (people write "1. e4, e5"; Diplomacy sets: "Qh1, Rf6")
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
  /// kMove: the word in the notation the parsers read (plain_move_word: typeset forms and the
  /// record's piece letters rewritten). Set by the record reader before the move is read.
  std::string move;
};

/// Splits a game record into tokens. Never throws: malformed text ends the list with a kError
/// token (an unclosed '{' or '(', a stray ')' or '}', a bad tag pair, '$' without a number). A
/// variation is one token, but its words are lexed as the main line's are (a NAG, a comment, a
/// move number "12)" read the same inside it); a comment or variation that runs into the next
/// game's tag section (RecordTokenizer) is never closed.
std::vector<RecordToken> tokenize_record(std::string_view text);

namespace detail {
class RecordLexer;
}

/// The tokens of tokenize_record, one at a time (the text must outlive it). With `resync`, a
/// kError token does not end the list: the tokens go on at the next game's tag section (a line
/// opening a tag pair after a blank line, or an [Event ...] line), as a reader of many games
/// needs; without a next game, it is the last.
class RecordTokenizer {
 public:
  explicit RecordTokenizer(std::string_view text, bool resync = false);
  ~RecordTokenizer();
  RecordTokenizer(const RecordTokenizer&) = delete;
  RecordTokenizer& operator=(const RecordTokenizer&) = delete;
  /// The next token; false at the end of the text (without resync, a kError token is always
  /// the last).
  bool next(RecordToken& out);

 private:
  std::unique_ptr<detail::RecordLexer> lexer_;
};

/// A file of many games (a TWIC issue, a database export), read one game at a time, as PGN
/// separates them: a game ends at its result (the termination marker), and a tag pair after
/// movetext begins the next game even without one. Comments and commas stay with the game
/// before. A text without any token but comments is one empty game. Malformed text (an
/// unclosed comment or variation, a stray bracket) ends its game with a kError token, and the
/// next game is read from its tag section on (RecordTokenizer's resync). Line and column
/// numbers are those of the whole text. The text must outlive it.
class RecordGames {
 public:
  explicit RecordGames(std::string_view text) : tokens_(text, true) {}
  /// The tokens of the next game; false when there is none left.
  bool next(std::vector<RecordToken>& game);

 private:
  RecordTokenizer tokens_;
  RecordToken ahead_;  ///< the first token of the next game, read with the last one
  bool have_ahead_ = false;
  bool started_ = false;  ///< a game was handed out (an empty text still gives one)
};

}  // namespace arbiter
