// Clocks and bounded memory together (issue 38, items 3 and 6): a clocked game that left memory
// still runs out of time without a request (the monitor's deadline index), a game loaded from its
// snapshot has the clock it had in memory (the snapshot holds the clock's state), and a server
// restarted after a deadline passed settles that game at start (the stored deadline column). The
// monitor reads a clock the tests advance, and its timer waits an hour: each test runs
// check_clocks() itself, as the timer would.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>

#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace clock_memory_test {

constexpr ClockMs kSecond = 1000;
constexpr ClockMs kStartTime = 1'800'000'000'000;

/// A monitor on database `db` that reads `now`, with `in_memory` games at most and a snapshot
/// after every turn.
struct BoundedClockedMonitor {
  BoundedClockedMonitor(const std::string& db, std::shared_ptr<std::atomic<ClockMs>> now,
                        std::size_t in_memory)
      : store(db), monitor(store, options(std::move(now), in_memory)) {}

  static MonitorOptions options(std::shared_ptr<std::atomic<ClockMs>> now, std::size_t in_memory) {
    MonitorOptions o;
    o.now = [now] { return now->load(); };
    o.clock_poll = std::chrono::hours(1);
    o.max_games_in_memory = in_memory;
    o.snapshot_every = 1;
    return o;
  }
  CreatedGame create(const std::string& variant, const std::string& control,
                     const std::string& out_of_time = "") {
    return monitor.create(variant, {}, "one", {}, {}, {control, out_of_time});
  }
  nlohmann::json view(const std::string& id) {
    return nlohmann::json::parse(monitor.view(id, std::nullopt));
  }
  /// The game's public version as it is in memory, without settling its clock (a view would).
  int version_unsettled(const std::string& id) {
    return monitor.wait_for_change(id, -1, std::chrono::milliseconds(0)).value_or(-1);
  }

  GameStore store;
  Monitor monitor;
};

struct TempDb {
  std::string path = serve_temp_db();
  ~TempDb() { serve_remove_db(path); }
};

}  // namespace clock_memory_test

using clock_memory_test::BoundedClockedMonitor;
using clock_memory_test::kSecond;
using clock_memory_test::kStartTime;
using clock_memory_test::TempDb;

TEST(ServeClockMemory, AClockedGameOutOfMemoryStillLosesOnTimeWithoutARequest) {
  const TempDb db;
  auto now = std::make_shared<std::atomic<ClockMs>>(kStartTime);
  BoundedClockedMonitor m(db.path, now, 1);
  const CreatedGame clocked = m.create("orthodox", "1+0");
  m.monitor.submit(clocked.id, kWhite, "e4");
  const int before = m.view(clocked.id)["version"];
  const CreatedGame other = m.create("orthodox", "");  // the clocked game leaves memory
  EXPECT_EQ(m.monitor.in_memory(), 1u);
  *now += 61 * kSecond;  // Black's minute ran out while the game was out of memory
  (void)m.monitor.check_clocks();
  // The check loaded the game and stored the forfeit: no request to it has been made, and
  // reading its version settles nothing.
  EXPECT_GT(m.version_unsettled(clocked.id), before);
  (void)m.view(other.id);  // the clocked game leaves memory again: it loads from the store
  EXPECT_GT(m.version_unsettled(clocked.id), before);
  const nlohmann::json v = m.view(clocked.id);
  EXPECT_EQ(v["status"]["result"], "1-0");
  EXPECT_EQ(v["status"]["reason"], "Black's time ran out");
  EXPECT_EQ(m.monitor.check_stored(clocked.id), "");
}

TEST(ServeClockMemory, AGameLoadedFromItsSnapshotHasTheClockItHadInMemory) {
  const TempDb db;
  auto now = std::make_shared<std::atomic<ClockMs>>(kStartTime);
  CreatedGame fischer, days;
  nlohmann::json fischer_clock, days_clock;
  {
    BoundedClockedMonitor m(db.path, now, 10);
    days = m.create("diplomacy", "2d", "passes");
    // Diplomacy: White seals, Black's day runs out (a pass), a turn; then both move.
    m.monitor.submit(days.id, kWhite, "Nf3");
    *now += 2 * 24 * 3600 * kSecond + kSecond;
    (void)m.monitor.check_clocks();
    *now += 3600 * kSecond;
    m.monitor.submit(days.id, kWhite, "e4");
    *now += 60 * kSecond;
    m.monitor.submit(days.id, kBlack, "e5");
    // Fischer, created now (a minute would not last the days above): five moves, 7 s each.
    fischer = m.create("orthodox", "1+2");
    for (const char* move : {"e4", "e5", "Nf3", "Nc6", "Bb5"}) {
      *now += 7 * kSecond;
      const Color side = m.view(fischer.id)["clock"]["running"][0] == "white" ? kWhite : kBlack;
      m.monitor.submit(fischer.id, side, move);
    }
    *now += 10 * kSecond;
    fischer_clock = m.view(fischer.id)["clock"];
    days_clock = m.view(days.id)["clock"];
    EXPECT_EQ(m.view(days.id)["turn"], 3);
    EXPECT_EQ(m.monitor.check_stored(fischer.id), "");
    EXPECT_EQ(m.monitor.check_stored(days.id), "");
  }
  BoundedClockedMonitor again(db.path, now, 10);  // loads each game from its snapshot
  EXPECT_EQ(again.view(fischer.id)["clock"], fischer_clock);
  EXPECT_EQ(again.view(days.id)["clock"], days_clock);
  EXPECT_EQ(again.monitor.check_stored(fischer.id), "");
  EXPECT_EQ(again.monitor.check_stored(days.id), "");
}

TEST(ServeClockMemory, ARestartedServerSettlesTheDeadlinesThatPassedWhileItWasDown) {
  const TempDb db;
  auto now = std::make_shared<std::atomic<ClockMs>>(kStartTime);
  CreatedGame unmoved, moved, later;
  int unmoved_version = 0, moved_version = 0, later_version = 0;
  {
    BoundedClockedMonitor m(db.path, now, 1);
    unmoved = m.create("orthodox", "1+0");  // its deadline is stored with the game
    moved = m.create("orthodox", "1+0");
    *now += 10 * kSecond;
    m.monitor.submit(moved.id, kWhite, "e4");  // ... and with a submission
    later = m.create("orthodox", "5+0");
    unmoved_version = m.view(unmoved.id)["version"];
    moved_version = m.view(moved.id)["version"];
    later_version = m.view(later.id)["version"];
  }
  *now += 100 * kSecond;  // down for 100 s: the 1-minute clocks ran out, the 5-minute one not
  BoundedClockedMonitor m(db.path, now, 1);
  (void)m.monitor.check_clocks();  // what the timer does at start
  EXPECT_GT(m.version_unsettled(unmoved.id), unmoved_version);
  EXPECT_GT(m.version_unsettled(moved.id), moved_version);
  EXPECT_EQ(m.version_unsettled(later.id), later_version);
  EXPECT_EQ(m.view(unmoved.id)["status"]["reason"], "White's time ran out");
  EXPECT_EQ(m.view(moved.id)["status"]["reason"], "Black's time ran out");
  EXPECT_EQ(m.view(later.id)["clock"]["running"], nlohmann::json::array({"white"}));
}

}  // namespace arbiter::server::testing
