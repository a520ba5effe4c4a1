// Resignation and draw offers (issue 38, item 6): what a player does beside the game's own
// submissions, played by the monitor the same way for every protocol. A resignation ends the
// game for the opponent; a draw offer stands for the turn it was made in, and the opponent's
// own "draw" in that turn accepts it. The actions are stored in order with the submissions and
// replayed with them.
#pragma once

#include <optional>
#include <string>

#include "present/core/json_writer.hpp"
#include "rules/core/geometry.hpp"
#include "server/organiser.hpp"
#include "server/snapshot_reader.hpp"

namespace arbiter::server {

/// The result and the reason of a game ended by its players.
struct AgreedEnding {
  std::string result;  ///< "1-0", "0-1", "1/2-1/2", or "*" (aborted by the organiser)
  std::string reason;  ///< "White resigned", "draw agreed", "aborted by the organiser", ...
};

class PlayerActions {
 public:
  /// Plays `side`'s `action` ("resign", "draw", or "claim": a draw claim the monitor found
  /// to hold, `text` its reason) in the game's turn `turn`; `over`: the game
  /// ended by its rules. Returns false for a draw offer that stands already (a retry: nothing
  /// to store). Throws SubmissionError when the action cannot be taken (an unknown action, the
  /// game over). The organiser's actions (server/organiser.hpp) are played here too, `side`
  /// unused: "abort" (the game ends without a result, "*") and "adjudicate" (`text`: the
  /// result, a space and the reason).
  bool apply(Color side, const std::string& action, int turn, bool over,
             const std::string& text = "");

  /// Whether the game was aborted by the organiser.
  bool aborted() const { return ending_ && ending_->result == "*"; }

  /// How the players ended the game, if they did.
  const std::optional<AgreedEnding>& ending() const { return ending_; }

  /// The side whose draw offer stands in turn `turn`, if any.
  std::optional<Color> draw_offer(int turn) const;

  /// The actions taken: they count in the game's public version.
  int count() const { return count_; }

  /// The actions' state as fields of an open JSON object (a game's snapshot), and read back
  /// from such an object (std::runtime_error when a field is missing).
  void write(present::JsonWriter& w) const;
  void read(const SnapshotReader& r);

 private:
  std::optional<AgreedEnding> ending_;
  std::optional<Color> offer_;
  int offer_turn_ = 0;
  int count_ = 0;
};

/// `view` (a game's JSON view) with the status of `ending`: over, its result and reason, and
/// no side waited for or able to submit.
std::string view_with_ending(const std::string& view, const AgreedEnding& ending);

/// `record` with its result "*" replaced by `ending`'s, the reason in a comment before it.
std::string record_with_ending(std::string record, const AgreedEnding& ending);

}  // namespace arbiter::server
