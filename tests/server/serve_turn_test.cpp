// Submissions that name their turn (issue 38, item 4): a retry after the turn resolved is
// refused with 409 and the resolved turn, a turn not begun is refused, and the same
// submission retried while its turn is open is taken once.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <string>

#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

/// POST /api/games/ID/moves of the JSON `body` with `side`'s token.
httplib::Result turn_post(const ServedMonitor& served, const ServeGame& g, Color side,
                          const std::string& body) {
  return served.client().Post("/api/games/" + g.id + "/moves",
                              {{"Authorization", "Bearer " + g.tokens[side]}}, body,
                              "application/json");
}

/// POST /api/games/ID/moves of `move` (no turn) with `side`'s token and Idempotency-Key `key`.
httplib::Result keyed_post(const ServedMonitor& served, const ServeGame& g, Color side,
                           const std::string& move, const std::string& key) {
  return served.client().Post(
      "/api/games/" + g.id + "/moves",
      {{"Authorization", "Bearer " + g.tokens[side]}, {"Idempotency-Key", key}},
      "{\"move\": \"" + move + "\"}", "application/json");
}

/// A database for one test, removed at its end; read once its server has stopped (the server
/// holds the file exclusively).
struct TurnDb {
  std::string path = serve_temp_db();
  ~TurnDb() { serve_remove_db(path); }
};

/// The submissions stored for game `id`.
int turn_stored_submissions(const std::string& db, const std::string& id) {
  sqlite3* raw = nullptr;
  sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* s = nullptr;
  sqlite3_prepare_v2(raw, "SELECT COUNT(*) FROM submissions WHERE game = ?1", -1, &s, nullptr);
  sqlite3_bind_text(s, 1, id.c_str(), -1, SQLITE_TRANSIENT);
  const int n = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int(s, 0) : -1;
  sqlite3_finalize(s);
  sqlite3_close(raw);
  return n;
}

}  // namespace

TEST(ServeTurn, RetryAfterItsTurnResolvedIs409WithTheResolvedTurnAndIsNotTakenForTheNext) {
  const TurnDb db;
  ServeGame g;
  {
    const ServedMonitor served("", db.path);
    g = served.create("diplomacy");
    ASSERT_EQ(turn_post(served, g, kWhite, R"({"move": "e4", "turn": 1})")->status, 202);
    ASSERT_EQ(turn_post(served, g, kBlack, R"({"move": "e5", "turn": 1})")->status, 202);
    const std::string record = served.record(g);

    const httplib::Result retry = turn_post(served, g, kWhite, R"({"move": "e4", "turn": 1})");
    ASSERT_TRUE(retry);
    EXPECT_EQ(retry->status, 409) << retry->body;
    EXPECT_NE(retry->body.find("\"error\":\"turn 1 is resolved (the game is at turn 2)"),
              std::string::npos)
        << retry->body;
    EXPECT_NE(retry->body.find("\"turn\":1,\"current_turn\":2,\"resolved\":{\"move_number\":1"),
              std::string::npos)
        << retry->body;
    // The resolved turn as the view's history shows it: both moves and their fates.
    EXPECT_NE(retry->body.find(R"("white":{"written":"e4","san":"e4","fate":)"), std::string::npos)
        << retry->body;
    EXPECT_NE(retry->body.find(R"("black":{"written":"e5","san":"e5","fate":)"), std::string::npos)
        << retry->body;

    const std::string view = served.view(g, g.tokens[kWhite])->body;
    EXPECT_NE(view.find("\"turn\":2"), std::string::npos);
    EXPECT_NE(view.find("\"own_submission\":null"), std::string::npos) << "taken for turn 2";
    EXPECT_EQ(served.record(g), record);
  }
  EXPECT_EQ(turn_stored_submissions(db.path, g.id), 2);
}

TEST(ServeTurn, TurnNotYetBegunIs409WithTheCurrentTurnAndNothingResolved) {
  const TurnDb db;
  ServeGame g;
  {
    const ServedMonitor served("", db.path);
    g = served.create("diplomacy");
    for (const char* body : {R"({"move": "e4", "turn": 2})", R"({"move": "e4", "turn": 0})",
                             R"({"move": "e4", "turn": -3})"}) {
      const httplib::Result r = turn_post(served, g, kWhite, body);
      ASSERT_TRUE(r);
      EXPECT_EQ(r->status, 409) << body << ": " << r->body;
      EXPECT_NE(r->body.find("is not the game's turn: it is at turn 1"), std::string::npos)
          << r->body;
      EXPECT_NE(r->body.find("\"current_turn\":1}"), std::string::npos) << r->body;
    }
  }
  EXPECT_EQ(turn_stored_submissions(db.path, g.id), 0);
}

TEST(ServeTurn, SameSubmissionRetriedWhileItsTurnIsOpenIsStoredOnce) {
  const TurnDb db;
  ServeGame g;
  {
    const ServedMonitor served("", db.path);
    g = served.create("diplomacy");
    const std::string before = served.view(g, g.tokens[kBlack])->body;
    ASSERT_EQ(turn_post(served, g, kWhite, R"({"move": "e4", "turn": 1})")->status, 202);
    const std::string sealed = served.view(g, g.tokens[kBlack])->body;
    for (int i = 0; i < 3; ++i) {
      const httplib::Result r = turn_post(served, g, kWhite, R"({"move": "e4", "turn": 1})");
      ASSERT_TRUE(r);
      EXPECT_EQ(r->status, 202) << r->body;
      EXPECT_NE(r->body.find("\"own_submission\":\"e4\""), std::string::npos) << r->body;
    }
    // Without the turn too: the same text while nothing moved on is the same submission.
    EXPECT_EQ(served.move(g, g.tokens[kWhite], "e4")->status, 202);
    EXPECT_NE(before, sealed);
    EXPECT_EQ(served.view(g, g.tokens[kBlack])->body, sealed) << "the retries changed nothing";
    // A change of the sealed move is a new submission, and the first one again after it too.
    EXPECT_EQ(turn_post(served, g, kWhite, R"({"move": "d4", "turn": 1})")->status, 202);
    EXPECT_EQ(turn_post(served, g, kWhite, R"({"move": "e4", "turn": 1})")->status, 202);
  }
  // e4, d4 and e4 again: the four retries of e4 stored nothing.
  EXPECT_EQ(turn_stored_submissions(db.path, g.id), 3);
}

TEST(ServeTurn, SequentialRetryOfAPlayedMoveIs409NotAnotherMove) {
  const TurnDb db;
  ServeGame g;
  {
    const ServedMonitor served("", db.path);
    g = served.create("orthodox");
    ASSERT_EQ(turn_post(served, g, kWhite, R"({"move": "e4", "turn": 1})")->status, 202);
    ASSERT_EQ(turn_post(served, g, kBlack, R"({"move": "e5", "turn": 2})")->status, 202);
    const httplib::Result r = turn_post(served, g, kWhite, R"({"move": "e4", "turn": 1})");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 409) << r->body;
    EXPECT_NE(
        r->body.find(R"("resolved":{"move_number":1,"side":"white","san":"e4","uci":"e2e4"})"),
        std::string::npos)
        << r->body;
    // Named as a string of digits, the current turn is taken.
    EXPECT_EQ(turn_post(served, g, kWhite, R"({"move": "Nf3", "turn": "3"})")->status, 202);
  }
  EXPECT_EQ(turn_stored_submissions(db.path, g.id), 3);
}

TEST(ServeTurn, ATurnThatIsNoWholeNumberIs400NamingIt) {
  const TurnDb db;
  ServeGame g;
  {
    const ServedMonitor served("", db.path);
    g = served.create("diplomacy");
    struct Case {
      const char* body;
      const char* says;
    };
    const Case cases[] = {
        {R"({"move": "e4", "turn": 1.5})", R"(expected a whole number (at most 2147483647) as )"
                                           R"(the value of \"turn\", found 1.5)"},
        {R"({"move": "e4", "turn": 99999999999})", "found 99999999999"},
        {R"({"move": "e4", "turn": true})", "found a boolean"},
        {R"({"move": "e4", "turn": "one"})", R"(\"turn\" is the view's turn, a whole number, )"
                                             R"(not 'one')"},
        {R"({"move": "e4", "turn": {}})", "a whole number, not an object"},
        {R"({"move": "e4", "turn": 1e999})", "number overflow parsing '1e999'"},
        {R"({"move": "e4", "knobs": {"turn": 1}})", R"(found a number)"},
    };
    for (const Case& c : cases) {
      const httplib::Result r = turn_post(served, g, kWhite, c.body);
      ASSERT_TRUE(r);
      EXPECT_EQ(r->status, 400) << c.body << ": " << r->body;
      EXPECT_NE(r->body.find(c.says), std::string::npos) << c.body << ": " << r->body;
    }
  }
  EXPECT_EQ(turn_stored_submissions(db.path, g.id), 0);
}

TEST(ServeTurn, AnIdempotencyKeyUsedAgainIsTheSameRequestAcrossARestart) {
  const TurnDb db;
  ServeGame g;
  {
    const ServedMonitor served("", db.path);
    g = served.create("diplomacy");
    ASSERT_EQ(keyed_post(served, g, kWhite, "e4", "k-1")->status, 202);
    ASSERT_EQ(keyed_post(served, g, kWhite, "d4", "k-2")->status, 202);  // changes the move
    // k-1 again while the turn is open: already done, the sealed move stays d4.
    const httplib::Result again = keyed_post(served, g, kWhite, "e4", "k-1");
    ASSERT_TRUE(again);
    EXPECT_EQ(again->status, 202) << again->body;
    EXPECT_NE(again->body.find(R"("own_submission":"d4")"), std::string::npos) << again->body;
    // The same key for another submission is refused.
    const httplib::Result reused = keyed_post(served, g, kWhite, "c4", "k-1");
    ASSERT_TRUE(reused);
    EXPECT_EQ(reused->status, 422) << reused->body;
    EXPECT_NE(reused->body.find("Idempotency-Key 'k-1' was used for white's submission 'e4', "
                                "not this one"),
              std::string::npos)
        << reused->body;
    ASSERT_EQ(keyed_post(served, g, kBlack, "e5", "k-3")->status, 202);  // the turn resolves
  }
  {
    // After a restart (the keys are stored), k-2 arrives late: 409 with turn 1, not turn 2's.
    const ServedMonitor served("", db.path);
    const httplib::Result late = keyed_post(served, g, kWhite, "d4", "k-2");
    ASSERT_TRUE(late);
    EXPECT_EQ(late->status, 409) << late->body;
    EXPECT_NE(late->body.find(R"("turn":1,"current_turn":2,"resolved":)"), std::string::npos)
        << late->body;
    EXPECT_NE(served.view(g, g.tokens[kWhite])->body.find(R"("own_submission":null)"),
              std::string::npos);
    for (const std::string& bad : {std::string(65, 'k'), std::string("a b")}) {
      const httplib::Result r = keyed_post(served, g, kWhite, "Nf3", bad);
      ASSERT_TRUE(r);
      EXPECT_EQ(r->status, 400) << r->body;
      EXPECT_NE(r->body.find("bad Idempotency-Key"), std::string::npos) << r->body;
    }
  }
  EXPECT_EQ(turn_stored_submissions(db.path, g.id), 3);
}

}  // namespace arbiter::server::testing
