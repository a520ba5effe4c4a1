// Grades in the corpus: stored and read back with a problem, and the migration that lets a
// file written before the grade columns existed open, take graded problems and merge.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <unistd.h>
#include <filesystem>

#include "puzzles/corpus_db.hpp"

namespace arbiter::puzzles {
namespace {

std::string corpus_grades_path(const std::string& name) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("arbiter_grades_" + name + std::to_string(::getpid()) + ".sqlite"))
                               .string();
  std::filesystem::remove(path);
  return path;
}

/// A corpus file as the generator wrote it before grades: the old problems table, one row.
void write_pre_grade_corpus(const std::string& path) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  const char* sql = R"sql(
CREATE TABLE problems (
  id INTEGER PRIMARY KEY, variant TEXT NOT NULL, stipulation TEXT NOT NULL, fen TEXT NOT NULL,
  canonical TEXT NOT NULL, key_move TEXT NOT NULL, threats TEXT NOT NULL DEFAULT '',
  nodes INTEGER NOT NULL DEFAULT 0, seed INTEGER NOT NULL, shard INTEGER NOT NULL,
  shards INTEGER NOT NULL, source TEXT NOT NULL, candidate INTEGER NOT NULL,
  created TEXT NOT NULL DEFAULT (datetime('now')), UNIQUE (variant, canonical));
CREATE TABLE cursors (
  variant TEXT NOT NULL, stipulation TEXT NOT NULL, seed INTEGER NOT NULL,
  shard INTEGER NOT NULL, shards INTEGER NOT NULL, source TEXT NOT NULL,
  next_candidate INTEGER NOT NULL,
  PRIMARY KEY (variant, stipulation, seed, shard, shards, source));
INSERT INTO problems (variant, stipulation, fen, canonical, key_move, seed, shard, shards,
  source, candidate) VALUES ('orthodox', '#2', 'old fen', 'old', 'Qa5', 1, 0, 1, 'placement', 7);
)sql";
  ASSERT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
}

CorpusProblem corpus_graded_problem() {
  CorpusProblem p;
  p.variant = "orthodox", p.stipulation = "#2", p.fen = "new fen", p.canonical = "new";
  p.key = "Rb1";
  Grade g;
  g.key_kind = KeyKind::kFlightGiving;
  g.flights = 1, g.flights_after_key = 2, g.threats = 1, g.defences = 5, g.duals = 2;
  g.dual_moves = 3, g.tries = 1, g.distinct_mates = 4, g.model_mates = 2;
  g.surplus = {"Nc3", "h2"};
  g.men = 7, g.score = 8;
  g.variations = 3, g.promoted = 1, g.force = 14;
  p.grade = g;
  return p;
}

TEST(PuzzleCorpusGrades, AGradeIsStoredAndReadBack) {
  const std::string path = corpus_grades_path("roundtrip");
  {
    CorpusDb db(path);
    ASSERT_TRUE(db.add(corpus_graded_problem(), {"orthodox", "#2", 1, 0, 1, "placement"}, 1));
    int seen = 0;
    db.for_each([&](const CorpusProblem& p) {
      ++seen;
      ASSERT_TRUE(p.grade.has_value());
      EXPECT_EQ(p.grade->key_kind, KeyKind::kFlightGiving);
      EXPECT_EQ(p.grade->duals, 2);
      EXPECT_EQ(p.grade->dual_moves, 3);
      EXPECT_EQ(p.grade->model_mates, 2);
      EXPECT_EQ(p.grade->surplus, (std::vector<std::string>{"Nc3", "h2"}));
      EXPECT_EQ(p.grade->score, 8);
      EXPECT_TRUE(p.grade->legal);
    });
    EXPECT_EQ(seen, 1);
  }
  std::filesystem::remove(path);
}

TEST(PuzzleCorpusGrades, TheMeritFieldsOfTheGradeAreStoredToo) {
  // Issue 39's fields: variations, men beyond the original army, the mating force.
  const std::string path = corpus_grades_path("merits");
  {
    CorpusDb db(path);
    ASSERT_TRUE(db.add(corpus_graded_problem(), {"orthodox", "#2", 1, 0, 1, "placement"}, 1));
    db.for_each([&](const CorpusProblem& p) {
      ASSERT_TRUE(p.grade.has_value());
      EXPECT_EQ(p.grade->variations, 3);
      EXPECT_EQ(p.grade->promoted, 1);
      EXPECT_EQ(p.grade->force, 14);
    });
  }
  std::filesystem::remove(path);
}

TEST(PuzzleCorpusGrades, APreGradeFileOpensTakesGradesAndMerges) {
  const std::string old_path = corpus_grades_path("old");
  const std::string merged_path = corpus_grades_path("merged");
  write_pre_grade_corpus(old_path);
  {
    // Merging reads the old file as it is (no grade columns there): its row comes ungraded.
    CorpusDb merged(merged_path);
    EXPECT_EQ(merged.merge_from(old_path), 1);
    merged.for_each([](const CorpusProblem& p) { EXPECT_FALSE(p.grade.has_value()); });
  }
  {
    // Opened read-only (an SQLite URI), it is read as it is, ungraded.
    CorpusDb read_only("file:" + old_path + "?mode=ro");
    int rows = 0;
    read_only.for_each([&](const CorpusProblem& p) {
      ++rows;
      EXPECT_FALSE(p.grade.has_value());
    });
    EXPECT_EQ(rows, 1);
  }
  {
    CorpusDb db(old_path);  // migrates
    EXPECT_TRUE(db.add(corpus_graded_problem(), {"orthodox", "#2", 1, 0, 1, "placement"}, 1));
    std::vector<bool> graded;
    db.for_each([&](const CorpusProblem& p) { graded.push_back(p.grade.has_value()); });
    EXPECT_EQ(graded, (std::vector<bool>{false, true}));
  }
  std::filesystem::remove(old_path);
  std::filesystem::remove(merged_path);
}

}  // namespace
}  // namespace arbiter::puzzles
