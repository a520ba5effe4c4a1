// The HTTP API of `arbiter serve` (docs/serve.md): each status code, the tokens, and the rule
// that a sealed move is never shown to the opponent.
#include <gtest/gtest.h>

#include <condition_variable>
#include <fstream>
#include <mutex>

#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

TEST(ServeApi, CreateAnswers201WithTwoDistinctLongTokensAndTheirUrls) {
  const ServedMonitor served;
  const httplib::Result r = served.create_raw(R"({"variant": "diplomacy"})");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 201);
  const std::string white = serve_json_string(r->body, "white_token");
  const std::string black = serve_json_string(r->body, "black_token");
  EXPECT_EQ(white.size(), 64U);  // 256 bits
  EXPECT_EQ(black.size(), 64U);
  EXPECT_NE(white, black);
  const std::string id = serve_json_string(r->body, "id");
  EXPECT_EQ(
      serve_json_string(r->body, "white_url"),
      "http://127.0.0.1:" + std::to_string(served.port()) + "/#game=" + id + "&token=" + white);
  EXPECT_NE(serve_json_string(r->body, "black_url").find(black), std::string::npos);
}

TEST(ServeApi, ViewAnswers200WithTheTokensSide) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  const httplib::Result white = served.view(g, g.tokens[kWhite]);
  const httplib::Result black = served.view(g, g.tokens[kBlack]);
  ASSERT_TRUE(white && black);
  EXPECT_EQ(white->status, 200);
  EXPECT_EQ(serve_json_string(white->body, "side"), "white");
  EXPECT_EQ(serve_json_string(black->body, "side"), "black");
  EXPECT_EQ(serve_json_string(white->body, "variant"), "diplomacy");
  EXPECT_NE(white->body.find(R"("submitted":{"white":false,"black":false})"), std::string::npos);
  EXPECT_NE(white->body.find(R"("history":[])"), std::string::npos);
  EXPECT_NE(white->body.find(R"("status":{"over":false,"result":null,"reason":null})"),
            std::string::npos);
}

TEST(ServeApi, BadOrMissingTokenAnswers403WithoutDetail) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  std::string wrong = g.tokens[kWhite];
  wrong.back() = wrong.back() == '0' ? '1' : '0';  // one character off
  for (const std::string& token : {wrong, std::string(), std::string("x")}) {
    const httplib::Result r = served.view(g, token);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 403);
    EXPECT_EQ(r->body, R"({"error":"forbidden"})");
    const httplib::Result m = served.move(g, token, "e4");
    ASSERT_TRUE(m);
    EXPECT_EQ(m->status, 403);
  }
  const httplib::Result none = served.client().Get("/api/games/" + g.id);
  ASSERT_TRUE(none);
  EXPECT_EQ(none->status, 403);
}

TEST(ServeApi, UnknownGameAnswers404) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  ServeGame other = g;
  other.id = "0123456789abcdef";
  const httplib::Result r = served.view(other, g.tokens[kWhite]);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 404);
  EXPECT_EQ(served.move(other, g.tokens[kWhite], "e4")->status, 404);
}

TEST(ServeApi, IllegalSubmissionAnswers422WithTheCliText) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  const httplib::Result r = served.move(g, g.tokens[kWhite], "e5");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 422);
  // resolve --white e5 prints the same words after "arbiter: error: ".
  EXPECT_NE(r->body.find("bad move (illegal): White may not submit 'e5'"), std::string::npos)
      << r->body;
  EXPECT_NE(r->body.find("White may submit"), std::string::npos);
}

TEST(ServeApi, UnknownTableKnobOrAlternativeAnswers422) {
  const ServedMonitor served;
  const httplib::Result table = served.create_raw(R"({"variant": "no-such-table"})");
  ASSERT_TRUE(table);
  EXPECT_EQ(table->status, 422);
  const httplib::Result knob =
      served.create_raw(R"({"variant": "diplomacy", "knobs": {"no-such-knob": "x"}})");
  ASSERT_TRUE(knob);
  EXPECT_EQ(knob->status, 422);
  EXPECT_NE(knob->body.find("no-such-knob"), std::string::npos) << knob->body;
  const httplib::Result alternative =
      served.create_raw(R"({"variant": "diplomacy", "knobs": {"king-capture": "maybe"}})");
  ASSERT_TRUE(alternative);
  EXPECT_EQ(alternative->status, 422);
  EXPECT_NE(alternative->body.find("maybe"), std::string::npos) << alternative->body;
}

TEST(ServeApi, KnobChoiceIsFixedAtCreationAndShown) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy", R"({"king-capture": "illegal"})");
  const httplib::Result r = served.view(g, g.tokens[kBlack]);
  ASSERT_TRUE(r);
  EXPECT_EQ(serve_json_string(r->body, "king-capture"), "illegal");
  EXPECT_NE(served.record(g).find("--knob king-capture=illegal"), std::string::npos);
}

TEST(ServeApi, MalformedBodyAnswers400NamingTheByte) {
  const ServedMonitor served;
  const httplib::Result r = served.create_raw(R"({"variant": diplomacy})");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_NE(r->body.find("at byte 12"), std::string::npos) << r->body;
  const ServeGame g = served.create("diplomacy");
  const httplib::Result m = served.client().Post("/api/games/" + g.id + "/moves",
                                                 {{"Authorization", "Bearer " + g.tokens[kWhite]}},
                                                 R"({"mvoe": "e4"})", "application/json");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->status, 400);
  EXPECT_NE(m->body.find("\\\"move\\\" is missing"), std::string::npos) << m->body;
}

TEST(ServeApi, TablePathRefusedWithoutTablesFolderAndOutsideIt) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("arbiter_serve_tables_" + random_hex(6));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "mine.toml") << "[table]\nname = \"mine\"\nextends = \"orthodox\"\n";
  {
    const ServedMonitor bundled_only;
    const httplib::Result r =
        bundled_only.create_raw("{\"variant\": \"" + (dir / "mine.toml").string() + "\"}");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 422);
    EXPECT_NE(r->body.find("--tables"), std::string::npos) << r->body;
  }
  {
    const ServedMonitor served(dir.string());
    const httplib::Result inside = served.create_raw(R"({"variant": "mine.toml"})");
    ASSERT_TRUE(inside);
    EXPECT_EQ(inside->status, 201) << inside->body;
    const httplib::Result outside = served.create_raw(R"({"variant": "../mine.toml"})");
    ASSERT_TRUE(outside);
    EXPECT_EQ(outside->status, 422);
    EXPECT_NE(outside->body.find("not inside the folder"), std::string::npos) << outside->body;
  }
  std::filesystem::remove_all(dir);
}

TEST(ServeApi, SealedMoveIsNeverShownToTheOpponent) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  served.play(g, kWhite, "Nf3");
  const httplib::Result black = served.view(g, g.tokens[kBlack]);
  ASSERT_TRUE(black);
  EXPECT_NE(black->body.find(R"("submitted":{"white":true,"black":false})"), std::string::npos);
  EXPECT_NE(black->body.find(R"("own_submission":null)"), std::string::npos);
  EXPECT_EQ(black->body.find("Nf3"), std::string::npos) << "White's sealed move leaked";
  EXPECT_EQ(black->body.find("g1f3"), std::string::npos) << "White's sealed move leaked";
  EXPECT_EQ(served.record(g).find("Nf3"), std::string::npos) << "leaked through the record";
  const httplib::Result white = served.view(g, g.tokens[kWhite]);
  ASSERT_TRUE(white);
  EXPECT_EQ(serve_json_string(white->body, "own_submission"), "Nf3");
}

TEST(ServeApi, ResubmittingBeforeTheOpponentReplacesTheSealedMove) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  served.play(g, kWhite, "Nf3");
  served.play(g, kWhite, "d4");
  served.play(g, kBlack, "d5");
  const httplib::Result r = served.view(g, g.tokens[kBlack]);
  ASSERT_TRUE(r);
  EXPECT_NE(r->body.find(R"("white":{"written":"d4")"), std::string::npos) << r->body;
  EXPECT_EQ(r->body.find("Nf3"), std::string::npos);
  EXPECT_NE(served.record(g).find("1. d4 d5"), std::string::npos) << served.record(g);
}

TEST(ServeApi, EventStreamTellsAWaitingPageOfEachSealedMoveAndTheResolvedTurn) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  std::mutex mutex;
  std::condition_variable arrived;
  std::string stream;
  httplib::Client listener = served.client();
  std::thread waiter([&] {
    listener.Get("/api/games/" + g.id + "/events?token=" + g.tokens[kBlack],
                 [&](const char* data, std::size_t size) {
                   const std::lock_guard lock(mutex);
                   stream.append(data, size);
                   arrived.notify_all();
                   return stream.find("\"version\":3") == std::string::npos;  // until the turn
                 });
  });
  const auto wait_for = [&](const std::string& what) {
    std::unique_lock lock(mutex);
    return arrived.wait_for(lock, std::chrono::seconds(10),
                            [&] { return stream.find(what) != std::string::npos; });
  };
  // The stream opens with the current version; 1: White's sealed move came in (the flag both
  // sides see); 3: the turn resolved.
  ASSERT_TRUE(wait_for("event: update\ndata: {\"version\":0}\n\n"));
  served.play(g, kWhite, "e4");
  EXPECT_TRUE(wait_for("event: update\ndata: {\"version\":1}\n\n"));
  served.play(g, kBlack, "e5");
  EXPECT_TRUE(wait_for("event: update\ndata: {\"version\":3}\n\n"));
  waiter.join();
}

TEST(ServeApi, ResubmittingSendsNoEventToTheOpponent) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  served.play(g, kWhite, "e4");
  const httplib::Result before = served.view(g, g.tokens[kBlack]);
  served.play(g, kWhite, "d4");
  const httplib::Result after = served.view(g, g.tokens[kBlack]);
  ASSERT_TRUE(before && after);
  EXPECT_EQ(before->body, after->body) << "Black's view changed when White changed its move";
}

TEST(ServeApi, EventStreamNeedsTheToken) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  const httplib::Result r = served.client().Get("/api/games/" + g.id + "/events?token=nope");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 403);
}

TEST(ServeApi, ASecondServerCannotTakeAPortInUse) {
  const ServedMonitor served;
  const std::string db = serve_temp_db();
  {
    GameStore store(db);
    Monitor monitor(store, {});
    HttpServer second(monitor, 2);
    EXPECT_THROW(second.bind("127.0.0.1", served.port()), std::runtime_error);
  }
  serve_remove_db(db);
}

TEST(ServeApi, StopRightAfterStartEndsTheServer) {
  // httplib's own stop() is lost when it comes before the accept loop runs; HttpServer::stop
  // must end the server whenever it comes (a hang here is the failure).
  for (int i = 0; i < 10; ++i) {
    const ServedMonitor served;
  }
  SUCCEED();
}

TEST(ServeApi, PageIsServedFromTheBinary) {
  const ServedMonitor served;
  const httplib::Result r = served.client().Get("/");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_NE(r->body.find("EventSource"), std::string::npos);
  EXPECT_EQ(r->body.find("<script src="), std::string::npos) << "the page loads nothing else";
}

}  // namespace
}  // namespace arbiter::server::testing
