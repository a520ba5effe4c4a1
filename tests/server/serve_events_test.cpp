// Event streams people and programs can resume (issue 38, item 5): each event's `id:` is the
// game's version; a client that reconnects with Last-Event-ID gets every change it missed, in
// order and once, or one snapshot event when the gap is longer than the monitor keeps; the
// stream never says anything of a sealed move.
#include <gtest/gtest.h>

#include <string>

#include "server/version_log.hpp"
#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

/// Reads game `g`'s event stream as `side` (resuming from `last_id` unless empty) until the
/// text read holds `until`, or 10 s pass; the text read.
std::string events_read_until(const ServedMonitor& served, const ServeGame& g, Color side,
                              const std::string& last_id, const std::string& until) {
  httplib::Client c = served.client();
  c.set_read_timeout(10, 0);
  httplib::Headers headers = {{"Authorization", "Bearer " + g.tokens[side]}};
  if (!last_id.empty()) headers.emplace("Last-Event-ID", last_id);
  std::string text;
  c.Get("/api/games/" + g.id + "/events", headers, [&](const char* data, std::size_t size) {
    text.append(data, size);
    return text.find(until) == std::string::npos;
  });
  return text;
}

std::string events_update(int version) {
  return "id: " + std::to_string(version) +
         "\nevent: update\ndata: {\"version\":" + std::to_string(version) + "}\n\n";
}

}  // namespace

TEST(ServeEvents, EachEventCarriesTheGamesVersionAsItsId) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  EXPECT_EQ(events_read_until(served, g, kBlack, "", "\n\n"), events_update(0));
  served.play(g, kWhite, "e4");
  EXPECT_EQ(events_read_until(served, g, kBlack, "", "\n\n"), events_update(1));
}

TEST(ServeEvents, ReconnectingWithLastEventIdReplaysEachChangeMissedOnceAndNoSealedMove) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  ASSERT_EQ(events_read_until(served, g, kBlack, "", "\n\n"), events_update(0));
  // Gone meanwhile: White seals (1), Black seals and the turn resolves (3), White seals Nf3
  // (4) and changes it to d4 (no change anyone else sees).
  served.play(g, kWhite, "e4");
  served.play(g, kBlack, "e5");
  served.play(g, kWhite, "Nf3");
  served.play(g, kWhite, "d4");
  for (const Color side : {kBlack, kWhite}) {
    const std::string missed = events_read_until(served, g, side, "0", "id: 4\n");
    EXPECT_EQ(missed, events_update(1) + events_update(3) + events_update(4)) << missed;
    EXPECT_EQ(missed.find("Nf3"), std::string::npos);
    EXPECT_EQ(missed.find("d4"), std::string::npos);
  }
  // From an id in the middle: what came after it only.
  EXPECT_EQ(events_read_until(served, g, kBlack, "3", "id: 4\n"), events_update(4));
}

TEST(ServeEvents, ReconnectingWithTheLatestIdSendsNothingUntilTheNextChange) {
  const ServedMonitor served;
  const ServeGame g = served.create("orthodox");
  served.play(g, kWhite, "e4");
  std::string text;
  std::thread reader([&] { text = events_read_until(served, g, kBlack, "1", "\n\n"); });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  served.play(g, kBlack, "e5");
  reader.join();
  EXPECT_EQ(text, events_update(2)) << "version 1 again, or nothing";
}

TEST(ServeEvents, AGapLongerThanTheMonitorKeepsIsOneSnapshotEvent) {
  const ServedMonitor served;
  const ServeGame g = served.create("orthodox");
  const char* const shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  const int plies = static_cast<int>(VersionLog::kKept) + 6;
  for (int i = 0; i < plies; ++i) served.play(g, i % 2 == 0 ? kWhite : kBlack, shuffle[i % 4]);
  const std::string n = std::to_string(plies);
  EXPECT_EQ(events_read_until(served, g, kBlack, "0", "\n\n"),
            "id: " + n + "\nevent: snapshot\ndata: {\"version\":" + n + ",\"missed_since\":0}\n\n");
  // An id the game never had (a stream of another server, say) is a snapshot too.
  EXPECT_EQ(
      events_read_until(served, g, kWhite, "999", "\n\n"),
      "id: " + n + "\nevent: snapshot\ndata: {\"version\":" + n + ",\"missed_since\":999}\n\n");
  // Within what is kept: each change.
  const std::string recent = std::to_string(plies - 2);
  EXPECT_EQ(events_read_until(served, g, kWhite, recent, "id: " + n + "\n"),
            events_update(plies - 1) + events_update(plies));
}

TEST(ServeEvents, ALastEventIdThatIsNoVersionIs400) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  for (const char* bad : {"abc", "-1", "1.5", "99999999999"}) {
    const httplib::Result r = served.client().Get(
        "/api/games/" + g.id + "/events",
        {{"Authorization", "Bearer " + g.tokens[kWhite]}, {"Last-Event-ID", bad}});
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400) << bad;
    EXPECT_NE(r->body.find(std::string("bad Last-Event-ID '") + bad + "'"), std::string::npos)
        << r->body;
  }
}

TEST(VersionLog, KeepsTheLastChangesAndNothingOlder) {
  VersionLog log;
  log.reset(5);
  EXPECT_EQ(log.after(5), std::vector<int>{});
  log.add(6);
  log.add(6);  // no change
  log.add(8);
  EXPECT_EQ(log.after(5), (std::vector<int>{6, 8}));
  EXPECT_EQ(log.after(6), std::vector<int>{8});
  EXPECT_EQ(log.after(7), std::nullopt);
  for (int v = 9; v < 9 + static_cast<int>(VersionLog::kKept); ++v) log.add(v);
  EXPECT_EQ(log.after(5), std::nullopt) << "older than what is kept";
  EXPECT_EQ(log.after(8)->size(), VersionLog::kKept);
}

}  // namespace arbiter::server::testing
