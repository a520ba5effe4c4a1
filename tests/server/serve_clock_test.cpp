// Clocks under the monitor (issue 38, item 6): whose clock runs in each protocol, a side out of
// time losing or passing (the monitor's out-of-time knob), found by the clock timer without a
// request and by a request, written to the view, the record, the organiser's list and export,
// and kept across a restart. The monitor reads a test clock that the tests advance: nothing
// sleeps, and the timer is woken by the clock's own poll.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <nlohmann/json.hpp>

#include "rules/core/game_record.hpp"
#include "rules/core/load_variant.hpp"
#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

constexpr ClockMs kSec = 1000;
constexpr ClockMs kStart = 1'800'000'000'000;  // some day in 2027

/// A monitor on a fresh database that reads a clock the test advances.
class ClockedMonitor {
 public:
  explicit ClockedMonitor(std::chrono::milliseconds poll = std::chrono::hours(1),
                          std::string db = "", std::shared_ptr<std::atomic<ClockMs>> now = nullptr)
      : path_(db.empty() ? serve_temp_db() : db),
        owns_(db.empty()),
        now_(now ? now : std::make_shared<std::atomic<ClockMs>>(kStart)),
        store_(path_),
        monitor_(store_, options(poll)) {}
  ~ClockedMonitor() {
    if (owns_) serve_remove_db(path_);
  }

  Monitor& monitor() { return monitor_; }
  void advance(ClockMs ms) { *now_ += ms; }
  std::shared_ptr<std::atomic<ClockMs>> clock() const { return now_; }
  const std::string& db() const { return path_; }

  CreatedGame create(const std::string& variant, const std::string& control,
                     const std::string& out_of_time = "") {
    return monitor_.create(variant, {}, "one", {}, {}, {control, out_of_time});
  }
  nlohmann::json view(const CreatedGame& g, Viewer viewer = std::nullopt) {
    return nlohmann::json::parse(monitor_.view(g.id, viewer));
  }

 private:
  MonitorOptions options(std::chrono::milliseconds poll) {
    MonitorOptions o;
    o.now = [now = now_] { return now->load(); };
    o.clock_poll = poll;
    return o;
  }

  std::string path_;
  bool owns_;
  std::shared_ptr<std::atomic<ClockMs>> now_;
  GameStore store_;
  Monitor monitor_;
};

nlohmann::json running(std::initializer_list<const char*> sides) {
  nlohmann::json a = nlohmann::json::array();
  for (const char* s : sides) a.push_back(s);
  return a;
}

}  // namespace

TEST(ServeClock, SequentialRunsTheClockOfTheSideToMoveAndAddsTheIncrement) {
  ClockedMonitor m;
  const CreatedGame g = m.create("orthodox", "1+2");
  nlohmann::json v = m.view(g);
  EXPECT_EQ(v["clock"]["control"], "1+2");
  EXPECT_EQ(v["clock"]["out_of_time"], "loses");
  EXPECT_EQ(v["clock"]["running"], running({"white"}));
  EXPECT_EQ(v["clock"]["server_time_ms"], kStart);
  m.advance(10 * kSec);
  m.monitor().submit(g.id, kWhite, "e4");
  m.advance(5 * kSec);
  v = m.view(g);
  EXPECT_EQ(v["clock"]["white_ms"], 52 * kSec);
  EXPECT_EQ(v["clock"]["black_ms"], 55 * kSec);
  EXPECT_EQ(v["clock"]["running"], running({"black"}));
  const CreatedGame none = m.create("orthodox", "");
  EXPECT_TRUE(m.view(none)["clock"].is_null()) << "no time control: no clock";
}

TEST(ServeClock, SimultaneousRunsBothClocksUntilEachSideSeals) {
  ClockedMonitor m;
  const CreatedGame g = m.create("diplomacy", "1+0");
  EXPECT_EQ(m.view(g)["clock"]["running"], running({"white", "black"}));
  m.advance(5 * kSec);
  m.monitor().submit(g.id, kWhite, "Nf3");
  m.advance(5 * kSec);
  nlohmann::json v = m.view(g, kBlack);
  EXPECT_EQ(v["clock"]["running"], running({"black"}));
  EXPECT_EQ(v["clock"]["white_ms"], 55 * kSec);
  EXPECT_EQ(v["clock"]["black_ms"], 50 * kSec);
  m.monitor().submit(g.id, kWhite, "Nh3");  // changing a sealed move costs no time
  m.monitor().submit(g.id, kBlack, "Nc6");  // the turn resolves: both run again
  v = m.view(g);
  EXPECT_EQ(v["turn"], 2);
  EXPECT_EQ(v["clock"]["running"], running({"white", "black"}));
  EXPECT_EQ(v["clock"]["white_ms"], 55 * kSec);
  EXPECT_EQ(v["clock"]["black_ms"], 50 * kSec);
}

TEST(ServeClock, ConditionalRunsTheClockOfThePlayerTheTurnMachineWaitsFor) {
  ClockedMonitor m;
  const CreatedGame g = m.create("conditional", "1+3");
  m.advance(2 * kSec);
  m.monitor().submit(g.id, kWhite, "e4");  // the A-move: White states next, its clock runs on
  EXPECT_EQ(m.view(g)["clock"]["running"], running({"white"}));
  m.advance(2 * kSec);
  m.monitor().submit(g.id, kWhite, "e5?Nc3/Nf3");  // stated: Black's B-move is due
  nlohmann::json v = m.view(g);
  EXPECT_EQ(v["clock"]["running"], running({"black"}));
  EXPECT_EQ(v["clock"]["white_ms"], 59 * kSec) << "one increment for the A-move and statement";
  m.advance(4 * kSec);
  m.monitor().submit(g.id, kBlack, "e5");  // the C-move executes; Black's A-move is next
  v = m.view(g);
  EXPECT_EQ(v["phase"], "A");
  EXPECT_EQ(v["clock"]["running"], running({"black"}));
  EXPECT_EQ(v["clock"]["black_ms"], 56 * kSec) << "Black's clock runs on into its A-move";
  m.advance(1 * kSec);
  m.monitor().submit(g.id, kBlack, "Nf6");
  m.monitor().submit(g.id, kBlack, "!Nc6");  // stated: White's B-move is due, Black gains 3 s
  v = m.view(g);
  EXPECT_EQ(v["clock"]["running"], running({"white"}));
  EXPECT_EQ(v["clock"]["black_ms"], 58 * kSec);
}

TEST(ServeClock, TheTimerEndsAGameOnTimeWithoutARequest) {
  ClockedMonitor m(std::chrono::milliseconds(5));
  const CreatedGame g = m.create("orthodox", "1+0");
  m.monitor().submit(g.id, kWhite, "e4");
  const int version = m.view(g)["version"];
  m.advance(61 * kSec);
  // The timer looks at the clocks every 5 ms (the test clock does not wake it): the change
  // comes without a request.
  const std::optional<int> changed =
      m.monitor().wait_for_change(g.id, version, std::chrono::seconds(10));
  ASSERT_TRUE(changed);
  EXPECT_GT(*changed, version);
  const nlohmann::json v = m.view(g);
  EXPECT_EQ(v["status"]["result"], "1-0");
  EXPECT_EQ(v["status"]["reason"], "Black's time ran out");
  EXPECT_EQ(v["clock"]["running"], running({}));
  EXPECT_EQ(v["clock"]["black_ms"], 0);
  const std::string record = m.monitor().record(g.id);
  EXPECT_NE(record.find("[Variant \"orthodox\"]\n[Termination \"time forfeit\"]\n"),
            std::string::npos)
      << record;
  EXPECT_NE(record.find("1. e4\n{ Black's time ran out } 1-0\n"), std::string::npos) << record;
  EXPECT_TRUE(replay_record(load_variant("orthodox"), record).valid()) << record;
  const std::string list = m.monitor().organiser_list();
  EXPECT_NE(list.find(R"("status":"over","result":"1-0","reason":"Black's time ran out")"),
            std::string::npos)
      << list;
  const std::string pgn = m.monitor().export_pgn();
  EXPECT_NE(pgn.find("[Result \"1-0\"]\n[Variant \"orthodox\"]\n[Termination \"time forfeit\"]\n"),
            std::string::npos)
      << pgn;
}

TEST(ServeClock, ARequestAfterTheDeadlineFindsTheSideOutOfTime) {
  ClockedMonitor m;  // the timer waits an hour: only the request can see it
  const CreatedGame g = m.create("move-neutral", "1+0");
  m.monitor().submit(g.id, kBlack, "Nf6");
  m.advance(60 * kSec);
  try {
    m.monitor().submit(g.id, kWhite, "Nf3");
    ADD_FAILURE() << "a move after the time ran out was taken";
  } catch (const SubmissionError& e) {
    EXPECT_STREQ(e.what(), "the game is over: 0-1 (White's time ran out)");
  }
  EXPECT_EQ(m.view(g)["status"]["result"], "0-1");
}

TEST(ServeClock, TheOrganisersListAndExportFindASideOutOfTime) {
  ClockedMonitor m;  // the timer waits an hour: the organiser's requests see it
  const CreatedGame g = m.create("orthodox", "1+0");
  m.advance(60 * kSec);
  EXPECT_NE(m.monitor().organiser_list().find(R"("result":"0-1","reason":"White's time ran out")"),
            std::string::npos);
  EXPECT_NE(m.monitor().export_pgn().find("[Termination \"time forfeit\"]"), std::string::npos);
}

TEST(ServeClock, BothOutOfTimeAtOnceIsADraw) {
  ClockedMonitor m;
  const CreatedGame g = m.create("diplomacy", "1+0");
  m.advance(90 * kSec);
  const nlohmann::json v = m.view(g);
  EXPECT_EQ(v["status"]["result"], "1/2-1/2");
  EXPECT_EQ(v["status"]["reason"], "both sides' time ran out at once");
}

TEST(ServeClock, OutOfTimePassesMakesTheTurnAPassThatStays) {
  ClockedMonitor m;
  const CreatedGame g = m.create("diplomacy", "1+5", "passes");
  m.advance(10 * kSec);
  m.monitor().submit(g.id, kBlack, "Nc6");
  m.advance(52 * kSec);  // White ran out at 60 s: its pass resolved turn 1
  nlohmann::json v = m.view(g, kWhite);
  ASSERT_EQ(v["turn"], 2) << v.dump();
  EXPECT_EQ(v["history"][0]["moves"]["black"]["written"], "Nc6");
  EXPECT_FALSE(v["status"]["over"]);
  EXPECT_EQ(v["clock"]["white_ms"], 3 * kSec) << "the increment, from 60 s on";
  EXPECT_EQ(v["clock"]["black_ms"], 53 * kSec);
  m.advance(5 * kSec);
  // White's 5 s ran out at 65 s: its turn-2 move is a pass, sealed, which it may not replace.
  try {
    m.monitor().submit(g.id, kWhite, "Nf3");
    ADD_FAILURE() << "a pass on time was replaced";
  } catch (const SubmissionError& e) {
    EXPECT_STREQ(e.what(),
                 "White's time ran out in turn 2: its move is a pass (out_of_time \"passes\"), "
                 "which stays");
  }
  m.monitor().submit(g.id, kBlack, "Nf6");
  v = m.view(g);
  EXPECT_EQ(v["turn"], 3);
  const std::string record = m.monitor().record(g.id);
  EXPECT_NE(record.find("1. -- Nc6\n2. -- Nf6\n"), std::string::npos) << record;
  EXPECT_EQ(record.find("Termination"), std::string::npos) << "no forfeit";
}

TEST(ServeClock, OutOfTimePassesInAGameOfSetsIsAnEmptySet) {
  ClockedMonitor m;
  const CreatedGame g =
      m.monitor().create("diplomacy", {}, "progressive", {}, {}, {"1+0", "passes"});
  m.monitor().submit(g.id, kBlack, "Nc6, Nf6");
  m.advance(61 * kSec);
  const nlohmann::json v = m.view(g);
  EXPECT_EQ(v["turn"], 2) << v.dump();
  EXPECT_FALSE(v["status"]["over"]);
  EXPECT_EQ(m.monitor().check_stored(g.id), "");
}

TEST(ServeClock, ARestartKeepsTheClocksAndChargesTheTimeTheServerWasDown) {
  const std::string db = serve_temp_db();
  auto now = std::make_shared<std::atomic<ClockMs>>(kStart);
  CreatedGame g, lost;
  {
    ClockedMonitor m(std::chrono::hours(1), db, now);
    g = m.create("orthodox", "5+0");
    lost = m.create("diplomacy", "1+0");
    m.monitor().submit(lost.id, kWhite, "Nf3");
    m.advance(10 * kSec);
    m.monitor().submit(g.id, kWhite, "e4");
  }
  *now += 100 * kSec;  // the server was down for 100 s
  {
    ClockedMonitor m(std::chrono::hours(1), db, now);
    const nlohmann::json v = m.view(g);
    EXPECT_EQ(v["clock"]["white_ms"], 290 * kSec);
    EXPECT_EQ(v["clock"]["black_ms"], 200 * kSec) << "the time while down is charged";
    EXPECT_EQ(v["clock"]["running"], running({"black"}));
    // Black's time in the Diplomacy game ran out while the server was down: it loses, at the
    // moment its time ran out, and the restarted server says so at once.
    EXPECT_EQ(m.view(lost)["status"]["reason"], "Black's time ran out");
    EXPECT_EQ(m.monitor().check_stored(lost.id), "");
  }
  {
    ClockedMonitor m(std::chrono::hours(1), db, now);  // the forfeit itself is stored
    EXPECT_EQ(m.view(lost)["status"]["result"], "1-0");
    EXPECT_NE(m.monitor().record(lost.id).find("[Termination \"time forfeit\"]"),
              std::string::npos);
  }
  serve_remove_db(db);
}

TEST(ServeClock, CreationTakesTheTimeControlOverHttpAndRefusesABadOne) {
  const ServedMonitor served;
  const httplib::Result ok = served.create_raw(
      R"({"variant": "diplomacy", "time_control": "3d", "out_of_time": "passes"})");
  ASSERT_TRUE(ok);
  ASSERT_EQ(ok->status, 201) << ok->body;
  const std::string id = serve_json_string(ok->body, "id");
  const httplib::Result v = served.view({id, {}}, serve_json_string(ok->body, "spectator_token"));
  ASSERT_TRUE(v);
  const nlohmann::json clock = nlohmann::json::parse(v->body)["clock"];
  EXPECT_EQ(clock["control"], "3d");
  EXPECT_EQ(clock["out_of_time"], "passes");
  EXPECT_LE(clock["white_ms"], 3 * 24 * 3600 * kSec);  // the server's own clock runs
  EXPECT_GT(clock["white_ms"], 3 * 24 * 3600 * kSec - 60 * kSec);
  EXPECT_TRUE(clock["server_time_ms"].is_number());
  const httplib::Result bad = served.create_raw(
      R"({"variant": "orthodox", "time_control": "15+10", "out_of_time": "passes"})");
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->status, 422);
  EXPECT_NE(bad->body.find("out_of_time 'passes' refused: table 'orthodox'"), std::string::npos)
      << bad->body;
  const httplib::Result junk =
      served.create_raw(R"({"variant": "orthodox", "time_control": "fast"})");
  ASSERT_TRUE(junk);
  EXPECT_EQ(junk->status, 422);
  EXPECT_NE(junk->body.find("time control 'fast'"), std::string::npos) << junk->body;
}

}  // namespace arbiter::server::testing
