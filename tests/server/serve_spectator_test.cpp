// The spectator link (issue 38, item 6): created with the game and shown once, it opens every
// route that reads (view, events, record, page) and none that plays, and no route shows it a
// sealed move, whatever the protocol.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <string>

#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

std::string spectator_get(const ServedMonitor& served, const ServeGame& g,
                          const std::string& route) {
  const httplib::Result r = served.client().Get("/api/games/" + g.id + route,
                                                {{"Authorization", "Bearer " + g.spectator}});
  EXPECT_TRUE(r);
  if (!r) return "";
  EXPECT_EQ(r->status, 200) << route << ": " << r->body;
  return r->body;
}

/// The first event of the spectator's stream.
std::string spectator_first_event(const ServedMonitor& served, const ServeGame& g) {
  httplib::Client c = served.client();
  c.set_read_timeout(10, 0);
  std::string text;
  c.Get("/api/games/" + g.id + "/events?token=" + g.spectator,
        [&](const char* data, std::size_t size) {
          text.append(data, size);
          return text.find("\n\n") == std::string::npos;
        });
  return text;
}

}  // namespace

TEST(ServeSpectator, CreateAnswersASpectatorLinkOnceAndStoresOnlyItsDigest) {
  const std::string db = serve_temp_db();
  ServeGame g;
  {
    const ServedMonitor served("", db);
    const httplib::Result r = served.create_raw(R"({"variant": "diplomacy"})");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 201);
    g.id = serve_json_string(r->body, "id");
    g.spectator = serve_json_string(r->body, "spectator_token");
    EXPECT_EQ(g.spectator.size(), 64U);
    EXPECT_NE(g.spectator, serve_json_string(r->body, "white_token"));
    EXPECT_NE(g.spectator, serve_json_string(r->body, "black_token"));
    EXPECT_EQ(serve_json_string(r->body, "spectator_url"),
              "http://127.0.0.1:" + std::to_string(served.port()) + "/#game=" + g.id +
                  "&token=" + g.spectator);
    const std::string view = spectator_get(served, g, "");
    EXPECT_EQ(serve_json_string(view, "side"), "spectator");
    EXPECT_EQ(view.find(g.spectator), std::string::npos) << "no view carries a token";
  }
  sqlite3* raw = nullptr;
  sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* s = nullptr;
  sqlite3_prepare_v2(raw, "SELECT spectator_token FROM games", -1, &s, nullptr);
  ASSERT_EQ(sqlite3_step(s), SQLITE_ROW);
  EXPECT_EQ(reinterpret_cast<const char*>(sqlite3_column_text(s, 0)), token_digest(g.spectator));
  sqlite3_finalize(s);
  sqlite3_close(raw);
  serve_remove_db(db);
}

TEST(ServeSpectator, SealedMovesAreNeverShownByTheViewTheEventsOrTheRecord) {
  const ServedMonitor served;
  struct Case {
    std::string body;
    const char* white;
    std::vector<std::string> leaks;  ///< what the sealed submission would show
  };
  const Case cases[] = {
      {R"({"variant": "diplomacy"})", "Nf3", {"Nf3", "g1f3"}},
      {R"({"variant": "move-neutral"})", "Nf3", {"Nf3", "g1f3"}},
      {R"({"variant": "diplomacy", "sets": "progressive"})", "Nf3, Nh3", {"Nf3", "Nh3", "g1f3"}},
  };
  for (const Case& c : cases) {
    const httplib::Result created = served.create_raw(c.body);
    ASSERT_TRUE(created && created->status == 201) << c.body;
    const ServeGame g{serve_json_string(created->body, "id"),
                      {serve_json_string(created->body, "white_token"),
                       serve_json_string(created->body, "black_token")},
                      serve_json_string(created->body, "spectator_token")};
    served.play(g, kWhite, c.white);
    const std::string view = spectator_get(served, g, "");
    EXPECT_NE(view.find(R"("submitted":{"white":true,"black":false})"), std::string::npos) << view;
    EXPECT_NE(view.find(R"("own_submission":null)"), std::string::npos) << view;
    EXPECT_NE(view.find(R"("legal":[])"), std::string::npos) << view;
    const std::string record = spectator_get(served, g, "/record");
    const std::string events = spectator_first_event(served, g);
    EXPECT_EQ(events, "id: 1\nevent: update\ndata: {\"version\":1}\n\n");
    for (const std::string& leak : c.leaks) {
      EXPECT_EQ(view.find(leak), std::string::npos) << c.body << ": the view shows " << leak;
      EXPECT_EQ(record.find(leak), std::string::npos) << c.body << ": the record shows " << leak;
    }
    // The spectator sees what Black sees of it, but for the side and the legal moves.
    const std::string black = served.view(g, g.tokens[kBlack])->body;
    EXPECT_EQ(black.substr(black.find("\"submitted\""),
                           black.find("\"legal\"") - black.find("\"submitted\"")),
              view.substr(view.find("\"submitted\""),
                          view.find("\"legal\"") - view.find("\"submitted\"")));
    // Once the turn resolves, the moves are history, for the spectator too.
    served.play(g, kBlack, "Nc6");
    EXPECT_NE(spectator_get(served, g, "").find(R"("written":"Nf3)"), std::string::npos);
  }
}

TEST(ServeSpectator, TheSpectatorLinkSubmitsNothing) {
  const ServedMonitor served;
  const ServeGame g = served.create("orthodox");
  const httplib::Result r = served.move(g, g.spectator, "e4");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 403) << r->body;
  EXPECT_NE(r->body.find("the spectator link watches the game: it submits nothing"),
            std::string::npos)
      << r->body;
  EXPECT_NE(spectator_get(served, g, "").find(R"("history":[])"), std::string::npos);
  // Neither does a token that opens no side of the game.
  EXPECT_EQ(served.move(g, std::string(64, 'a'), "e4")->status, 403);
}

}  // namespace arbiter::server::testing
