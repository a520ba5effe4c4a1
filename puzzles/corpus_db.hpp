// The SQLite corpus of generated problems: the problems table (one row per sound problem,
// unique by variant and canonical form) and the generator cursors (where each seed/shard
// stream stopped, so a restarted run continues). Every write is its own transaction. The
// schema is documented in docs/puzzles.md; a file written before the grade columns existed
// gets them on opening (NULL: not graded). Several processes may write one file at once
// (shards of one machine): it is in WAL mode, and creation and migration are one transaction.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "puzzles/grading.hpp"

struct sqlite3;

namespace arbiter::puzzles {

struct CorpusProblem {
  std::int64_t id = 0;
  std::string variant, stipulation, fen, canonical, key;
  std::string threats;  ///< " / "-joined SAN
  std::uint64_t nodes = 0;
  std::uint64_t seed = 0;
  int shard = 0, shards = 1;
  std::string source = "placement";  ///< candidate source: "placement" or "play"
  std::uint64_t candidate = 0;       ///< index of the candidate in its seed's stream
  std::optional<Grade> grade;        ///< none for problems stored before grading existed
};

/// Identifies one generator stream: candidates `shard`, `shard + shards`, ... of a seed and
/// a candidate source.
struct CursorKey {
  std::string variant, stipulation;
  std::uint64_t seed = 0;
  int shard = 0, shards = 1;
  std::string source = "placement";
};

class CorpusDb {
 public:
  /// Opens (creating if needed) the database and its tables. Throws std::runtime_error.
  explicit CorpusDb(const std::string& path);
  ~CorpusDb();
  CorpusDb(const CorpusDb&) = delete;
  CorpusDb& operator=(const CorpusDb&) = delete;

  /// The next candidate index of a stream (0 for a new stream).
  std::uint64_t cursor(const CursorKey& k);
  /// Stores the cursor alone (in its own transaction).
  void set_cursor(const CursorKey& k, std::uint64_t next_candidate);
  /// Stores a problem and the cursor after it in one transaction; false when an equal
  /// canonical form was already there (the cursor is stored anyway).
  bool add(const CorpusProblem& p, const CursorKey& k, std::uint64_t next_candidate);
  /// Problems of the stream (for --count).
  std::int64_t count(const CursorKey& k);
  std::int64_t count_all();
  /// Every problem in id order.
  void for_each(const std::function<void(const CorpusProblem&)>& f);
  /// Copies the problems of another database file that are not here yet (and its cursors,
  /// keeping the further one); returns how many problems were added.
  std::int64_t merge_from(const std::string& path);

 private:
  /// Opens `name` (a path, or a URI with SQLITE_OPEN_URI) into db_ with the busy timeout.
  void open(const std::string& name, int flags);
  void exec(const std::string& sql);
  /// exec, retried while SQLite answers SQLITE_BUSY without waiting (see the definition).
  void exec_while_busy(const std::string& sql);
  /// WAL mode, then the tables and the migration in one BEGIN IMMEDIATE transaction.
  void create_schema();
  /// The column names of `schema`.problems ("main", or "src" while merging).
  std::set<std::string> problem_columns(const std::string& schema);
  /// ", legal, illegal, ..." with NULL for each grade column `schema`.problems lacks.
  std::string grade_select(const std::string& schema);
  /// The migration: adds the grade columns `schema`.problems lacks.
  void add_grade_columns(const std::string& schema);
  sqlite3* db_ = nullptr;
};

}  // namespace arbiter::puzzles
