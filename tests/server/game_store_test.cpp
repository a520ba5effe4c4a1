// The monitor's SQLite store (server/game_store.hpp): games and their submissions read back in
// order, also when many threads hand in submissions at once (group commit), and a file that is
// not a database refused by name.
#include "server/game_store.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <thread>
#include <vector>

#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

TEST(GameStore, ConcurrentSubmissionsAreAllStoredInTheirGamesOrder) {
  const std::string db = serve_temp_db();
  constexpr int kGames = 8, kEach = 25;
  {
    GameStore store(db);
    for (int g = 0; g < kGames; ++g) {
      StoredGame game;
      game.id = "game" + std::to_string(g);
      game.variant = "diplomacy";
      game.knobs = {{"king-capture", "illegal"}};
      game.tokens[kWhite] = token_digest("w" + std::to_string(g));  // the store keeps digests
      game.tokens[kBlack] = token_digest("b" + std::to_string(g));
      store.add_game(game);
    }
    std::vector<std::thread> threads;
    for (int g = 0; g < kGames; ++g)
      threads.emplace_back([&store, g] {
        for (int i = 0; i < kEach; ++i)
          store.add_submission("game" + std::to_string(g), i,
                               {i % 2 == 0 ? kWhite : kBlack, "move" + std::to_string(i)});
      });
    for (std::thread& t : threads) t.join();
  }
  GameStore reopened(db);
  const std::vector<StoredGame> games = reopened.load_all();
  ASSERT_EQ(games.size(), static_cast<std::size_t>(kGames));
  for (int g = 0; g < kGames; ++g) {
    EXPECT_EQ(games[g].id, "game" + std::to_string(g));
    EXPECT_EQ(games[g].knobs.at("king-capture"), "illegal");
    EXPECT_EQ(games[g].tokens[kBlack], token_digest("b" + std::to_string(g)));
    ASSERT_EQ(games[g].submissions.size(), static_cast<std::size_t>(kEach));
    for (int i = 0; i < kEach; ++i) {
      EXPECT_EQ(games[g].submissions[i].text, "move" + std::to_string(i));
      EXPECT_EQ(games[g].submissions[i].side, i % 2 == 0 ? kWhite : kBlack);
    }
  }
  serve_remove_db(db);
}

TEST(GameStore, AFileThatIsNotADatabaseIsRefusedByName) {
  const std::string path = serve_temp_db();
  std::ofstream(path) << "not a database, just text that is long enough to be read as a header";
  try {
    GameStore store(path);
    FAIL() << "opened a text file";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(path + " is not a game database"), std::string::npos)
        << e.what();
  }
  serve_remove_db(path);
}

TEST(GameStore, ASecondStoreOnTheSameFileIsRefused) {
  const std::string db = serve_temp_db();
  {
    GameStore first(db);
    try {
      GameStore second(db);
      FAIL() << "two stores share one file";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("is in use by another process"), std::string::npos)
          << e.what();
    }
  }
  GameStore after_the_first(db);  // the lock goes with the first store
  EXPECT_TRUE(after_the_first.load_all().empty());
  serve_remove_db(db);
}

}  // namespace
}  // namespace arbiter::server::testing
