// The turn machine of Conditional Chess (rule text: shared/rules-text/conditional-chess.txt).
// Plies alternate colours as in orthodox chess while the phase cycles A -> B -> C: the A-mover
// states a conditional move, the opponent answers with a B-move, then the conditional move
// executes as the stater's C-move. Checks bend the cycle; docs/conditional.md has every rule and
// every knob this file reads.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/conditional/conditional_knobs.hpp"
#include "rules/conditional/conditional_move.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/move.hpp"
#include "rules/core/position.hpp"

namespace arbiter {

enum class Phase : std::uint8_t { kA, kB, kC };
char phase_letter(Phase p);  ///< 'A', 'B', 'C'

/// A position of Conditional Chess: the board plus where the turn stands.
struct ConditionalState {
  Position pos;
  Phase phase = Phase::kA;
  /// Phases B and C: the conditional move the C-mover stated, when it is known. A record
  /// writes it only where it executes, so a replay runs phase B without it.
  std::optional<ConditionalMove> pending;
  /// Knob a-move-mate=end-of-turn, phases B and C: this turn's A-move gave check, so the turn
  /// must end with the A-mover's C-move mating.
  bool mate_due = false;
  /// Knob c-move-resolution=statement, phases B and C: the stater's legal moves on the board
  /// where the conditional move was stated (right after the A-move), when known. A C-move
  /// executes only one of these. Not part of the FEN: a position read from FEN in phase C
  /// does not know them, and then any legal move counts.
  std::optional<std::vector<Move>> statement_moves;

  /// The player who stated (phase B: the side not to move; phase C: the side to move).
  Color stater() const { return phase == Phase::kB ? ~pos.side_to_move() : pos.side_to_move(); }
};

/// The start of a game: the table's setup, White's A-move.
ConditionalState conditional_start(const VariantPtr& v);

/// A move or a statement that the rules do not allow here. `reason` is a short code
/// ("wrong phase", "check in A-move", "game over", "illegal", "not stated", "mismatch").
class ConditionalRuleError : public std::runtime_error {
 public:
  ConditionalRuleError(std::string reason, const std::string& message)
      : std::runtime_error(message), reason_(std::move(reason)) {}
  const std::string& reason() const { return reason_; }

 private:
  std::string reason_;
};

enum class ConditionalEnd { kNone, kCheckmate, kStalemate, kForcedCheck };
std::string to_string(ConditionalEnd e);

struct ConditionalStatus {
  ConditionalEnd end = ConditionalEnd::kNone;
  std::optional<Color> winner;  ///< none: a draw (or the game goes on)
  bool over() const { return end != ConditionalEnd::kNone; }
  std::string result() const;  ///< "1-0", "0-1", "1/2-1/2", or "" while the game goes on
};

/// Whether the game has ended, judged before the ply of the side to move: checkmate or
/// stalemate (the table's [end] outcomes) in phases A and B and, in phase C, checkmate after a
/// B-move check (and stalemate under no-legal-c-move=stalemate); in phase A also a forced
/// non-mating check (knob forced-a-move-check).
ConditionalStatus conditional_status(const ConditionalState& s);

/// True when `m` (legal on s.pos) gives check; `mate` tells whether it is also checkmate.
bool gives_check(const Position& pos, Move m, bool* mate = nullptr);

/// Phase A: the legal moves that give no check or give checkmate (knob a-move-mate=
/// end-of-turn: every legal move). Phase B: every legal move. Phase C has no free choice:
/// see c_outcomes. Nothing when the game is over.
void phase_moves(const ConditionalState& s, MoveList& out);

/// Plays an A- or B-move. Throws ConditionalRuleError when `m` is not one of phase_moves
/// (naming why: wrong phase, a non-mating check in an A-move, illegal, game over).
void play(ConditionalState& s, Move m);

/// play() without its checks, for callers that took `m` from phase_moves (perft).
void play_allowed(ConditionalState& s, Move m);

/// The stater's view of the board in phase B: the stater to move, no en-passant right (the
/// moves it may state are the legal moves of this position).
Position stater_view(const ConditionalState& s);

/// Phase B, before the B-move: the C-mover states `cm`. Under c-move-resolution=statement each
/// branch that names a legal move now (the stater to move on the current board) is stored as
/// UCI and one that names none keeps its SAN and will be illegal. Throws ConditionalRuleError.
void state(ConditionalState& s, ConditionalMove cm);

/// What the due C-move does on the current board.
struct CDecision {
  enum class Kind {
    kExecute,  ///< `move` (the `branch` taken: 0 then, 1 else) is made
    kSkip,     ///< nothing moves; `reason` says why
    kReplace,  ///< the C-move does not execute and `chooser` picks any legal move of the side
               ///< to move (knobs illegal-c-move=opponent-moves, b-move-check=replace-c-move)
  };
  Kind kind = Kind::kSkip;
  Move move{};
  int branch = -1;     ///< the branch the condition chose (also when it was illegal)
  std::string reason;  ///< for kSkip / kReplace: why the chosen branch did not execute
  Color chooser = kWhite;
};

/// Evaluates `cm` in phase C: the condition with the side to move as stater, then the chosen
/// branch resolved and checked for legality now (or as resolved at the statement). Throws
/// ConditionalRuleError outside phase C or once the game is over.
CDecision decide_c(const ConditionalState& s, const ConditionalMove& cm);

/// One way the C ply can go: a move of the side to move, or a skip.
struct CStep {
  bool skip = true;
  Move move{};
};

/// Applies a C ply and moves the turn on: after a move, the opponent's A-move; after a skip
/// with the side to move in check (a B-move check the C-move did not cancel), that side's own
/// A-move; after any other skip, the opponent's A-move. Clears `pending`. Throws
/// ConditionalRuleError for a move that is not legal or when the game is over.
void apply_c(ConditionalState& s, CStep step);

/// apply_c() without its checks, for callers that took `step` from c_outcomes (perft).
void apply_c_allowed(ConditionalState& s, CStep step);

/// Every distinct way the C ply can go whatever was stated: each legal move, plus a skip when
/// some statement leads to one. Under a-move-mate=end-of-turn with mate_due, only the moves
/// that checkmate (the others would make this turn's A-move illegal). Empty once over.
std::vector<CStep> c_outcomes(const ConditionalState& s);

/// Knob a-move-mate=end-of-turn: whether the turn that owed a mate ended in one (call right
/// after apply_c, with `mate_was_due` the flag before it).
bool owed_mate_delivered(const ConditionalState& after, bool mate_was_due);

/// Extended FEN: the six orthodox fields, then the phase ('A', 'B', 'C'; with '+' in phases B
/// and C when an end-of-turn mate is due) and the pending conditional move ('-' when none or
/// not known). Six fields alone mean phase A. Throws FenError with the column.
ConditionalState parse_conditional_fen(const VariantPtr& v, std::string_view fen);
std::string to_conditional_fen(const ConditionalState& s);

}  // namespace arbiter
