// What a hostile or careless client sends to `arbiter serve` (issue 38): numbers, nesting and
// NULs in JSON, junk in Conditional Chess statements, bodies past the limit in every transfer
// encoding, compressed bodies, requests httplib itself refuses. Each gets a 4xx with a precise
// message, never a 500, and nothing of it is stored.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "rules/conditional/conditional_record.hpp"
#include "rules/core/load_variant.hpp"
#include "server/error_text.hpp"
#include "tests/server/serve_fixture.hpp"
#include "tests/server/serve_transport_support.hpp"

namespace arbiter::server::testing {
namespace {

/// The answer's error text, or "" when the body is not {"error": ...}.
std::string hostile_error(const httplib::Result& r) {
  if (!r) return "";
  const nlohmann::json body = nlohmann::json::parse(r->body, nullptr, false);
  return body.is_object() && body.contains("error") && body["error"].is_string()
             ? body["error"].get<std::string>()
             : std::string();
}

TEST(ServeHostile, HugeNumbersWrongTypesAndDeepNestingAnswer400WithAPreciseMessage) {
  const ServedMonitor served;
  struct Case {
    std::string body, says;
  };
  const Case cases[] = {
      {R"({"variant": 1e999})", "number overflow parsing '1e999'"},
      {R"({"variant": -1e999})", "number overflow parsing '-1e999'"},
      {R"({"variant": 123456789012345678901234567890})",
       R"(as the value of \"variant\", found a number)"},
      {R"({"variant": true})", R"(as the value of \"variant\", found a boolean)"},
      {R"({"variant": null})", R"(as the value of \"variant\", found null)"},
      {R"({"knobs": {"a": []}})", R"(as the value of \"knobs\".\"a\", found an array)"},
      {R"(["diplomacy"])", "expected an object {...}, found an array"},
      {std::string(5000, '[') + std::string(5000, ']'), "at byte 8: nested deeper than 8 levels"},
      {R"({"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":"b"}}}}}}}}})",
       "at byte 40: nested deeper than 8 levels"},
  };
  for (const Case& c : cases) {
    const httplib::Result r = served.create_raw(c.body);
    ASSERT_TRUE(r) << c.body.substr(0, 40);
    EXPECT_EQ(r->status, 400) << c.body.substr(0, 40) << ": " << r->body;
    EXPECT_NE(r->body.find(c.says), std::string::npos) << r->body;
    EXPECT_EQ(r->body.find("json.exception"), std::string::npos) << r->body;
  }
  EXPECT_EQ(served.games(), 0U);
}

TEST(ServeHostile, NulInAValueAnswers400NamingItAndTheKey) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  const httplib::Result r = served.client().Post(
      "/api/games/" + g.id + "/moves", {{"Authorization", "Bearer " + g.tokens[kWhite]}},
      R"({"move": "e4\u0000 and more"})", "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_EQ(hostile_error(r),
            R"(bad JSON body: the value of "move" holds a NUL character (\u0000) at )"
            "character 2; text values may not contain NUL");
}

TEST(ServeHostile, ConditionalStatementWithSpacesOrJunkAnswers422AndIsNeverStored) {
  const ServedMonitor served;
  const ServeGame g = served.create("conditional");
  served.play(g, kWhite, "e4");  // the A-move; White states next
  const std::string junk = "e5?" + std::string(60000, 'N') + "/Nf3";
  for (const std::string& statement : {std::string("!Nf3 Nc3"), std::string("e5?Nc3 +/Nf3"),
                                       std::string("e5?Nc3/Nf3 Nc3"), junk}) {
    const httplib::Result r = served.move(g, g.tokens[kWhite], statement);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 422) << statement.substr(0, 20) << ": " << r->body.substr(0, 200);
    EXPECT_NE(hostile_error(r).find("bad conditional move: the stated move"), std::string::npos)
        << r->body.substr(0, 300);
    EXPECT_LT(r->body.size(), kMaxErrorText + 200) << "the input is echoed whole";
  }
  // Nothing was stored: the game still waits for White's statement, both views and the record
  // are served, and a good statement goes on.
  for (const Color side : {kWhite, kBlack}) {
    const httplib::Result v = served.view(g, g.tokens[side]);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->status, 200);
    EXPECT_NE(v->body.find(R"("stated":null)"), std::string::npos);
  }
  served.play(g, kWhite, "e5?Nc3/Nf3");
  served.play(g, kBlack, "e5");  // the C-move then runs: e5 is taken, so Nf3
  const std::string record = served.record(g);
  EXPECT_NE(record.find("e5?Nc3/*Nf3*"), std::string::npos) << record;
  EXPECT_TRUE(replay_conditional_record(load_variant("conditional"), record).valid()) << record;
}

TEST(ServeHostile, StoredGameThatNoLongerLoadsAnswers409AndOtherGamesAreServed) {
  const std::string db = serve_temp_db();
  StoredGame broken, good;
  broken.id = "broken";
  broken.variant = "orthodox";
  broken.tokens[kWhite] = token_digest("white-broken");
  broken.tokens[kBlack] = token_digest("black-broken");
  good = broken;
  good.id = "good";
  good.tokens[kWhite] = token_digest("white-good");
  {
    GameStore store(db);
    store.add_game(broken);
    store.add_game(good);
    store.add_submission("broken", 0, {kWhite, "e4"});
    store.add_submission("broken", 1, {kBlack, "Nf3 Nc3"});  // stored by an older server
    store.add_submission("good", 0, {kWhite, "e4"});
  }
  const ServedMonitor served("", db);
  EXPECT_EQ(served.games(), 2U);
  const ServeGame b{"broken", {"white-broken", "black-broken"}};
  for (const std::string& path :
       {std::string("/api/games/broken"), std::string("/api/games/broken/record"),
        std::string("/api/games/broken/events")}) {
    const httplib::Result r = served.client().Get(path, {{"Authorization", "Bearer black-broken"}});
    ASSERT_TRUE(r) << path;
    EXPECT_EQ(r->status, 409) << path << ": " << r->body;
    EXPECT_NE(hostile_error(r).find("stored game broken cannot be loaded: submission 2 (black "
                                    "'Nf3 Nc3') is refused now"),
              std::string::npos)
        << r->body;
  }
  const httplib::Result m = served.move(b, "white-broken", "d4");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->status, 409);
  // A wrong token learns nothing of it.
  EXPECT_EQ(served.view(b, "white-good")->status, 403);
  const ServeGame ok{"good", {"white-good", "black-broken"}};
  EXPECT_EQ(served.view(ok, "white-good")->status, 200);
  served.play(ok, kBlack, "e5");
  serve_remove_db(db);
}

// libmicrohttpd cannot answer in the middle of a body: past the limit the connection is closed,
// the rest never read (a Content-Length over the limit is answered 413, below).
TEST(ServeHostile, ChunkedBodyOver64KiBClosesTheConnectionWhileItArrives) {
  const ServedMonitor served;
  RawSocket s(served.port());
  ASSERT_TRUE(s.connected());
  ASSERT_TRUE(
      s.send_text("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  "Transfer-Encoding: chunked\r\n\r\n"));
  const std::string chunk = std::string("4000\r\n") + std::string(0x4000, ' ') + "\r\n";
  std::size_t sent = 0;
  bool closed = false;
  while (sent < 1024 * 1024 && !closed) {
    if (!s.send_text(chunk)) {
      closed = true;
      break;
    }
    sent += 0x4000;
    closed = s.answered_within(100);
  }
  EXPECT_TRUE(closed);
  EXPECT_LE(sent, kMaxRequestBody + 3 * 0x4000) << "the server read past its limit";
  EXPECT_EQ(s.read_answer(), "") << "closed without an answer";
  EXPECT_EQ(served.games(), 0U);
}

TEST(ServeHostile, EveryContentTypeHasTheSame64KiBLimit) {
  const ServedMonitor served;
  const std::string padding(40 * 1024, 'a');  // over httplib's 8 KB for forms, under 64 KiB
  for (const char* type : {"application/json", "application/x-www-form-urlencoded", "text/plain",
                           "application/octet-stream"}) {
    const httplib::Result ok = served.client().Post(
        "/api/games", R"({"variant": "orthodox", "padding": ")" + padding + "\"}", type);
    ASSERT_TRUE(ok) << type;
    EXPECT_EQ(ok->status, 201) << type << ": " << ok->body;
    const httplib::Result big =
        served.client().Post("/api/games", std::string(kMaxRequestBody + 1, ' '), type);
    ASSERT_TRUE(big) << type;
    EXPECT_EQ(big->status, 413) << type;
    EXPECT_EQ(hostile_error(big),
              "request body too large: Content-Length 65537, at most 65536 bytes");
  }
  // httplib would parse a multipart body itself: it is refused before it is read.
  const httplib::Result multipart =
      served.client().Post("/api/games", "--x\r\n", "multipart/form-data; boundary=x");
  ASSERT_TRUE(multipart);
  EXPECT_EQ(multipart->status, 415);
  EXPECT_EQ(hostile_error(multipart),
            "Content-Type 'multipart/form-data; boundary=x' refused: the body is a JSON object "
            "(application/json)");
  // Exactly the limit is read (and is then no JSON object).
  const httplib::Result edge = served.create_raw(std::string(kMaxRequestBody, ' '));
  ASSERT_TRUE(edge);
  EXPECT_EQ(edge->status, 400);
}

TEST(ServeHostile, CompressedBodyAnswers415BeforeItIsInflated) {
  const ServedMonitor served;
  httplib::Client client = served.client();
  client.set_compress(true);  // gzip, Content-Encoding: gzip
  const httplib::Result r = client.Post(
      "/api/games", R"({"variant": "orthodox"})" + std::string(50000, ' '), "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 415);
  EXPECT_EQ(hostile_error(r),
            "Content-Encoding 'gzip' refused: send the body uncompressed (at most 65536 bytes)");
  EXPECT_EQ(served.games(), 0U);
}

TEST(ServeHostile, LongInputIsNotEchoedWholeInA422) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  const httplib::Result r = served.move(g, g.tokens[kWhite], std::string(60000, 'N'));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 422);
  EXPECT_LT(r->body.size(), 1000U) << r->body.substr(0, 300);
  EXPECT_NE(r->body.find("…(60003 bytes)…"), std::string::npos) << r->body;  // 'N…N': quoted
}

TEST(ServeHostile, RequestsTheHttpLayerRefusesCarryPreciseMessages) {
  const ServedMonitor served;
  const httplib::Result long_line = served.client().Get("/api/games/" + std::string(9000, 'a'));
  ASSERT_TRUE(long_line);
  EXPECT_EQ(long_line->status, 414);
  EXPECT_EQ(hostile_error(long_line), "request line too long: at most 8192 bytes");
  const httplib::Result put = served.client().Put("/api/games", "{}", "application/json");
  ASSERT_TRUE(put);
  EXPECT_EQ(put->status, 405);
  EXPECT_EQ(hostile_error(put), "method not allowed: the API has GET and POST requests only");
  const httplib::Result nowhere = served.client().Post("/nowhere", "{}", "application/json");
  ASSERT_TRUE(nowhere);
  EXPECT_EQ(nowhere->status, 404);
  EXPECT_EQ(hostile_error(nowhere).rfind("no such route", 0), 0U);
  RawSocket s(served.port());
  ASSERT_TRUE(s.connected());
  // A line that is no HTTP request never reaches the handlers: libmicrohttpd answers it 400
  // with its own text.
  ASSERT_TRUE(s.send_text("NOT A REQUEST\r\n\r\n"));
  const std::string answer = s.read_answer();
  EXPECT_EQ(answer.rfind("HTTP/1.1 400", 0), 0U) << answer;
  EXPECT_NE(answer.find("syntactically incorrect"), std::string::npos) << answer;
  // A header line over 8192 bytes: 431 with the server's text.
  const httplib::Result long_header =
      served.client().Get("/api/variants", {{"X-Long", std::string(9000, 'h')}});
  ASSERT_TRUE(long_header);
  EXPECT_EQ(long_header->status, 431);
  EXPECT_EQ(hostile_error(long_header),
            "header 'x-long' too long: at most 8192 bytes per header line");
}

TEST(ServeHostile, BearerSchemeIsReadInAnyCase) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  for (const char* scheme : {"Bearer ", "bearer ", "BEARER ", "bEaReR  "}) {
    const httplib::Result r = served.client().Get(
        "/api/games/" + g.id, {{"Authorization", std::string(scheme) + g.tokens[kBlack]}});
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200) << scheme;
  }
  const httplib::Result basic =
      served.client().Get("/api/games/" + g.id, {{"Authorization", "Basic " + g.tokens[kBlack]}});
  ASSERT_TRUE(basic);
  EXPECT_EQ(basic->status, 403);
}

TEST(ErrorText, LongWordsAreCutInTheMiddleAndTheWholeTextIsBounded) {
  const std::string word(60000, 'N');
  const std::string once = bounded_error_text("'" + word + "' is not a move");
  EXPECT_EQ(once, "'" + std::string(31, 'N') + "…(60002 bytes)…" + std::string(31, 'N') +
                      "' is not a move");
  EXPECT_EQ(bounded_error_text("short words stay"), "short words stay");
  std::string many;
  for (int i = 0; i < 3000; ++i) many += "Nf3 ";
  const std::string cut = bounded_error_text(many);
  EXPECT_LE(cut.size(), kMaxErrorText + 40);
  EXPECT_NE(cut.find("… (cut: 12000 bytes in all)"), std::string::npos);
  // A cut never splits a UTF-8 character.
  std::string accents;
  for (int i = 0; i < 100; ++i) accents += "\xC3\xA9";
  const std::string a = bounded_error_text(accents);
  EXPECT_EQ(a.substr(0, 32), accents.substr(0, 32));
  EXPECT_EQ(a.find("\xC3\xA9…"), 30U);
}

}  // namespace
}  // namespace arbiter::server::testing
