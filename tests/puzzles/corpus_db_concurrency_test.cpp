// Issue 35: generators started at once on one new corpus database all succeed and every row they
// commit is there (the schema is created and migrated in one transaction under a busy timeout,
// in WAL mode). Before, a second connection could add a grade column the first had just added:
// "duplicate column name: duals".
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <latch>
#include <thread>

#include "puzzles/corpus_db.hpp"
#include "puzzles/generator.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

namespace fs = std::filesystem;

TEST(CorpusDbShared, GeneratorsStartedAtOnceOnOneFreshDatabaseAllSucceedWithEveryRow) {
  constexpr int kShards = 4;
  constexpr std::int64_t kCount = 2;
  // Several fresh databases: the race was in the first milliseconds of a new file.
  for (int round = 0; round < 4; ++round) {
    const fs::path path =
        fs::temp_directory_path() /
        ("arbiter_shared_" + std::to_string(::getpid()) + "_" + std::to_string(round) + ".sqlite");
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path.string() + suffix);
    std::latch start(kShards);
    std::vector<std::string> errors(kShards);
    std::vector<std::int64_t> found(kShards, -1);
    std::vector<std::thread> threads;
    for (int shard = 0; shard < kShards; ++shard) {
      threads.emplace_back([&, shard] {
        start.arrive_and_wait();  // every connection opens the new file at once
        try {
          CorpusDb db(path.string());
          GeneratorConfig c;
          c.variant = test::orthodox();
          c.stipulation = parse_stipulation("#2");
          c.seed = 5, c.shard = shard, c.shards = kShards, c.count = kCount;
          found[static_cast<std::size_t>(shard)] = generate(db, c).found;
        } catch (const std::exception& e) {
          errors[static_cast<std::size_t>(shard)] = e.what();
        }
      });
    }
    for (std::thread& t : threads) t.join();
    for (int shard = 0; shard < kShards; ++shard) {
      EXPECT_EQ(errors[static_cast<std::size_t>(shard)], "") << "round " << round;
      EXPECT_EQ(found[static_cast<std::size_t>(shard)], kCount) << "round " << round;
    }
    {
      CorpusDb db(path.string());
      EXPECT_EQ(db.count_all(), kShards * kCount) << "round " << round;
      for (int shard = 0; shard < kShards; ++shard) {
        const CursorKey k{"orthodox", "#2", 5, shard, kShards, "placement"};
        EXPECT_EQ(db.count(k), kCount) << "round " << round << " shard " << shard;
      }
    }
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path.string() + suffix);
  }
}

}  // namespace
}  // namespace arbiter::puzzles
