#include "server/game_store.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <unistd.h>

#include <map>
#include <stdexcept>
#include <tuple>

#include "server/tokens.hpp"

namespace arbiter::server {
namespace {

// synchronous=FULL: a commit is on disk (fsync of the log) before the server answers, so
// neither kill -9 nor a power cut loses an acknowledged submission. locking_mode=EXCLUSIVE: one
// server per file (two would each hold their own copy of the games); the lock dies with the
// process, also under kill -9.
constexpr const char* kGameStoreSchema = R"sql(
PRAGMA locking_mode = EXCLUSIVE;
PRAGMA journal_mode = WAL;
PRAGMA synchronous = FULL;
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  variant TEXT NOT NULL,
  table_text TEXT NOT NULL,
  knobs TEXT NOT NULL,
  white_token TEXT NOT NULL,
  black_token TEXT NOT NULL,
  created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS submissions (
  game TEXT NOT NULL REFERENCES games (id),
  seq INTEGER NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('white', 'black')),
  text TEXT NOT NULL,
  PRIMARY KEY (game, seq)
);
)sql";

/// Knob choices as stored: "name=alternative" lines.
std::string knobs_text(const KnobSettings& knobs) {
  std::string out;
  for (const auto& [name, alt] : knobs) out += name + '=' + alt + '\n';
  return out;
}

KnobSettings knobs_of(const std::string& text) {
  KnobSettings out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    const std::size_t eq = line.find('=');
    if (eq != std::string::npos) out[line.substr(0, eq)] = line.substr(eq + 1);
    start = end + 1;
  }
  return out;
}

/// A prepared statement for one call.
class StoreStatement {
 public:
  StoreStatement(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &s_, nullptr) != SQLITE_OK)
      throw std::runtime_error(std::string("sqlite: ") + sqlite3_errmsg(db));
  }
  ~StoreStatement() { sqlite3_finalize(s_); }
  StoreStatement(const StoreStatement&) = delete;
  StoreStatement& operator=(const StoreStatement&) = delete;
  void bind(int i, const std::string& text) {
    sqlite3_bind_text(s_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  }
  void bind(int i, int value) { sqlite3_bind_int(s_, i, value); }
  void bind_int(int i, std::int64_t value) { sqlite3_bind_int64(s_, i, value); }
  /// `value`, or NULL when there is none.
  void bind_int(int i, const std::optional<std::int64_t>& value) {
    if (value)
      sqlite3_bind_int64(s_, i, *value);
    else
      sqlite3_bind_null(s_, i);
  }
  bool null(int column) const { return sqlite3_column_type(s_, column) == SQLITE_NULL; }
  bool step() {
    const int rc = sqlite3_step(s_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw std::runtime_error(std::string("sqlite: ") + sqlite3_errmsg(db_));
  }
  std::int64_t integer(int column) const { return sqlite3_column_int64(s_, column); }
  std::string text(int column) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(s_, column));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(s_, column)))
             : std::string();
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* s_ = nullptr;
};

}  // namespace

GameStore::GameStore(const std::string& path) {
  // Created 0600 before SQLite sees it (SQLite would create it 0644 under the usual umask): it
  // holds every game's sealed moves. SQLite gives its -wal file the same mode. An existing
  // file keeps the mode its owner gave it.
  if (const int fd = ::open(path.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600); fd >= 0)
    ::close(fd);
  if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) {
    const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw std::runtime_error(fmt::format("cannot open the game database {}: {}", path, why));
  }
  sqlite3_busy_timeout(db_, 1000);
  try {
    exec(kGameStoreSchema);
    add_later_columns();
    hash_plain_tokens();
    // The exclusive lock is taken at the first read: take it now, so that a second server
    // fails here rather than at its first request.
    exec("SELECT count(*) FROM games");
  } catch (const std::exception& e) {
    const bool busy = sqlite3_errcode(db_) == SQLITE_BUSY || sqlite3_errcode(db_) == SQLITE_LOCKED;
    sqlite3_close(db_);
    if (busy)
      throw std::runtime_error(fmt::format(
          "the game database {} is in use by another process (another arbiter serve?)", path));
    throw std::runtime_error(fmt::format("{} is not a game database: {}", path, e.what()));
  }
  if (sqlite3_prepare_v2(
          db_,
          "INSERT INTO submissions (game, seq, side, text, action, idempotency_key, at_ms) VALUES "
          "(?1, ?2, ?3, ?4, ?5, ?6, ?7)",
          -1, &insert_submission_, nullptr) != SQLITE_OK) {
    const std::string why = sqlite3_errmsg(db_);
    sqlite3_close(db_);
    throw std::runtime_error("sqlite: " + why);
  }
}

GameStore::~GameStore() {
  sqlite3_finalize(insert_submission_);
  sqlite3_close(db_);
}

// Columns added after the first release: a database written before one gets it with its
// default, so its games still open (all of one move per side, no spectator link, no names).
void GameStore::add_later_columns() {
  struct Column {
    const char *table, *name, *declaration;
  };
  static constexpr Column kLater[] = {
      {"games", "sets", "TEXT NOT NULL DEFAULT 'one'"},
      {"games", "spectator_token", "TEXT NOT NULL DEFAULT ''"},
      {"games", "white_name", "TEXT NOT NULL DEFAULT ''"},
      {"games", "black_name", "TEXT NOT NULL DEFAULT ''"},
      {"games", "event_name", "TEXT NOT NULL DEFAULT ''"},
      {"games", "event_site", "TEXT NOT NULL DEFAULT ''"},
      {"games", "event_round", "TEXT NOT NULL DEFAULT ''"},
      {"games", "snapshot", "TEXT NOT NULL DEFAULT ''"},
      {"games", "snapshot_seq", "INTEGER NOT NULL DEFAULT 0"},
      {"submissions", "action", "TEXT NOT NULL DEFAULT ''"},
      {"submissions", "idempotency_key", "TEXT NOT NULL DEFAULT ''"},
      {"games", "clock", "TEXT NOT NULL DEFAULT ''"},
      {"games", "clock_start", "INTEGER NOT NULL DEFAULT 0"},
      {"submissions", "at_ms", "INTEGER NOT NULL DEFAULT 0"},
      {"games", "deadline", "INTEGER"},  // NULL: no clock runs
  };
  for (const Column& c : kLater) {
    StoreStatement has(db_, "SELECT count(*) FROM pragma_table_info(?1) WHERE name = ?2");
    has.bind(1, c.table);
    has.bind(2, c.name);
    if (has.step() && has.text(0) == "0")
      exec(fmt::format("ALTER TABLE {} ADD COLUMN {} {}", c.table, c.name, c.declaration).c_str());
  }
}

// Before the tokens were hashed the games table held them as they are: replace each by its
// digest once, in one transaction, so the links handed out before still open their games.
void GameStore::hash_plain_tokens() {
  std::vector<std::tuple<std::string, std::string, std::string>> plain;
  {
    StoreStatement q(db_, "SELECT id, white_token, black_token FROM games");
    while (q.step())
      if (!is_token_digest(q.text(1)) || !is_token_digest(q.text(2)))
        plain.emplace_back(q.text(0), q.text(1), q.text(2));
  }
  if (plain.empty()) return;
  exec("BEGIN IMMEDIATE");
  try {
    for (const auto& [id, white, black] : plain) {
      StoreStatement u(db_, "UPDATE games SET white_token = ?1, black_token = ?2 WHERE id = ?3");
      u.bind(1, is_token_digest(white) ? white : token_digest(white));
      u.bind(2, is_token_digest(black) ? black : token_digest(black));
      u.bind(3, id);
      u.step();
    }
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

void GameStore::exec(const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    const std::string why = err ? err : "unknown error";
    sqlite3_free(err);
    throw std::runtime_error("sqlite: " + why);
  }
}

void GameStore::take_connection(std::unique_lock<std::mutex>& lock) {
  written_.wait(lock, [this] { return !busy_; });
  busy_ = true;
}

void GameStore::release_connection(std::unique_lock<std::mutex>& lock) {
  (void)lock;  // held by the caller
  busy_ = false;
  written_.notify_all();
}

void GameStore::add_game(const StoredGame& g) {
  std::unique_lock lock(mutex_);
  take_connection(lock);
  try {
    StoreStatement s(
        db_,
        "INSERT INTO games (id, variant, table_text, knobs, white_token, black_token, "
        "sets, spectator_token, white_name, black_name, event_name, event_site, "
        "event_round, clock, clock_start, deadline, created) VALUES (?1, ?2, ?3, ?4, ?5, "
        "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, (SELECT count(*) FROM games))");
    s.bind(1, g.id);
    s.bind(2, g.variant);
    s.bind(3, g.table_text);
    s.bind(4, knobs_text(g.knobs));
    s.bind(5, g.tokens[kWhite]);
    s.bind(6, g.tokens[kBlack]);
    s.bind(7, g.sets);
    s.bind(8, g.spectator_token);
    s.bind(9, g.names[kWhite]);
    s.bind(10, g.names[kBlack]);
    s.bind(11, g.tags.event);
    s.bind(12, g.tags.site);
    s.bind(13, g.tags.round);
    s.bind(14, g.clock);
    s.bind_int(15, g.clock_start);
    s.bind_int(16, g.deadline);
    s.step();
  } catch (...) {
    release_connection(lock);
    throw;
  }
  release_connection(lock);
}

void GameStore::set_event_tags(const std::string& id, const EventTags& tags) {
  std::unique_lock lock(mutex_);
  take_connection(lock);
  try {
    StoreStatement s(
        db_, "UPDATE games SET event_name = ?1, event_site = ?2, event_round = ?3 WHERE id = ?4");
    s.bind(1, tags.event);
    s.bind(2, tags.site);
    s.bind(3, tags.round);
    s.bind(4, id);
    s.step();
  } catch (...) {
    release_connection(lock);
    throw;
  }
  release_connection(lock);
}

std::string GameStore::write_batch(const std::vector<QueuedSubmission>& batch) {
  try {
    exec("BEGIN IMMEDIATE");
    for (const QueuedSubmission& q : batch) {
      const char* side = q.s.side == kWhite ? "white" : "black";
      sqlite3_reset(insert_submission_);
      sqlite3_bind_text(insert_submission_, 1, q.id.data(), static_cast<int>(q.id.size()),
                        SQLITE_TRANSIENT);
      sqlite3_bind_int(insert_submission_, 2, q.seq);
      sqlite3_bind_text(insert_submission_, 3, side, -1, SQLITE_STATIC);
      sqlite3_bind_text(insert_submission_, 4, q.s.text.data(), static_cast<int>(q.s.text.size()),
                        SQLITE_TRANSIENT);
      sqlite3_bind_text(insert_submission_, 5, q.s.action.data(),
                        static_cast<int>(q.s.action.size()), SQLITE_TRANSIENT);
      sqlite3_bind_text(insert_submission_, 6, q.s.key.data(), static_cast<int>(q.s.key.size()),
                        SQLITE_TRANSIENT);
      sqlite3_bind_int64(insert_submission_, 7, q.s.at_ms);
      if (sqlite3_step(insert_submission_) != SQLITE_DONE)
        throw std::runtime_error(std::string("sqlite: ") + sqlite3_errmsg(db_));
      sqlite3_reset(insert_submission_);
      if (!q.snapshot.empty()) {
        StoreStatement u(db_, "UPDATE games SET snapshot = ?1, snapshot_seq = ?2 WHERE id = ?3");
        u.bind(1, q.snapshot);
        u.bind(2, q.seq + 1);
        u.bind(3, q.id);
        u.step();
      }
      if (q.deadline) {
        StoreStatement u(db_, "UPDATE games SET deadline = ?1 WHERE id = ?2");
        u.bind_int(1, *q.deadline);
        u.bind(2, q.id);
        u.step();
      }
    }
    exec("COMMIT");
    return "";
  } catch (const std::exception& e) {
    sqlite3_reset(insert_submission_);
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    return e.what();
  }
}

void GameStore::set_snapshot(const std::string& id, int seq, const std::string& snapshot,
                             const std::optional<Deadline>& deadline) {
  std::unique_lock lock(mutex_);
  take_connection(lock);
  try {
    StoreStatement u(db_, deadline ? "UPDATE games SET snapshot = ?1, snapshot_seq = ?2, "
                                     "deadline = ?4 WHERE id = ?3"
                                   : "UPDATE games SET snapshot = ?1, snapshot_seq = ?2 WHERE "
                                     "id = ?3");
    u.bind(1, snapshot);
    u.bind(2, seq);
    u.bind(3, id);
    if (deadline) u.bind_int(4, *deadline);
    u.step();
  } catch (...) {
    release_connection(lock);
    throw;
  }
  release_connection(lock);
}

void GameStore::add_submission(const std::string& id, int seq, const StoredSubmission& sub,
                               const std::string& snapshot,
                               const std::optional<Deadline>& deadline) {
  std::unique_lock lock(mutex_);
  queue_.push_back({id, seq, sub, snapshot, deadline});
  const std::uint64_t ticket = issued_++;
  // Group commit: whoever finds the connection free writes everything queued so far, the
  // others wait for the batch that holds their ticket.
  while (done_ <= ticket) {
    if (busy_) {
      written_.wait(lock);
      continue;
    }
    busy_ = true;
    std::vector<QueuedSubmission> batch = std::move(queue_);
    queue_.clear();
    lock.unlock();
    const std::string error = write_batch(batch);
    lock.lock();
    if (!error.empty())
      for (std::uint64_t t = done_; t < done_ + batch.size(); ++t) failures_[t] = error;
    done_ += batch.size();
    release_connection(lock);
  }
  if (const auto it = failures_.find(ticket); it != failures_.end()) {
    const std::string why = it->second;
    failures_.erase(it);
    throw std::runtime_error(why);
  }
}

std::vector<StoredGame> GameStore::load_all() {
  return load_where("", "");
}

std::size_t GameStore::count_games() {
  std::unique_lock lock(mutex_);
  take_connection(lock);
  std::size_t n = 0;
  try {
    StoreStatement q(db_, "SELECT count(*) FROM games");
    if (q.step()) n = std::stoul(q.text(0));
  } catch (...) {
    release_connection(lock);
    throw;
  }
  release_connection(lock);
  return n;
}

std::vector<std::string> GameStore::game_ids() {
  std::unique_lock lock(mutex_);
  take_connection(lock);
  std::vector<std::string> ids;
  try {
    StoreStatement q(db_, "SELECT id FROM games ORDER BY created");
    while (q.step()) ids.push_back(q.text(0));
  } catch (...) {
    release_connection(lock);
    throw;
  }
  release_connection(lock);
  return ids;
}

std::vector<std::pair<std::string, std::int64_t>> GameStore::deadlines() {
  std::unique_lock lock(mutex_);
  take_connection(lock);
  std::vector<std::pair<std::string, std::int64_t>> out;
  try {
    StoreStatement q(db_, "SELECT id, deadline FROM games WHERE deadline IS NOT NULL");
    while (q.step()) out.emplace_back(q.text(0), q.integer(1));
  } catch (...) {
    release_connection(lock);
    throw;
  }
  release_connection(lock);
  return out;
}

std::optional<StoredGame> GameStore::load_game(const std::string& id, bool from_snapshot) {
  std::vector<StoredGame> one = load_where("WHERE id = ?1", id, from_snapshot);
  if (one.empty()) return std::nullopt;
  return std::move(one.front());
}

std::vector<StoredGame> GameStore::load_where(const char* where, const std::string& id,
                                              bool from_snapshot) {
  std::unique_lock lock(mutex_);
  take_connection(lock);
  std::vector<StoredGame> games;
  try {
    std::map<std::string, std::size_t> index;
    StoreStatement g(db_,
                     fmt::format("SELECT id, variant, table_text, knobs, white_token, "
                                 "black_token, sets, spectator_token, white_name, black_name, "
                                 "event_name, event_site, event_round, snapshot, snapshot_seq, "
                                 "clock, clock_start, deadline FROM games {} ORDER BY created",
                                 where)
                         .c_str());
    if (*where) g.bind(1, id);
    while (g.step()) {
      StoredGame s;
      s.id = g.text(0);
      s.variant = g.text(1);
      s.table_text = g.text(2);
      s.knobs = knobs_of(g.text(3));
      s.tokens[kWhite] = g.text(4);
      s.tokens[kBlack] = g.text(5);
      s.sets = g.text(6);
      s.spectator_token = g.text(7);
      s.names[kWhite] = g.text(8);
      s.names[kBlack] = g.text(9);
      s.tags = {g.text(10), g.text(11), g.text(12)};
      if (from_snapshot && !g.text(13).empty()) {
        s.snapshot = g.text(13);
        s.snapshot_seq = s.first_seq = std::stoi(g.text(14));
      }
      s.clock = g.text(15);
      s.clock_start = g.integer(16);
      if (!g.null(17)) s.deadline = g.integer(17);
      index[s.id] = games.size();
      games.push_back(std::move(s));
    }
    StoreStatement m(
        db_,
        fmt::format("SELECT game, side, text, action, idempotency_key, at_ms FROM submissions {} "
                    "ORDER BY game, seq",
                    *where ? "WHERE game = ?1 AND seq >= ?2" : "")
            .c_str());
    if (*where) {
      m.bind(1, id);
      m.bind(2, games.empty() ? 0 : games.front().first_seq);
    }
    while (m.step()) {
      const auto it = index.find(m.text(0));
      if (it == index.end()) continue;
      games[it->second].submissions.push_back(
          {m.text(1) == "white" ? kWhite : kBlack, m.text(2), m.text(3), m.text(4), m.integer(5)});
    }
  } catch (...) {
    release_connection(lock);
    throw;
  }
  release_connection(lock);
  return games;
}

}  // namespace arbiter::server
