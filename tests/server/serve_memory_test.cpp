// Bounded memory (docs/serve.md, "Memory"): the monitor counts the stored games at start and
// loads none; games beyond --max-games-in-memory leave memory, least recently used first, and
// load again from the store with their sealed moves; a game held by an event stream stays; the
// view's history is text, and a resolved turn's board is drawn when asked for, never one that
// shows a sealed move.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <thread>
#include <utility>
#include <vector>

#include "server/submission_turn.hpp"

#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

/// A monitor on its own store, holding at most `bound` games, storing a snapshot every
/// `every` turns.
struct BoundedMonitor {
  explicit BoundedMonitor(std::size_t bound, const std::string& db = serve_temp_db(), int every = 8)
      : path(db), store(path), monitor(store, options(bound, every)) {}
  ~BoundedMonitor() = default;
  static MonitorOptions options(std::size_t bound, int every) {
    MonitorOptions o;
    o.max_games_in_memory = bound;
    o.snapshot_every = every;
    return o;
  }
  std::string path;
  GameStore store;
  Monitor monitor;
};

nlohmann::json memory_view(const Monitor& m, const std::string& id, Viewer viewer) {
  return nlohmann::json::parse(m.view(id, viewer));
}

TEST(ServeMemory, StartUpCountsTheStoredGamesAndLoadsNone) {
  const std::string db = serve_temp_db();
  std::string id;
  {
    BoundedMonitor b(10, db);
    id = b.monitor.create("orthodox", {}).id;
    b.monitor.create("diplomacy", {});
    b.monitor.submit(id, kWhite, "e4");
  }
  {
    BoundedMonitor again(10, db);
    EXPECT_EQ(again.monitor.size(), 2U);
    EXPECT_EQ(again.monitor.in_memory(), 0U);
    EXPECT_EQ(memory_view(again.monitor, id, kBlack)["turn"], 2);  // loaded when asked for
    EXPECT_EQ(again.monitor.in_memory(), 1U);
  }
  serve_remove_db(db);
}

TEST(ServeMemory, GamesBeyondTheBoundLeaveMemoryAndLoadAgainWithTheirSealedMove) {
  BoundedMonitor b(3);
  const std::string sealed = b.monitor.create("diplomacy", {}).id;
  b.monitor.submit(sealed, kWhite, "Nf3");
  for (int i = 0; i < 6; ++i) b.monitor.create(i % 2 ? "orthodox" : "diplomacy", {});
  EXPECT_LE(b.monitor.in_memory(), 3U);
  EXPECT_EQ(b.monitor.size(), 7U);
  // Loaded again from the store: White's sealed move is White's only, and Black's completes it.
  EXPECT_EQ(memory_view(b.monitor, sealed, kWhite)["own_submission"], "Nf3");
  const nlohmann::json black = memory_view(b.monitor, sealed, kBlack);
  EXPECT_TRUE(black["own_submission"].is_null());
  EXPECT_TRUE(black["submitted"]["white"].get<bool>());
  EXPECT_EQ(black.dump().find("Nf3"), std::string::npos);
  EXPECT_EQ(b.monitor.check_stored(sealed), "");
  b.monitor.submit(sealed, kBlack, "Nc6");
  const nlohmann::json after = memory_view(b.monitor, sealed, std::nullopt);
  EXPECT_EQ(after["turn"], 2);
  EXPECT_EQ(after["history"][0]["moves"]["white"]["san"], "Nf3");
  serve_remove_db(b.path);
}

TEST(ServeMemory, AGameHeldByAnEventStreamStaysInMemoryWithItsChanges) {
  BoundedMonitor b(2);
  const std::string watched = b.monitor.create("orthodox", {}).id;
  const std::shared_ptr<const void> stream = b.monitor.pin(watched);
  ASSERT_TRUE(stream);
  b.monitor.submit(watched, kWhite, "e4");
  b.monitor.submit(watched, kBlack, "e5");
  for (int i = 0; i < 5; ++i) b.monitor.create("orthodox", {});
  // Still the same game in memory: the changes a reconnecting stream missed are all known
  // (a game loaded again would know only its present version).
  const std::optional<std::vector<int>> missed = b.monitor.versions_after(watched, 0);
  ASSERT_TRUE(missed);
  EXPECT_EQ(*missed, (std::vector<int>{1, 2}));
  EXPECT_FALSE(b.monitor.pin("no-such-game"));
  serve_remove_db(b.path);
}

TEST(ServeMemory, ASnapshotIsStoredWithTheTurnAndALoadStartsFromItWithTheSealedMoveAfter) {
  const std::string db = serve_temp_db();
  std::string id;
  std::string views[3];
  {
    BoundedMonitor b(10, db, 2);
    id = b.monitor.create("diplomacy", {}).id;
    const std::pair<const char*, const char*> turns[] = {
        {"Nf3", "Nc6"}, {"Nd4", "Nd4"}, {"e3", "e6"}};
    for (const auto& [white, black] : turns) {
      b.monitor.submit(id, kWhite, white, std::nullopt, std::string("key-w-") + white);
      b.monitor.submit(id, kBlack, black);
    }
    b.monitor.submit(id, kWhite, "Nc3");  // sealed, after the snapshot
    const std::optional<StoredGame> stored = b.store.load_game(id, true);
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->snapshot_seq, 4);  // after turn 2 (turn 3 is one turn later)
    EXPECT_FALSE(stored->snapshot.empty());
    EXPECT_EQ(stored->first_seq, 4);
    EXPECT_EQ(stored->submissions.size(), 3U);
    EXPECT_EQ(b.monitor.check_stored(id), "");
    int i = 0;
    for (const Viewer viewer : {Viewer(kWhite), Viewer(kBlack), Viewer()})
      views[i++] = b.monitor.view(id, viewer);
  }
  BoundedMonitor again(10, db, 2);
  int i = 0;
  for (const Viewer viewer : {Viewer(kWhite), Viewer(kBlack), Viewer()})
    EXPECT_EQ(again.monitor.view(id, viewer), views[i++]);
  EXPECT_EQ(memory_view(again.monitor, id, kWhite)["own_submission"], "Nc3");
  // An Idempotency-Key of a turn before the snapshot is still known: its turn has resolved.
  EXPECT_THROW(again.monitor.submit(id, kWhite, "Nf3", std::nullopt, "key-w-Nf3"), TurnError);
  again.monitor.submit(id, kBlack, "Nf6");
  EXPECT_EQ(memory_view(again.monitor, id, std::nullopt)["turn"], 5);
  EXPECT_EQ(again.monitor.check_stored(id), "");
  serve_remove_db(db);
}

TEST(ServeMemory, AGameStoredBeforeSnapshotsLoadsFromItsSubmissionsAndGetsOne) {
  const std::string db = serve_temp_db();
  {
    GameStore store(db);
    StoredGame g;
    g.id = "old";
    g.variant = "orthodox";
    g.tokens[kWhite] = token_digest("w");
    g.tokens[kBlack] = token_digest("b");
    store.add_game(g);
    int seq = 0;
    for (const char* m : {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"}) {
      store.add_submission("old", seq, {seq % 2 == 0 ? kWhite : kBlack, m});
      ++seq;
    }
  }
  BoundedMonitor b(10, db);
  EXPECT_TRUE(b.store.load_game("old", true)->snapshot.empty());
  EXPECT_EQ(memory_view(b.monitor, "old", kWhite)["turn"], 11);
  const std::optional<StoredGame> stored = b.store.load_game("old", true);
  EXPECT_EQ(stored->snapshot_seq, 10);
  EXPECT_TRUE(stored->submissions.empty());
  EXPECT_EQ(b.monitor.check_stored("old"), "");
  serve_remove_db(db);
}

TEST(ServeMemory, ASnapshotThatDoesNotReadLoadsTheGameFromAllItsSubmissions) {
  const std::string db = serve_temp_db();
  std::string id;
  {
    BoundedMonitor b(10, db, 1);
    id = b.monitor.create("orthodox", {}).id;
    b.monitor.submit(id, kWhite, "e4");
    b.monitor.submit(id, kBlack, "e5");
    b.monitor.submit(id, kWhite, "Nf3");
    b.store.set_snapshot(id, 2, "{\"game\": \"not a snapshot\"");
  }
  BoundedMonitor again(10, db, 1);
  const nlohmann::json v = memory_view(again.monitor, id, kBlack);
  EXPECT_EQ(v["turn"], 4);
  EXPECT_EQ(v["history"][2]["san"], "Nf3");
  serve_remove_db(db);
}

TEST(ServeMemory, ADrawClaimOfAGameLoadedFromASnapshotCountsEveryPosition) {
  const std::string db = serve_temp_db();
  std::string id;
  {
    BoundedMonitor b(10, db, 2);
    id = b.monitor.create("orthodox", {}).id;
    int ply = 0;
    for (const char* m : {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"})
      b.monitor.submit(id, ply++ % 2 == 0 ? kWhite : kBlack, m);
  }
  BoundedMonitor again(10, db, 2);
  ASSERT_FALSE(again.store.load_game(id, true)->snapshot.empty());
  EXPECT_TRUE(again.monitor.act(id, kWhite, "claim"));  // the start's position, a third time
  EXPECT_EQ(memory_view(again.monitor, id, kBlack)["status"]["result"], "1/2-1/2");
  serve_remove_db(db);
}

TEST(ServeMemory, ThreadsPlayingMoreGamesThanTheBoundLeaveEachGameAsStored) {
  BoundedMonitor b(2, serve_temp_db(), 1);
  std::vector<std::string> ids;
  for (int i = 0; i < 6; ++i) ids.push_back(b.monitor.create("orthodox", {}).id);
  // Each thread plays two games (knights out and back): loads, evictions and submissions of
  // other games interleave, and no game may be in memory twice.
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t)
    threads.emplace_back([&b, &ids, t] {
      const char* plies[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
      for (int ply = 0; ply < 8; ++ply)
        for (const int g : {2 * t, 2 * t + 1}) {
          b.monitor.submit(ids[static_cast<std::size_t>(g)], ply % 2 == 0 ? kWhite : kBlack,
                           plies[ply % 4]);
          (void)b.monitor.view(ids[static_cast<std::size_t>((g + 1) % 6)], std::nullopt);
        }
    });
  for (std::thread& t : threads) t.join();
  for (const std::string& id : ids) {
    EXPECT_EQ(memory_view(b.monitor, id, kWhite)["turn"], 9) << id;
    EXPECT_EQ(b.monitor.check_stored(id), "") << id;
  }
  EXPECT_LE(b.monitor.in_memory(), 2U);
  serve_remove_db(b.path);
}

TEST(ServeMemory, TheHistoryHoldsTextAndATurnsBoardIsDrawnWhenAskedFor) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  served.play(g, kWhite, "Nf3");
  served.play(g, kBlack, "Nc6");
  served.play(g, kWhite, "Nd4");  // turn 2: White's move sealed
  const httplib::Result view = served.view(g, g.tokens[kBlack]);
  ASSERT_TRUE(view);
  const nlohmann::json v = nlohmann::json::parse(view->body);
  ASSERT_EQ(v["history"].size(), 1U);
  EXPECT_FALSE(v["history"][0].contains("board"));
  EXPECT_TRUE(v.contains("board"));  // the present board stays in the view
  const auto board = [&](const std::string& turn, const std::string& token) {
    return served.client().Get("/api/games/" + g.id + "/turns/" + turn + "/board.svg",
                               {{"Authorization", "Bearer " + token}});
  };
  const httplib::Result one = board("1", g.tokens[kBlack]);
  ASSERT_TRUE(one);
  EXPECT_EQ(one->status, 200);
  EXPECT_EQ(one->get_header_value("Content-Type"), "image/svg+xml");
  EXPECT_EQ(one->body.rfind("<svg", 0), 0U) << one->body.substr(0, 80);
  EXPECT_EQ(board("1", g.spectator)->status, 200);
  EXPECT_EQ(board("1", "wrong-token")->status, 403);
  // Turn 2 holds White's sealed move: no board of it for anyone, and no word of the move.
  for (const std::string& token : {g.tokens[kBlack], g.tokens[kWhite], g.spectator}) {
    const httplib::Result two = board("2", token);
    ASSERT_TRUE(two);
    EXPECT_EQ(two->status, 404);
    EXPECT_EQ(two->body.find("d4"), std::string::npos) << two->body;
  }
  EXPECT_EQ(board("0", g.tokens[kWhite])->status, 404);
  EXPECT_EQ(board("99999999999", g.tokens[kWhite])->status, 404);
  // A sequential ply has its board; a Conditional Chess ply has none.
  const ServeGame o = served.create("orthodox");
  served.play(o, kWhite, "e4");
  EXPECT_EQ(served.client()
                .Get("/api/games/" + o.id + "/turns/1/board.svg",
                     {{"Authorization", "Bearer " + o.tokens[kBlack]}})
                ->status,
            200);
  const ServeGame c = served.create("conditional");
  served.play(c, kWhite, "e4");
  EXPECT_EQ(served.client()
                .Get("/api/games/" + c.id + "/turns/1/board.svg",
                     {{"Authorization", "Bearer " + c.tokens[kBlack]}})
                ->status,
            404);
}

}  // namespace
}  // namespace arbiter::server::testing
