// Diplomacy Chess with whole sets of moves (rule text: shared/rules-text/diplomacy-chess.txt,
// sections "Progressive" and "Simultaneously Progressive"). Each player hands in a sequence of
// moves at once. Progressive play resolves them pair by pair (White's i-th against Black's
// i-th, on the board the previous pair left); simultaneously progressive play resolves all of
// them in one step on the starting board. A set entry may be a conditional move
// (rules/simultaneous/diplomacy/diplomacy_conditional.hpp). Semantics and decisions:
// docs/diplomacy-progressive.md.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "rules/simultaneous/diplomacy/diplomacy.hpp"

namespace arbiter {

/// One entry of a set: text (SAN, coordinates or a conditional), or a move already resolved to
/// a Move (a "ply"), used when `text` is empty.
struct ProgressiveEntry {
  std::string text;
  Move ply{};
  static ProgressiveEntry of(std::string t) { return {std::move(t), Move{}}; }
  static ProgressiveEntry of(Move m) { return {std::string(), m}; }
};
using MoveSet = std::vector<ProgressiveEntry>;
/// Plain texts as a set: {"e4", "Nf3", "2Q?e4:Rd1"}.
MoveSet move_set(const std::vector<std::string>& texts);

enum class ProgressiveOutcome {
  kExecuted,    ///< the move was made
  kFailed,      ///< resolved, and it did not execute (the piece stays)
  kCaptured,    ///< resolved, and the moving piece was taken (at its destination, or home)
  kSkipped,     ///< not a submission at its turn; progressive-illegal=skipped: no move this pair
  kVoid,        ///< progressive-illegal=void: this move and the rest of the set are void
  kNotReached,  ///< the game ended in an earlier pair
};
std::string to_string(ProgressiveOutcome o);

struct ProgressiveMoveResult {
  int pair = 0;   ///< the pair it was (or would have been) resolved in, from 1; always 1 when
                  ///< simultaneously progressive
  int index = 0;  ///< its place in the player's set, from 1
  Color color = kWhite;
  std::string written;    ///< as handed in (coordinates of the ply for a Move entry)
  std::string branch;     ///< for a conditional: the move text of the branch chosen, else empty
  std::string canonical;  ///< SAN of the move submitted (empty when it was not submitted)
  ProgressiveOutcome outcome = ProgressiveOutcome::kNotReached;
  std::string reason;             ///< why it was skipped, void or not reached
  std::vector<TraceEntry> trace;  ///< the whole resolution of its pair
};

struct ProgressiveResult {
  std::vector<ProgressiveMoveResult> moves;  ///< by pair, White's before Black's
  SimState final_state;
  SimStatus status;        ///< diplomacy_status of final_state
  int pairs_resolved = 0;  ///< pairs in which at least one side submitted a move
};

/// Malformed input, found before anything is resolved (or, for the first pair, a move that is
/// not a submission on the starting board: no earlier conflict can explain it).
class ProgressiveError : public std::runtime_error {
 public:
  ProgressiveError(Color color, int index, std::string expected, int column,
                   const std::string& message)
      : std::runtime_error(message),
        color_(color),
        index_(index),
        expected_(std::move(expected)),
        column_(column) {}
  Color color() const { return color_; }
  int index() const { return index_; }  ///< the entry of the set, from 1
  const std::string& expected() const { return expected_; }
  int column() const {
    return column_;
  }  ///< 1-based column in the entry's text; 0: not a
     ///< question of the text's shape

 private:
  Color color_;
  int index_;
  std::string expected_;
  int column_;
};

/// Progressive play. Pair i is resolved with resolve_diplomacy on the board after pair i - 1;
/// each text is read (a conditional evaluated) against that board. A move that is no longer a
/// submission is handled by the table's knob progressive-illegal; the side whose set is shorter
/// passes (or the sets are refused: knob unequal-sets); a pair in which nobody moves is not
/// resolved (its en-passant rights: knob ep-over-idle-pair); play stops after the pair that
/// ends the game. Throws ProgressiveError.
ProgressiveResult play_progressive(const SimState& start, const MoveSet& white,
                                   const MoveSet& black);

/// Simultaneously progressive play: every entry is read against the starting board and all of
/// them are resolved in one resolve_diplomacy call. A set may not move one piece twice nor send
/// two pieces to one square, and "n?" conditions are refused (nothing is resolved before the
/// others). Throws ProgressiveError.
ProgressiveResult play_simultaneously_progressive(const SimState& start, const MoveSet& white,
                                                  const MoveSet& black);

}  // namespace arbiter
