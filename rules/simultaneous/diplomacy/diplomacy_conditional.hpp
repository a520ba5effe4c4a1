// Diplomacy Chess conditional moves (rule text: shared/rules-text/diplomacy-chess.txt, section
// "Conditional Moves"): "condition?then:else", where the condition asks about a piece on a
// square ("Nh6"), a number of pieces ("2Q"), an empty square ("~e5") or, in progressive play,
// whether the player's own n-th move executed ("3"). Not the Conditional Chess notation of
// rules/conditional/conditional_move.hpp ("?then/else", enemy pieces only). Whose pieces a
// piece letter asks about (either colour, the letter's case as in FEN, or the mover's own) is
// knob piece-condition-colour. Grammar and decisions: docs/diplomacy-progressive.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/notation.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"

namespace arbiter {

enum class DiplomacyConditionKind {
  kPieceOn,   ///< "Nh6": such a piece stands on the square (whose: knob piece-condition-colour)
  kCount,     ///< "2Q": exactly that many such pieces are on the board (the same knob)
  kEmpty,     ///< "~e5": nothing stands on the square
  kExecuted,  ///< "3": the player's own 3rd move of the set executed (progressive play)
};

struct DiplomacyCondition {
  DiplomacyConditionKind kind = DiplomacyConditionKind::kEmpty;
  char piece = 0;             ///< piece letter as written (kPieceOn, kCount), either case
  Square square = kNoSquare;  ///< kPieceOn, kEmpty
  int number = 0;             ///< kCount: how many; kExecuted: n, counted from 1
  friend bool operator==(const DiplomacyCondition&, const DiplomacyCondition&) = default;
};

struct DiplomacyConditional {
  std::optional<DiplomacyCondition> condition;  ///< none for "!move"
  std::string then_text, else_text;             ///< as written, trimmed; equal for "!move"
  friend bool operator==(const DiplomacyConditional&, const DiplomacyConditional&) = default;
};

/// A malformed conditional, or one that cannot be evaluated where it is used. `column` is the
/// 1-based position in the text as given (leading white space included).
class DiplomacyConditionalError : public NotationError {
 public:
  DiplomacyConditionalError(NotationErrorKind kind, const std::string& message, int column)
      : NotationError(kind, message), column_(column) {}
  int column() const { return column_; }

 private:
  int column_;
};

/// True when the text is meant as a conditional rather than a plain move: it starts with '!',
/// '~' or a digit (no move does), or it holds a '?' followed by something other than the
/// '!'/'?' of an annotation ("e4!?" is a plain move).
bool looks_like_diplomacy_conditional(std::string_view text);

/// Reads "cond?then:else" or "!move", with white space allowed around every part. The two moves
/// are checked for shape only (parse_sim_move_text); they are read against the position
/// when the conditional is evaluated. Throws DiplomacyConditionalError.
DiplomacyConditional parse_diplomacy_conditional(const Variant& v, std::string_view text);

/// Canonical text: "Nh6?e6:Qg2", "2Q?e4:Rd1", "~e5?e5:exf6", "3?Ba3:Na3", "!e4". The moves are
/// written as given (their canonical SAN depends on the position of their turn).
std::string to_string(const DiplomacyCondition& c);
std::string to_string(const DiplomacyConditional& m);

/// What "n?" looks at: executed[k] tells whether the player's own move k + 1 of the set
/// executed. Its size is the number of the player's moves already resolved, so the move being
/// evaluated is number executed.size() + 1.
struct ExecutedHistory {
  std::vector<bool> executed;
};

/// The condition `mover` states, on `s`. `history` is null outside progressive play. Throws
/// DiplomacyConditionalError for "n?" without a history, or with n not below the current move,
/// and for a piece letter the table does not define.
bool evaluate(const DiplomacyCondition& c, const SimState& s, Color mover,
              const ExecutedHistory* history);

/// The branch `mover` plays: then_text when the condition holds (or there is none), else
/// else_text.
const std::string& chosen_branch(const DiplomacyConditional& m, const SimState& s, Color mover,
                                 const ExecutedHistory* history);

/// A single turn: `text` is a plain move or a conditional, evaluated on the position before the
/// turn (so "n?" is an error); returns colour c's submission. Throws NotationError (a
/// DiplomacyConditionalError for the conditional itself).
Move read_diplomacy_turn(const SimState& s, Color c, std::string_view text);

}  // namespace arbiter
