// The monitor's games in SQLite (write-ahead log): each game's table, knob choices, sets mode,
// tokens (their digests: server/tokens.hpp; the sides' and the spectator link's) and players'
// names, and every submission the game accepted, in order.
// A game is its submissions: the monitor rebuilds it after a restart by handing them to a new Game
// again (server/game.hpp).
#pragma once

#include <sqlite3.h>

#include <array>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/core/geometry.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "server/organiser.hpp"

namespace arbiter::server {

struct StoredSubmission {
  Color side = kWhite;
  std::string text;
  /// "" for a move handed to the game; else a player's action the monitor plays
  /// (server/player_actions.hpp: "resign", "draw"), `text` then empty.
  std::string action = {};
  /// The Idempotency-Key the client sent with it ("" when none).
  std::string key = {};
  /// When the monitor accepted it (server/clock.hpp's ClockMs; 0: stored before clocks).
  std::int64_t at_ms = 0;
};

struct StoredGame {
  std::string id;
  std::string variant;     ///< a bundled table's name, or the path the game was created with
  std::string table_text;  ///< a table read from a path: its TOML text then (empty: bundled)
  KnobSettings knobs;      ///< the choices made at creation
  std::string tokens[2];   ///< the digests (token_digest) of White's and Black's tokens
  std::string sets =
      "one";  ///< Diplomacy Chess: "progressive" or "simultaneously-progressive" sets
  /// The digest of the spectator link's token ("" for a game from before spectator links).
  std::string spectator_token;
  std::array<std::string, 2> names;  ///< the players' names given at creation ("" when none)
  EventTags tags;                    ///< Event, Site, Round: given at creation or by the organiser
  std::string clock;                 ///< ClockSettings::text() ("": no clock; server/clock.hpp)
  std::int64_t clock_start = 0;      ///< when the clocks started (ClockMs: the creation)
  /// The earliest moment a running clock runs out, as of the last submission or snapshot
  /// stored (ClockMs; nullopt: none runs). The monitor's index of games out of memory starts from
  /// it.
  std::optional<std::int64_t> deadline;
  /// The monitor's snapshot of the game after its first `snapshot_seq` submissions ("" when
  /// none): loading starts from it (docs/serve.md, "Memory"); it holds the clocks' state too.
  std::string snapshot;
  int snapshot_seq = 0;
  /// The submissions from number `first_seq` (0-based) on, in order.
  std::vector<StoredSubmission> submissions;
  int first_seq = 0;
};

class GameStore {
 public:
  /// Opens (or creates, mode 0600) the database at `path`; a database that holds tokens rather
  /// than their digests (written before they were hashed) has them replaced by their digests.
  /// Throws std::runtime_error naming the file.
  explicit GameStore(const std::string& path);
  ~GameStore();
  GameStore(const GameStore&) = delete;
  GameStore& operator=(const GameStore&) = delete;

  /// Stores a new game (its submissions are not read). Returns once committed.
  void add_game(const StoredGame& g);
  /// Appends submission number `seq` (0-based) of game `id`. Returns once committed; throws
  /// std::runtime_error when the commit failed. Submissions of other games handed in at the
  /// same time share one transaction (one fsync), so that many games do not queue behind each
  /// other's disk writes.
  /// `snapshot` (not ""): the game's snapshot after this submission, stored in the same
  /// transaction (its seq is `seq` + 1).
  /// `deadline` (not nullopt): the game's StoredGame::deadline after it (its inner nullopt:
  /// no clock runs any more), stored in the same transaction.
  using Deadline = std::optional<std::int64_t>;
  void add_submission(const std::string& id, int seq, const StoredSubmission& s,
                      const std::string& snapshot = "",
                      const std::optional<Deadline>& deadline = std::nullopt);
  /// Replaces game `id`'s snapshot with `snapshot`, taken after its first `seq` submissions
  /// (and its deadline, when given).
  void set_snapshot(const std::string& id, int seq, const std::string& snapshot,
                    const std::optional<Deadline>& deadline = std::nullopt);
  /// Replaces game `id`'s event tags. Returns once committed; throws std::runtime_error.
  void set_event_tags(const std::string& id, const EventTags& tags);
  /// Every game with its submissions, in the order they were created.
  std::vector<StoredGame> load_all();
  /// The number of games stored.
  std::size_t count_games();
  /// Each game's id and StoredGame::deadline, of the games whose clock runs (one query).
  std::vector<std::pair<std::string, std::int64_t>> deadlines();
  /// Every game's id, in the order they were created.
  std::vector<std::string> game_ids();
  /// Game `id` with its submissions; nullopt when there is none. `from_snapshot`: with its
  /// snapshot and the submissions after it only; else every submission and no snapshot.
  std::optional<StoredGame> load_game(const std::string& id, bool from_snapshot = false);

 private:
  struct QueuedSubmission {
    std::string id;
    int seq = 0;
    StoredSubmission s;
    std::string snapshot;
    std::optional<Deadline> deadline;
  };

  void exec(const char* sql);
  /// The games (and their submissions) that `where` selects ("" for all), `id` bound as ?1.
  std::vector<StoredGame> load_where(const char* where, const std::string& id,
                                     bool from_snapshot = false);
  void add_later_columns();
  void hash_plain_tokens();
  /// Writes `batch` in one transaction; the error text, or "" when it was committed.
  std::string write_batch(const std::vector<QueuedSubmission>& batch);
  /// Waits (holding `lock`) until no batch is being written, and marks the connection busy.
  void take_connection(std::unique_lock<std::mutex>& lock);
  void release_connection(std::unique_lock<std::mutex>& lock);

  sqlite3* db_ = nullptr;
  sqlite3_stmt* insert_submission_ = nullptr;
  std::mutex mutex_;  ///< guards everything below, and the connection when not `busy_`
  std::condition_variable written_;
  bool busy_ = false;  ///< a thread uses the connection without holding mutex_
  std::vector<QueuedSubmission> queue_;
  std::uint64_t issued_ = 0;  ///< tickets handed out, one per queued submission (in order)
  std::uint64_t done_ = 0;    ///< tickets whose batch has been written (or failed)
  std::map<std::uint64_t, std::string> failures_;  ///< ticket -> why its batch failed
};

}  // namespace arbiter::server
