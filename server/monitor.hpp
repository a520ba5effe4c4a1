// The monitor's games in memory, kept in step with the store: creating a game (table, knobs,
// tokens), telling which side a token opens, handing a submission to its game and storing it
// before saying so, and waking the pages that wait for a change. Safe to call from many threads:
// each game has its own lock.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
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
  /// Games kept in memory at most (least recently used ones leave it; a game someone waits on
  /// or is being served stays): the others load from the store when asked for. At least 1.
  std::size_t max_games_in_memory = kDefaultMaxGamesInMemory;
  static constexpr std::size_t kDefaultMaxGamesInMemory = 1000;
  /// A game's snapshot is stored again after this many turns (the view's "turn"), with the
  /// submission that ends one: loading it plays at most that many turns' submissions.
  int snapshot_every = 8;
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
  /// Counts the stored games; each loads when first asked for (and again after it left memory:
  /// options.max_games_in_memory). A game that no longer loads (its table changed meaning, a
  /// stored submission is refused) is unavailable: its requests answer GameUnavailableError with
  /// the reason, the others are served.
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

  /// Why each game in memory that could not be loaded is unavailable (in the order of the ids):
  /// the games found so far, since games load when asked for.
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

  /// The SVG board of game `id`'s resolved turn `turn` (the view's history entry `turn`, 1 for
  /// the first) as `viewer` sees it (Game::turn_board): nullopt when the game has no such
  /// entry or its protocol draws no board per entry. A resolved turn only: no sealed move.
  /// Throws GameUnavailableError.
  std::optional<std::string> turn_board(const std::string& id, int turn, Viewer viewer) const;

  /// Keeps game `id` in memory while the handle lives (an open event stream holds one, so its
  /// game's change log stays); empty when there is no such game.
  std::shared_ptr<const void> pin(const std::string& id) const;

  /// The number of games in memory now (at most max_games_in_memory, more only while more are
  /// in use at once).
  std::size_t in_memory() const;

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

  /// The number of games stored.
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
  /// Game `id` from memory, or loaded from the store into memory (nullptr: no such game).
  std::shared_ptr<Entry> find(const std::string& id) const;
  /// Game `id` from memory, or loaded from the store for this caller only (not kept).
  std::shared_ptr<Entry> find_passing(const std::string& id) const;
  /// A new entry of stored game `id` (nullptr: none), not yet in memory.
  std::shared_ptr<Entry> load_entry(const std::string& id) const;
  /// Drops the least recently used games nobody holds until at most max_games_in_memory are
  /// left (the caller holds load_mutex_).
  void evict() const;
  /// A new game of the stored game's table and sets mode, before any submission.
  std::unique_ptr<Game> build(const StoredGame& g, const VariantPtr& v) const;
  /// Loads `e` from `g` (its table, then its submissions); on failure marks `e` unavailable.
  void load(Entry& e, const StoredGame& g) const;
  /// The compiled table of `g` (its table and knobs); games of the same table and knobs in
  /// memory share one.
  VariantPtr variant_of(const StoredGame& g) const;
  /// Stores `s` as `e`'s next submission (e.count, then counted); on failure rebuilds `e` from
  /// what was stored and throws.
  void store(Entry& e, const std::string& id, const StoredSubmission& s) const;
  /// The reason of `side`'s draw claim in `e` now; throws SubmissionError when it fails.
  std::string claimed_draw(Entry& e, Color side) const;
  /// `e`'s snapshot: its game's (Game::snapshot) and the monitor's own state of it (actions,
  /// Idempotency-Keys, each side's last submission); nullopt in the middle of a turn.
  std::optional<std::string> snapshot_of(const Entry& e) const;
  /// Restores `e` (its game built, no submission yet) from `snapshot`; throws std::exception.
  void restore(Entry& e, const std::string& snapshot) const;
  /// From `at` on, `e`'s clocks run for the sides its game waits for (none once it ended).
  void run_clock(Entry& e, ClockMs at) const;
  /// Plays a stored time flag (action "time": a loss; "time-pass": the side's pass).
  void play_time_flag(Entry& e, const StoredSubmission& s) const;
  /// Plays and stores each side's time running out in `e` by now.
  void settle_clock(Entry& e, const std::string& id) const;
  /// The deadline `e`'s store row keeps (StoredGame::deadline): nullopt for a game without a
  /// clock (the row is not touched), else its next deadline (none once the game ended).
  std::optional<GameStore::Deadline> stored_deadline(const Entry& e) const;

  GameStore& store_;
  MonitorOptions options_;
  /// One load or eviction at a time, so that a game is never in memory twice.
  mutable std::mutex load_mutex_;
  /// The games out of memory whose clock runs: id -> its next deadline. Filled at start-up from
  /// the store and when a game is evicted; a game leaves it when loaded into memory. Guarded by
  /// load_mutex_. check_clocks() loads a game whose deadline passed, to settle it.
  mutable std::map<std::string, ClockMs> deadlines_;
  mutable std::shared_mutex games_mutex_;
  mutable std::map<std::string, std::shared_ptr<Entry>> games_;  ///< the games in memory
  mutable std::atomic<std::uint64_t> clock_{0};                  ///< ticks of use, for LRU
  std::atomic<std::size_t> stored_{0};                           ///< games stored
  mutable std::mutex variants_mutex_;
  mutable std::map<std::string, std::weak_ptr<const Variant>> variants_;
  mutable std::mutex stop_mutex_;
  bool stopping_ = false;
  std::unique_ptr<ClockTimer> timer_;  ///< last: stopped before the games go
};

}  // namespace arbiter::server
