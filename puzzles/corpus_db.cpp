// The SQLite corpus (see corpus_db.hpp).
#include "puzzles/corpus_db.hpp"

#include <sqlite3.h>

#include <array>
#include <chrono>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace arbiter::puzzles {
namespace {

/// How long a connection waits for another's write lock before it fails (SQLITE_BUSY): the
/// shards writing one database wait for each other's commits, each a few milliseconds.
constexpr int kBusyTimeoutMs = 30000;

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS problems (
  id          INTEGER PRIMARY KEY,
  variant     TEXT    NOT NULL,
  stipulation TEXT    NOT NULL,
  fen         TEXT    NOT NULL,
  canonical   TEXT    NOT NULL,
  key_move    TEXT    NOT NULL,
  threats     TEXT    NOT NULL DEFAULT '',
  nodes       INTEGER NOT NULL DEFAULT 0,
  seed        INTEGER NOT NULL,
  shard       INTEGER NOT NULL,
  shards      INTEGER NOT NULL,
  source      TEXT    NOT NULL,
  candidate   INTEGER NOT NULL,
  created     TEXT    NOT NULL DEFAULT (datetime('now')),
  UNIQUE (variant, canonical)
);
CREATE TABLE IF NOT EXISTS cursors (
  variant        TEXT    NOT NULL,
  stipulation    TEXT    NOT NULL,
  seed           INTEGER NOT NULL,
  shard          INTEGER NOT NULL,
  shards         INTEGER NOT NULL,
  source         TEXT    NOT NULL,
  next_candidate INTEGER NOT NULL,
  PRIMARY KEY (variant, stipulation, seed, shard, shards, source)
);
)sql";

/// The grade columns, added to `problems` by migration (so that an older file opens too), in
/// the order write_grade binds them from ?13 and read_grade reads them from column 13.
constexpr std::array<std::pair<const char*, const char*>, 18> kGradeColumns{{
    {"legal", "INTEGER"},
    {"illegal", "TEXT"},
    {"key_kind", "TEXT"},
    {"flights", "INTEGER"},
    {"flights_after_key", "INTEGER"},
    {"threat_count", "INTEGER"},
    {"defences", "INTEGER"},
    {"duals", "INTEGER"},
    {"dual_moves", "INTEGER"},
    {"tries", "INTEGER"},
    {"distinct_mates", "INTEGER"},
    {"model_mates", "INTEGER"},
    {"surplus", "TEXT"},
    {"men", "INTEGER"},
    {"score", "INTEGER"},
    {"variations", "INTEGER"},
    {"promoted", "INTEGER"},
    {"force", "INTEGER"},
}};

/// ", legal, illegal, ..." of the grade columns.
std::string grade_column_list() {
  std::string out;
  for (const auto& column : kGradeColumns) out += std::string(", ") + column.first;
  return out;
}

/// ", ?13, ?14, ..." for the grade columns.
std::string grade_parameters() {
  std::string out;
  for (std::size_t i = 0; i < kGradeColumns.size(); ++i) out += ", ?" + std::to_string(13 + i);
  return out;
}

/// A prepared statement finalized on scope exit.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &s_, nullptr) != SQLITE_OK)
      throw std::runtime_error(std::string("sqlite: ") + sqlite3_errmsg(db));
  }
  Statement(sqlite3* db, const std::string& sql) : Statement(db, sql.c_str()) {}
  ~Statement() { sqlite3_finalize(s_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  Statement& bind(int i, const std::string& v) {
    sqlite3_bind_text(s_, i, v.c_str(), -1, SQLITE_TRANSIENT);
    return *this;
  }
  Statement& bind(int i, std::int64_t v) {
    sqlite3_bind_int64(s_, i, v);
    return *this;
  }
  /// True while a row is available.
  bool step() {
    const int rc = sqlite3_step(s_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw std::runtime_error(std::string("sqlite: ") + sqlite3_errmsg(db_));
  }
  Statement& bind_null(int i) {
    sqlite3_bind_null(s_, i);
    return *this;
  }
  std::int64_t integer(int col) const { return sqlite3_column_int64(s_, col); }
  bool null(int col) const { return sqlite3_column_type(s_, col) == SQLITE_NULL; }
  std::string text(int col) const {
    const auto* t = sqlite3_column_text(s_, col);
    return t ? reinterpret_cast<const char*>(t) : "";
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* s_ = nullptr;
};

std::string join_words(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

KeyKind key_kind_named(const std::string& text) {
  for (KeyKind k : {KeyKind::kCheck, KeyKind::kCapture, KeyKind::kFlightTaking,
                    KeyKind::kFlightGiving, KeyKind::kQuiet})
    if (to_string(k) == text) return k;
  return KeyKind::kNone;
}

/// Binds the grade columns from parameter `first` on (NULLs when there is no grade).
void bind_grade(Statement& s, int first, const std::optional<Grade>& g) {
  if (!g) {
    for (std::size_t i = 0; i < kGradeColumns.size(); ++i) s.bind_null(first + static_cast<int>(i));
    return;
  }
  s.bind(first, std::int64_t{g->legal});
  s.bind(first + 1, g->illegal);
  s.bind(first + 2, to_string(g->key_kind));
  int i = first + 3;
  for (int n : {g->flights, g->flights_after_key, g->threats, g->defences, g->duals, g->dual_moves,
                g->tries, g->distinct_mates, g->model_mates})
    s.bind(i++, std::int64_t{n});
  s.bind(i, join_words(g->surplus));
  s.bind(i + 1, std::int64_t{g->men});
  s.bind(i + 2, std::int64_t{g->score});
  s.bind(i + 3, std::int64_t{g->variations});
  s.bind(i + 4, std::int64_t{g->promoted});
  s.bind(i + 5, std::int64_t{g->force});
}

/// The grade in the columns from `first` on, or nothing when the row was never graded.
std::optional<Grade> read_grade(const Statement& s, int first) {
  if (s.null(first)) return std::nullopt;
  Grade g;
  int i = first;
  g.legal = s.integer(i++) != 0;
  g.illegal = s.text(i++);
  g.key_kind = key_kind_named(s.text(i++));
  for (int* n : {&g.flights, &g.flights_after_key, &g.threats, &g.defences, &g.duals, &g.dual_moves,
                 &g.tries, &g.distinct_mates, &g.model_mates})
    *n = static_cast<int>(s.integer(i++));
  std::istringstream words(s.text(i++));
  for (std::string w; words >> w;) g.surplus.push_back(w);
  g.men = static_cast<int>(s.integer(i++));
  g.score = static_cast<int>(s.integer(i++));
  // NULL (0) in a row graded before these columns came (issue 39): `puzzle check` regrades.
  g.variations = static_cast<int>(s.integer(i++));
  g.promoted = static_cast<int>(s.integer(i++));
  g.force = static_cast<int>(s.integer(i));
  return g;
}

void bind_cursor(Statement& s, const CursorKey& k) {
  s.bind(1, k.variant).bind(2, k.stipulation).bind(3, static_cast<std::int64_t>(k.seed));
  s.bind(4, std::int64_t{k.shard}).bind(5, std::int64_t{k.shards}).bind(6, k.source);
}

constexpr const char* kSetCursor =
    "INSERT INTO cursors VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO UPDATE SET "
    "next_candidate = max(next_candidate, excluded.next_candidate)";

/// "%3F" for '?'.
std::string percent_encoded(char c) {
  constexpr const char* kHex = "0123456789ABCDEF";
  const auto u = static_cast<unsigned char>(c);
  return {'%', kHex[u >> 4], kHex[u & 15]};
}

/// `path` as an SQLite URI of a file nothing writes while it is open ("immutable"): its
/// characters that mean something in a URI percent-encoded.
std::string immutable_uri(const std::string& path) {
  std::string out = "file:";
  for (char c : path) {
    if (c == '%' || c == '?' || c == '#')
      out += percent_encoded(c);
    else
      out += c;
  }
  return out + "?immutable=1";
}

}  // namespace

void CorpusDb::open(const std::string& name, int flags) {
  if (sqlite3_open_v2(name.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw std::runtime_error("cannot open " + name + ": " + why);
  }
  sqlite3_busy_timeout(db_, kBusyTimeoutMs);
}

CorpusDb::CorpusDb(const std::string& path) {
  open(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  try {
    create_schema();
    return;
  } catch (const std::runtime_error&) {
    const bool read_only = sqlite3_db_readonly(db_, "main") == 1;
    sqlite3_close(db_);
    db_ = nullptr;
    if (!read_only) throw;
  }
  // A WAL file we may not write, in a folder where its -shm index cannot be made: read as
  // immutable (no locks, no index), which a file we cannot write is to us.
  open(immutable_uri(path), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
  try {
    exec(kSchema);
  } catch (...) {
    sqlite3_close(db_);
    throw;
  }
}

void CorpusDb::create_schema() {
  // A read-only file is read as it is: its rows come ungraded (grade_select).
  if (sqlite3_db_readonly(db_, "main") == 1) {
    exec(kSchema);
    return;
  }
  // WAL: the shards writing one database do not block its readers, and a commit is one
  // append. The mode is kept in the file, so this is a no-op once set.
  exec_while_busy("PRAGMA journal_mode = WAL");
  // Creation and migration in one transaction that takes the write lock first: a second
  // process opening the same new file waits for it, then finds every table and column, rather
  // than adding a column the first has just added ("duplicate column name").
  exec_while_busy("BEGIN IMMEDIATE");
  try {
    exec(kSchema);
    add_grade_columns("main");
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::set<std::string> CorpusDb::problem_columns(const std::string& schema) {
  Statement s(db_, "PRAGMA " + schema + ".table_info(problems)");
  std::set<std::string> out;
  while (s.step()) out.insert(s.text(1));
  return out;
}

std::string CorpusDb::grade_select(const std::string& schema) {
  const std::set<std::string> have = problem_columns(schema);
  std::string out;
  for (const auto& column : kGradeColumns)
    out += have.count(column.first) ? std::string(", ") + column.first : std::string(", NULL");
  return out;
}

void CorpusDb::add_grade_columns(const std::string& schema) {
  const std::set<std::string> have = problem_columns(schema);
  for (const auto& [name, type] : kGradeColumns)
    if (!have.count(name))
      exec(std::string("ALTER TABLE ") + schema + ".problems ADD COLUMN " + name + " " + type);
}

CorpusDb::~CorpusDb() {
  sqlite3_close(db_);
}

void CorpusDb::exec(const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    const std::string why = err ? err : "unknown error";
    sqlite3_free(err);
    throw std::runtime_error("sqlite: " + why);
  }
}

void CorpusDb::exec_while_busy(const std::string& sql) {
  // SQLite answers SQLITE_BUSY at once, without its busy handler, where waiting could
  // deadlock: a switch to WAL while another connection opens the new file, or the recovery of
  // its WAL index. Both pass in milliseconds: retry for as long as the busy timeout allows.
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
  for (;;) {
    char* err = nullptr;
    const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err);
    if (rc == SQLITE_OK) return;
    const std::string why = err ? err : "unknown error";
    sqlite3_free(err);
    if ((rc & 0xFF) != SQLITE_BUSY || std::chrono::steady_clock::now() >= deadline)
      throw std::runtime_error("sqlite: " + why);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

std::uint64_t CorpusDb::cursor(const CursorKey& k) {
  Statement s(db_,
              "SELECT next_candidate FROM cursors WHERE variant = ?1 AND stipulation = ?2 AND "
              "seed = ?3 AND shard = ?4 AND shards = ?5 AND source = ?6");
  bind_cursor(s, k);
  return s.step() ? static_cast<std::uint64_t>(s.integer(0)) : 0;
}

void CorpusDb::set_cursor(const CursorKey& k, std::uint64_t next_candidate) {
  Statement s(db_, kSetCursor);
  bind_cursor(s, k);
  s.bind(7, static_cast<std::int64_t>(next_candidate));
  s.step();
}

bool CorpusDb::add(const CorpusProblem& p, const CursorKey& k, std::uint64_t next_candidate) {
  exec("BEGIN IMMEDIATE");
  try {
    Statement ins(db_, std::string("INSERT OR IGNORE INTO problems (variant, stipulation, fen, "
                                   "canonical, key_move, threats, nodes, seed, shard, shards, "
                                   "candidate, source") +
                           grade_column_list() +
                           ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12" +
                           grade_parameters() + ")");
    ins.bind(1, p.variant).bind(2, p.stipulation).bind(3, p.fen).bind(4, p.canonical);
    ins.bind(5, p.key).bind(6, p.threats).bind(7, static_cast<std::int64_t>(p.nodes));
    ins.bind(8, static_cast<std::int64_t>(p.seed)).bind(9, std::int64_t{p.shard});
    ins.bind(10, std::int64_t{p.shards}).bind(11, static_cast<std::int64_t>(p.candidate));
    ins.bind(12, p.source);
    bind_grade(ins, 13, p.grade);
    ins.step();
    const bool added = sqlite3_changes(db_) > 0;
    set_cursor(k, next_candidate);
    exec("COMMIT");
    return added;
  } catch (...) {
    exec("ROLLBACK");
    throw;
  }
}

std::int64_t CorpusDb::count(const CursorKey& k) {
  Statement s(db_,
              "SELECT count(*) FROM problems WHERE variant = ?1 AND stipulation = ?2 AND "
              "seed = ?3 AND shard = ?4 AND shards = ?5 AND source = ?6");
  bind_cursor(s, k);
  s.step();
  return s.integer(0);
}

std::int64_t CorpusDb::count_all() {
  Statement s(db_, "SELECT count(*) FROM problems");
  s.step();
  return s.integer(0);
}

void CorpusDb::for_each(const std::function<void(const CorpusProblem&)>& f) {
  Statement s(db_,
              std::string("SELECT id, variant, stipulation, fen, canonical, key_move, threats, "
                          "nodes, seed, shard, shards, candidate, source") +
                  grade_select("main") + " FROM problems ORDER BY id");
  while (s.step()) {
    CorpusProblem p;
    p.id = s.integer(0);
    p.variant = s.text(1), p.stipulation = s.text(2), p.fen = s.text(3);
    p.canonical = s.text(4), p.key = s.text(5), p.threats = s.text(6);
    p.nodes = static_cast<std::uint64_t>(s.integer(7));
    p.seed = static_cast<std::uint64_t>(s.integer(8));
    p.shard = static_cast<int>(s.integer(9)), p.shards = static_cast<int>(s.integer(10));
    p.candidate = static_cast<std::uint64_t>(s.integer(11));
    p.source = s.text(12);
    p.grade = read_grade(s, 13);
    if (p.grade) {  // not a column: it follows from the stipulation
      try {
        p.grade->mates_counted = counts_mates(parse_stipulation(p.stipulation).kind);
      } catch (const std::invalid_argument&) {
      }
    }
    f(p);
  }
}

std::int64_t CorpusDb::merge_from(const std::string& path) {
  {
    Statement attach(db_, "ATTACH DATABASE ?1 AS src");
    attach.bind(1, path);
    attach.step();
  }
  const std::int64_t before = count_all();
  try {
    // An older source file lacks the grade columns: its rows come in ungraded.
    const std::string from_src = grade_select("src");
    exec("BEGIN IMMEDIATE");
    exec(
        "INSERT OR IGNORE INTO problems (variant, stipulation, fen, canonical, key_move, "
        "threats, nodes, seed, shard, shards, source, candidate, created" +
        grade_column_list() +
        ") SELECT variant, stipulation, fen, canonical, key_move, threats, nodes, seed, shard, "
        "shards, source, candidate, created" +
        from_src + " FROM src.problems ORDER BY id");
    exec(
        "INSERT INTO cursors SELECT variant, stipulation, seed, shard, shards, source, "
        "next_candidate FROM src.cursors WHERE true ON CONFLICT DO UPDATE SET "
        "next_candidate = max(next_candidate, excluded.next_candidate)");
    exec("COMMIT");
  } catch (...) {
    // No transaction yet when the source is no corpus (grade_select failed): errors ignored,
    // the first one is what the caller hears.
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_exec(db_, "DETACH DATABASE src", nullptr, nullptr, nullptr);
    throw;
  }
  exec("DETACH DATABASE src");
  return count_all() - before;
}

}  // namespace arbiter::puzzles
