// What `arbiter serve` keeps and hands out (issue 38, storage hygiene): tokens stored as their
// digests (a database from before is migrated and its links still work), the database file
// created for its owner only, and links that follow the proxy or --public-url.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>

#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

/// The games table's token columns, "white black" per game.
std::string storage_tokens_of(const std::string& db, const std::string& id) {
  sqlite3* raw = nullptr;
  if (sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) return "";
  sqlite3_stmt* s = nullptr;
  std::string out;
  sqlite3_prepare_v2(raw, "SELECT white_token, black_token FROM games WHERE id = ?1", -1, &s,
                     nullptr);
  sqlite3_bind_text(s, 1, id.c_str(), -1, SQLITE_TRANSIENT);
  if (sqlite3_step(s) == SQLITE_ROW)
    out = std::string(reinterpret_cast<const char*>(sqlite3_column_text(s, 0))) + " " +
          reinterpret_cast<const char*>(sqlite3_column_text(s, 1));
  sqlite3_finalize(s);
  sqlite3_close(raw);
  return out;
}

// The digest comes from OpenSSL's libcrypto; the standard vectors pin that it is SHA-256 of
// the token's bytes, in lower-case hex after the prefix.
TEST(TokenDigest, IsSha256MatchingTheStandardTestVectors) {
  const auto hex = [](std::string_view text) {
    const std::string digest = token_digest(text);
    EXPECT_TRUE(is_token_digest(digest)) << digest;
    return digest.substr(std::string_view("sha256:").size());
  };
  EXPECT_EQ(hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  EXPECT_EQ(token_digest("abc"),
            "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(ServeStorage, TokensAreStoredAsDigestsAndShownOnlyAtCreation) {
  const std::string db = serve_temp_db();
  ServeGame g;
  {
    const ServedMonitor served("", db);
    g = served.create("diplomacy");
    EXPECT_EQ(served.view(g, g.tokens[kWhite])->status, 200);
    EXPECT_EQ(served.view(g, token_digest(g.tokens[kWhite]))->status, 403)
        << "the digest is not a token";
    // No view carries a token.
    const std::string view = served.view(g, g.tokens[kBlack])->body;
    EXPECT_EQ(view.find(g.tokens[kBlack]), std::string::npos);
    EXPECT_EQ(view.find(g.tokens[kWhite]), std::string::npos);
  }
  // The server holds the file's lock while it runs: read it after.
  const std::string stored = storage_tokens_of(db, g.id);
  EXPECT_EQ(stored, token_digest(g.tokens[kWhite]) + " " + token_digest(g.tokens[kBlack]));
  EXPECT_EQ(stored.find(g.tokens[kWhite]), std::string::npos);
  serve_remove_db(db);
}

TEST(ServeStorage, DatabaseWithPlainTokensIsMigratedAndItsLinksStillOpenTheGames) {
  const std::string db = serve_temp_db();
  const std::string white(64, 'a'), black(64, 'b');
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw,
                         ("CREATE TABLE games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, "
                          "table_text TEXT NOT NULL, knobs TEXT NOT NULL, white_token TEXT NOT "
                          "NULL, black_token TEXT NOT NULL, created INTEGER NOT NULL, sets TEXT "
                          "NOT NULL DEFAULT 'one');"
                          "CREATE TABLE submissions (game TEXT NOT NULL, seq INTEGER NOT NULL, "
                          "side TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (game, seq));"
                          "INSERT INTO games VALUES ('old', 'diplomacy', '', '', '" +
                          white + "', '" + black +
                          "', 0, 'one');"
                          "INSERT INTO submissions VALUES ('old', 0, 'white', 'e4');")
                             .c_str(),
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(raw);
  {
    const ServedMonitor served("", db);
    const ServeGame old{"old", {white, black}};
    const httplib::Result v = served.view(old, white);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->status, 200);
    EXPECT_NE(v->body.find(R"("own_submission":"e4")"), std::string::npos);
    served.play(old, kBlack, "e5");
  }
  EXPECT_EQ(storage_tokens_of(db, "old"), token_digest(white) + " " + token_digest(black));
  serve_remove_db(db);
}

TEST(ServeStorage, NewDatabaseFileIsReadableByItsOwnerOnly) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  served.play(g, kWhite, "e4");
  for (const std::string& file : {served.db(), served.db() + "-wal"}) {
    struct stat st {};
    ASSERT_EQ(stat(file.c_str(), &st), 0) << file;
    EXPECT_EQ(st.st_mode & 0777, 0600U) << file;
  }
}

TEST(ServeStorage, LinksFollowXForwardedProto) {
  const ServedMonitor served;
  const httplib::Result r = served.client().Post(
      "/api/games", {{"X-Forwarded-Proto", "https"}, {"Host", "chess.example.org"}},
      R"({"variant": "diplomacy"})", "application/json");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 201);
  EXPECT_EQ(serve_json_string(r->body, "white_url").rfind("https://chess.example.org/#game=", 0),
            0U)
      << r->body;
  const httplib::Result junk =
      served.client().Post("/api/games", {{"X-Forwarded-Proto", "javascript"}},
                           R"({"variant": "diplomacy"})", "application/json");
  ASSERT_TRUE(junk);
  EXPECT_EQ(serve_json_string(junk->body, "white_url").rfind("http://", 0), 0U) << junk->body;
}

TEST(ServeStorage, LinksUseThePublicUrlWhenGiven) {
  const ServedMonitor served("", "", "https://chess.example.org/arbiter/");
  const httplib::Result r = served.create_raw(R"({"variant": "diplomacy"})");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 201);
  EXPECT_EQ(serve_json_string(r->body, "black_url"),
            "https://chess.example.org/arbiter/#game=" + serve_json_string(r->body, "id") +
                "&token=" + serve_json_string(r->body, "black_token"));
}

}  // namespace
}  // namespace arbiter::server::testing
