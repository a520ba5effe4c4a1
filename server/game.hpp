// One game as the monitor (`arbiter serve`) runs it: the table, the protocol's state, what each
// side has handed in and what has happened. One implementation per protocol: simultaneous
// (Diplomacy Chess, Move-Neutral Chess: sealed moves, then the resolver), conditional (the
// A/B/C turn machine) and sequential (orthodox, Conversion Chess). A game is rebuilt after a
// restart by handing it the stored submissions again in order, so `submit` is its only way to
// change.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "present/core/json_writer.hpp"
#include "rules/core/variant.hpp"
#include "rules/simultaneous/sim_record.hpp"

namespace arbiter::server {

/// A submission the rules refuse (HTTP 422); the message is the CLI's error text.
class SubmissionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Who looks at a game: a side, or nullopt for a spectator (who sees no sealed move and may
/// submit nothing).
using Viewer = std::optional<Color>;

class Game {
 public:
  virtual ~Game() = default;
  /// Applies `side`'s submission or throws SubmissionError. A simultaneous game keeps it sealed
  /// (a second one replaces the first) until both sides have submitted, then resolves the turn.
  virtual void submit(Color side, std::string_view text) = 0;
  /// The fields of the game as `viewer` sees it (written into an open JSON object): "protocol",
  /// "fen", "turn", "status", "submitted", "waiting_for", "own_submission", "legal", "history",
  /// "board" and the protocol's own. Nothing of the opponent's sealed move; for a spectator,
  /// nothing of either side's ("own_submission" null, "legal" empty).
  virtual void write_view(present::JsonWriter& w, Viewer viewer) const = 0;
  /// The game's record as `arbiter replay` reads it (docs/serve.md names the options).
  virtual std::string record() const = 0;
  /// Counts the changes both sides see (resolved turns, plies, statements); a page waiting for
  /// the opponent reloads when it grows.
  virtual int public_version() const = 0;
  virtual bool over() const = 0;
  /// The view's "turn": the number of the turn (simultaneous games) or ply (the others) the
  /// game is at; each earlier one is an entry of the view's "history".
  virtual int turn() const = 0;
  /// The view's "history" entry of turn `turn` (1 <= turn < turn()), as both sides see it: the
  /// moves and their fates as text, no board (turn_board draws it on demand).
  virtual void write_history_entry(present::JsonWriter& w, int turn) const = 0;
  /// The SVG board of resolved turn `turn` (1 <= turn < turn(); std::out_of_range otherwise),
  /// with `bottom`'s men at the bottom: a simultaneous turn's board before it with both moves
  /// (failed ones dashed), a turn of sets the board after it, a sequential ply the board after
  /// it with the move as an arrow; nullopt for a protocol that draws no board per entry
  /// (Conditional Chess's plies). A resolved turn only, so it shows no sealed move.
  virtual std::optional<std::string> turn_board(int turn, Color bottom) const = 0;
  /// The game between two turns as text (docs/serve.md, "Memory"): what restore() rebuilds it
  /// from without its submissions. nullopt in the middle of a turn (a sealed move, a stated
  /// conditional move, a replacement awaited), when the submissions must be played again.
  virtual std::optional<std::string> snapshot() const = 0;
  /// Makes a new game (no submission yet) the game `snapshot` was taken of. Throws
  /// std::exception when the text is not a snapshot of this game's protocol.
  virtual void restore(std::string_view snapshot) = 0;
  /// The position a draw claim looks at (threefold repetition, the fifty-move rule:
  /// server/draw_claims.hpp), or nullptr between two whole turns' positions (Conditional Chess
  /// after its A-move, before its C-move is played).
  virtual const Position* claim_position() const = 0;
  /// The sides the game waits for now (the view's "waiting_for"; none once it is over): their
  /// clocks run (server/clock.hpp).
  virtual std::array<bool, 2> waiting() const = 0;
};

/// A new game of `v` from the table's setup, by its protocol; `sets` other than kOne: each side
/// hands in a set of moves per turn (Diplomacy Chess only: std::invalid_argument otherwise).
std::unique_ptr<Game> new_game(VariantPtr v, TurnSets sets = TurnSets::kOne);

/// The error text of a refused move as the CLI prints it: "bad move (KIND): message" for
/// notation errors, else the message.
std::string submission_error_text(const std::exception& e);

}  // namespace arbiter::server
