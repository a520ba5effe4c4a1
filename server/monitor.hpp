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

#include "rules/registry/rule_knobs.hpp"
#include "server/game.hpp"
#include "server/game_store.hpp"

namespace arbiter::server {

/// A game the request cannot create (HTTP 422): an unknown table, a path outside --tables, a
/// knob or alternative the table does not have. The message is the CLI's.
class GameSetupError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct MonitorOptions {
  /// Tables may be read from .toml files in this folder (and below); empty: bundled tables only.
  std::string tables_dir;
};

struct CreatedGame {
  std::string id;
  std::string tokens[2];
};

enum class Access { kGranted, kNoGame, kBadToken };

class Monitor {
 public:
  /// Loads every stored game and replays its submissions. Throws std::runtime_error when a
  /// stored game no longer replays (its table file changed meaning, say).
  Monitor(GameStore& store, MonitorOptions options);
  ~Monitor();

  /// A new game of the bundled table or .toml path `variant` with `knobs` and `sets` ("one",
  /// "progressive" or "simultaneously-progressive": Diplomacy Chess only), stored before it
  /// returns. Throws GameSetupError.
  CreatedGame create(const std::string& variant, const KnobSettings& knobs,
                     const std::string& sets = "one");

  /// Whether game `id` exists and which side `token` opens in it (`*side`).
  Access authorize(const std::string& id, const std::string& token, Color* side) const;

  /// The game as `side` sees it: one JSON object (server/game.hpp), with "id", "variant",
  /// "knobs", "sets" and "side" first. Requires an existing game.
  std::string view(const std::string& id, Color side) const;

  /// Hands `side`'s submission to the game and stores it; returns once it is committed. Throws
  /// SubmissionError (nothing stored) or std::runtime_error (the store failed: the game is
  /// rebuilt from what was stored).
  void submit(const std::string& id, Color side, const std::string& text);

  /// The game's record as `arbiter replay` reads it.
  std::string record(const std::string& id) const;

  /// Waits until game `id`'s public version differs from `seen`, at most `timeout`; returns the
  /// version, or nullopt once stop() was called.
  std::optional<int> wait_for_change(const std::string& id, int seen,
                                     std::chrono::milliseconds timeout) const;

  /// Wakes every waiter for good (the server is shutting down).
  void stop();

  /// The number of games.
  std::size_t size() const;

 private:
  struct Entry;
  std::shared_ptr<Entry> find(const std::string& id) const;
  /// A new game of the stored game's table and sets mode, before any submission.
  std::unique_ptr<Game> build(const StoredGame& g, const VariantPtr& v) const;
  VariantPtr variant_of(const StoredGame& g) const;

  GameStore& store_;
  MonitorOptions options_;
  mutable std::shared_mutex games_mutex_;
  std::map<std::string, std::shared_ptr<Entry>> games_;
  mutable std::mutex stop_mutex_;
  bool stopping_ = false;
};

}  // namespace arbiter::server
