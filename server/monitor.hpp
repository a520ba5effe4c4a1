// The monitor's games in memory, kept in step with the store: creating a game (table, knobs,
// tokens), telling which side a token opens, handing a submission to its game and storing it
// before saying so, and waking the pages that wait for a change. Safe to call from many threads:
// each game has its own lock.
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/registry/rule_knobs.hpp"
#include "server/clock.hpp"
#include "server/clock_timer.hpp"
#include "server/draw_claims.hpp"
#include "server/game.hpp"
#include "server/game_store.hpp"
#include "server/player_names.hpp"

namespace arbiter::server {

/// A game the request cannot create (HTTP 422): an unknown table, a path outside --tables, a
/// knob or alternative the table does not have. The message is the CLI's.
class GameSetupError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A stored game that cannot be played or shown (HTTP 409): its table no longer loads, a stored
/// submission is no longer accepted, or its view cannot be written. The game's other requests
/// answer the same; every other game is served as before.
class GameUnavailableError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct MonitorOptions {
  /// Tables may be read from .toml files in this folder (and below); empty: bundled tables only.
  std::string tables_dir;
  /// The tables a draw claim is heard in (server/draw_claims.hpp).
  DrawClaims draw_claims = DrawClaims::kTurnBased;
  /// The clocks' time (server/clock.hpp); empty: the system's. Tests advance their own.
  ClockSource now = {};
  /// The clock timer looks at the clocks at least this often while one runs.
  std::chrono::milliseconds clock_poll{1000};
};

struct CreatedGame {
  std::string id;
  std::string tokens[2];
  std::string spectator_token;  ///< opens the game's views, events and record, not its moves
};

/// kUnavailable: the token is right but the game cannot be loaded (unavailable_reason says why).
enum class Access { kGranted, kNoGame, kBadToken, kUnavailable };

class Monitor {
 public:
  /// Loads every stored game and replays its submissions. A game that no longer loads (its table
  /// changed meaning, a stored submission is refused) is kept as unavailable: its requests
  /// answer GameUnavailableError with the reason, the others are served.
  Monitor(GameStore& store, MonitorOptions options);
  ~Monitor();

  /// A new game of the bundled table or .toml path `variant` with `knobs` and `sets` ("one",
  /// "progressive" or "simultaneously-progressive": Diplomacy Chess only) and the players'
  /// `names`, stored before it returns. The tokens (the sides' and the spectator link's) are
  /// returned here only: the store keeps their digests. Throws GameSetupError.
  CreatedGame create(const std::string& variant, const KnobSettings& knobs,
                     const std::string& sets = "one", const PlayerNames& names = {},
                     const EventTags& tags = {}, const ClockRequest& clock = {});

  /// Whether game `id` exists and whom `token` opens it to (`*viewer`: a side, or a spectator
  /// for the game's spectator link), or that the game is unavailable (only a token of the game
  /// learns that).
  Access authorize(const std::string& id, const std::string& token, Viewer* viewer) const;

  /// Whether game `id` exists (available or not).
  bool exists(const std::string& id) const;

  /// Why game `id` is unavailable ("" when it is available or does not exist).
  std::string unavailable_reason(const std::string& id) const;

  /// Why each stored game that could not be loaded is unavailable (in the order of the ids).
  std::vector<std::string> unavailable_games() const;

  /// The game as `viewer` sees it: one JSON object (server/game.hpp), with "id", "variant",
  /// "knobs", "sets", "side" ("white", "black" or "spectator") and "players" first. Requires
  /// an existing game. Throws GameUnavailableError.
  std::string view(const std::string& id, Viewer viewer) const;

  /// Hands `side`'s submission to the game and stores it; returns once it is committed. `turn`:
  /// the turn the client meant it for (the view's "turn"), checked first. The same text as
  /// `side`'s last submission, while the game has not moved on since, is a retry: nothing is
  /// stored again and false is returned (true: stored). Throws TurnError (another turn),
  /// SubmissionError (nothing stored), GameUnavailableError, or std::runtime_error (the store
  /// failed: the game is rebuilt from what was stored).
  /// `key`: the request's Idempotency-Key ("" when none; checked_idempotency_key), stored with
  /// the submission: a key already used is the same request again: false (nothing stored)
  /// while its turn is open, TurnError with that turn once it resolved, and SubmissionError
  /// for another side or text under the same key.
  bool submit(const std::string& id, Color side, const std::string& text,
              std::optional<int> turn = std::nullopt, const std::string& key = "");

  /// `side`'s action in game `id`: "resign" (the game ends, the opponent wins), "draw" (an
  /// offer for the game's current turn, or the acceptance of the opponent's: the game ends
  /// drawn) or "claim" (a draw by threefold repetition or the fifty-move rule, when it holds
  /// and --draw-claims hears it in the game's table: server/draw_claims.hpp; else
  /// SubmissionError saying why), stored before it returns. False for an offer that stands already
  /// (nothing stored). Throws SubmissionError (an unknown action, the game over),
  /// GameUnavailableError, or std::runtime_error (the store failed).
  bool act(const std::string& id, Color side, const std::string& action);

  /// The organiser's `action` in game `id` (server/organiser.hpp): "abort" (no result, "*") or
  /// "adjudicate" (`adjudication`'s result and reason), stored before it returns and shown in
  /// every view and the record. Throws SubmissionError (the game over already),
  /// GameUnavailableError, or std::runtime_error (the store failed).
  void organise(const std::string& id, const std::string& action,
                const Adjudication& adjudication = {});

  /// Replaces game `id`'s Event, Site and Round tags; stored before it returns.
  void set_event_tags(const std::string& id, const EventTags& tags);

  /// Game `id`'s event tags as they stand.
  EventTags event_tags(const std::string& id) const;

  /// Every game for the organiser, in the order they were created: a JSON array of objects
  /// {"id", "variant", "players": {"white", "black"}, "event", "site", "round", "turn",
  /// "status": "playing", "over", "aborted" or "unavailable", "result", "reason"} (no token,
  /// nothing sealed).
  std::string organiser_list() const;

  /// Every available game's record in one PGN file, in the order they were created, each
  /// with the tags Event, Site, Round, White, Black, Result and its Variant tag, then the
  /// comment naming `arbiter replay`'s options for it; `arbiter replay` reads it game by game.
  std::string export_pgn() const;

  /// The game's record as `arbiter replay` reads it, with the players' names as its White and
  /// Black tags. Throws GameUnavailableError.
  std::string record(const std::string& id) const;

  /// Waits until game `id`'s public version differs from `seen`, at most `timeout`; returns the
  /// version, or nullopt once stop() was called or when the game is unavailable.
  std::optional<int> wait_for_change(const std::string& id, int seen,
                                     std::chrono::milliseconds timeout) const;

  /// The public versions game `id` went through after version `since`, oldest first, while
  /// the monitor keeps them (server/version_log.hpp); nullopt when it does not (a gap longer
  /// than it keeps, a version from before a restart or never the game's, an unavailable game).
  std::optional<std::vector<int>> versions_after(const std::string& id, int since) const;

  /// Wakes every waiter for good (the server is shutting down).
  void stop();

  /// The number of games.
  std::size_t size() const;

  /// Settles every clock whose time ran out (the side loses, or passes: its out-of-time knob),
  /// storing it as a submission would be; returns the earliest deadline still ahead. The clock
  /// timer calls it at each deadline; each request to a game settles that game's clock first.
  std::optional<ClockMs> check_clocks();

  /// Whether game `id` as stored loads again into what is in memory: its stored submissions,
  /// handed to a new game of its table, give both sides the same view. "" when they do, else
  /// what differs. A self-check for the fuzz target and the tests; it reads the store.
  std::string check_stored(const std::string& id) const;

 private:
  struct Entry;
  std::shared_ptr<Entry> find(const std::string& id) const;
  /// A new game of the stored game's table and sets mode, before any submission.
  std::unique_ptr<Game> build(const StoredGame& g, const VariantPtr& v) const;
  /// Loads `e` from `g` (its table, then its submissions); on failure marks `e` unavailable.
  void load(Entry& e, const StoredGame& g) const;
  VariantPtr variant_of(const StoredGame& g) const;
  /// Stores `s` as `e`'s next submission (e.count, then counted); on failure rebuilds `e` from
  /// what was stored and throws.
  void store(Entry& e, const std::string& id, const StoredSubmission& s) const;
  /// The reason of `side`'s draw claim in `e` now; throws SubmissionError when it fails.
  std::string claimed_draw(const Entry& e, Color side) const;
  /// From `at` on, `e`'s clocks run for the sides its game waits for (none once it ended).
  void run_clock(Entry& e, ClockMs at) const;
  /// Plays a stored time flag (action "time": a loss; "time-pass": the side's pass).
  void play_time_flag(Entry& e, const StoredSubmission& s) const;
  /// Plays and stores each side's time running out in `e` by now.
  void settle_clock(Entry& e, const std::string& id) const;

  GameStore& store_;
  MonitorOptions options_;
  mutable std::shared_mutex games_mutex_;
  std::map<std::string, std::shared_ptr<Entry>> games_;
  mutable std::mutex stop_mutex_;
  bool stopping_ = false;
  std::unique_ptr<ClockTimer> timer_;  ///< last: stopped before the games go
};

}  // namespace arbiter::server
