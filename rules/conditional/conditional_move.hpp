// The notation of Conditional Chess conditional moves (C-moves): "cond?then/else" and "!move",
// with "*...*" marking the executed branch in game records. Syntax and evaluation only; the
// turn order of Conditional Chess is not here. Grammar and decisions: docs/conditional-notation.md
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "rules/core/move.hpp"
#include "rules/core/notation.hpp"
#include "rules/core/position.hpp"

namespace arbiter {

enum class ConditionKind {
  kEmpty,       ///< "a8": no piece of either colour on the square
  kAnyEnemy,    ///< "Eg7": a piece of the stater's opponent on the square
  kEnemyPiece,  ///< "Bg5": a piece of the opponent of that type on the square
};

struct Condition {
  ConditionKind kind = ConditionKind::kEmpty;
  Square square = kNoSquare;
  char piece = 0;  ///< upper-case table letter for kEnemyPiece, else 0
  friend bool operator==(const Condition&, const Condition&) = default;
};

struct ConditionalMove {
  std::optional<Condition> condition;  ///< none for "!move"
  std::string then_text, else_text;  ///< SAN as stated, trimmed (resolved against a position later)
  int marked = -1;  ///< the branch marked "*...*" in a record: 0 then, 1 else, -1 none
  friend bool operator==(const ConditionalMove&, const ConditionalMove&) = default;
};

/// A malformed conditional move. `column` is the 1-based character position in the text as given
/// (leading whitespace included) where the problem was found; the message says it too.
class ConditionalNotationError : public NotationError {
 public:
  ConditionalNotationError(NotationErrorKind kind, const std::string& message, int column)
      : NotationError(kind, message), column_(column) {}
  int column() const { return column_; }

 private:
  int column_;
};

/// Reads "cond?then/else" or "!move", with optional "*...*" around one branch and whitespace
/// around every part. Conditions use the letters of `v`; 'E' always means any enemy piece.
/// "!move" gives no condition, else_text == then_text, and marked 0 when written "!*move*".
/// The moves are only checked for shape here (non-empty, starting with a letter or digit, no
/// '/' or '*'; an upper-case first letter other than O is a piece letter of `v`), not against a
/// position. Throws ConditionalNotationError (kSyntax, or kUnknownPiece for a condition or move
/// letter the table does not define).
ConditionalMove parse_conditional(const Variant& v, std::string_view text);

/// True when a word is meant as a conditional move rather than a plain move: "!move" (not the
/// "!!"/"!?" of an annotation), or a '?' followed by more than annotation marks ("e4?Nf3/Qh5",
/// and "e4?Nf3:Qh5" in Diplomacy Chess's notation, which parse_conditional then corrects).
bool looks_like_conditional(std::string_view text);

/// True when two SAN texts name the same move in every position: they differ only in what
/// parse_san does not match on (capture mark 'x' or ':', check marks, !? annotations, "e.p.",
/// the spelling of castling and of a promotion). "Ra1" and "Rxa1" are the same; "Nd2" and
/// "Nbd2" are not (whether they coincide depends on the position).
bool same_stated_move(std::string_view a, std::string_view b);

/// Canonical text: "cond?then/else", or "!then" when there is no condition or when the two
/// moves are the same stated move (same_stated_move), since the condition then cannot matter.
/// With `with_marks`, the marked branch is written "*...*" ("!*then*" when collapsed).
/// Throws std::invalid_argument for a value parse_conditional could not have produced (no
/// condition but different moves, an empty move, '/' or '*' in a move, a letter not in `v`).
std::string to_string(const Variant& v, const ConditionalMove& m, bool with_marks = false);

/// The condition on `pos`, with "enemy" meaning the opponent of `stater`, the player who stated
/// the C-move. Throws std::invalid_argument for a square off the board or a piece letter that
/// the position's table does not define (or 'E', which names no single type).
bool evaluate(const Condition& c, const Position& pos, Color stater);

/// The move a C-move makes on `pos`: evaluates the condition (no condition: the then-move),
/// stores the branch taken (0 then, 1 else) in `*branch_out` when given, and reads that branch
/// with parse_san(pos, ...), which throws NotationError when it is illegal or ambiguous. Requires
/// pos.side_to_move() == stater (else std::invalid_argument).
Move resolve_branch(const Position& pos, const ConditionalMove& m, Color stater,
                    int* branch_out = nullptr);

}  // namespace arbiter
