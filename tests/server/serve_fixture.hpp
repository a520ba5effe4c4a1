// A monitor served over loopback for the server tests: a fresh SQLite file, the HTTP server on
// a free port in a thread of its own, and helpers that create games and read JSON fields.
#pragma once

#include <gtest/gtest.h>
#include <httplib.h>

#include <filesystem>
#include <string>
#include <thread>

#include "server/game_store.hpp"
#include "server/http_server.hpp"
#include "server/monitor.hpp"
#include "server/tokens.hpp"

namespace arbiter::server::testing {

/// The string value of `"key":"..."` in a JSON text (the first one), or "" when absent.
inline std::string serve_json_string(const std::string& json, const std::string& key) {
  const std::string open = "\"" + key + "\":\"";
  const std::size_t at = json.find(open);
  if (at == std::string::npos) return "";
  const std::size_t start = at + open.size();
  return json.substr(start, json.find('"', start) - start);
}

/// A database path in the temporary folder that no other test uses.
inline std::string serve_temp_db() {
  return (std::filesystem::temp_directory_path() / ("arbiter_serve_" + random_hex(8) + ".sqlite"))
      .string();
}

/// Removes a database and its WAL files.
inline void serve_remove_db(const std::string& path) {
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
}

/// The organiser's token of every ServedMonitor (serve_test_policy).
inline constexpr const char* kServeOrganiserToken =
    "organiser-token-of-the-server-tests-0123456789";

/// The tests' server policy: the organiser's token above, no limit on creating games.
inline ServePolicy serve_test_policy() {
  ServePolicy p;
  p.organiser_digest = token_digest(kServeOrganiserToken);
  return p;
}

struct ServeGame {
  std::string id;
  std::string tokens[2];
  std::string spectator = {};  ///< the spectator link's token
};

class ServedMonitor {
 public:
  /// `db`: a database to serve, left for the caller to remove; empty: a new one, removed at
  /// the end.
  /// `public_url`: the server's --public-url. `policy`: the organiser's token, the limit on
  /// creating games. `claims`: the server's --draw-claims.
  explicit ServedMonitor(const std::string& tables_dir = "", const std::string& db = "",
                         const std::string& public_url = "",
                         ServePolicy policy = serve_test_policy(),
                         DrawClaims claims = DrawClaims::kTurnBased)
      : path_(db.empty() ? serve_temp_db() : db),
        owns_db_(db.empty()),
        store_(path_),
        monitor_(store_, {tables_dir, claims}),
        http_(monitor_, 32, public_url, std::move(policy)) {
    port_ = http_.bind("127.0.0.1", 0);
    thread_ = std::thread([this] { http_.listen(); });
  }
  ~ServedMonitor() {
    http_.stop();
    thread_.join();
    if (owns_db_) serve_remove_db(path_);
  }
  ServedMonitor(const ServedMonitor&) = delete;
  ServedMonitor& operator=(const ServedMonitor&) = delete;

  httplib::Client client() const { return httplib::Client("127.0.0.1", port_); }

  /// POST /api/games with `body`; the response.
  httplib::Result create_raw(const std::string& body) const {
    return client().Post("/api/games", body, "application/json");
  }

  /// A new game of `variant` (a JSON knobs object may follow); fails the test unless 201.
  ServeGame create(const std::string& variant, const std::string& knobs = "{}") const {
    const httplib::Result r =
        create_raw("{\"variant\": \"" + variant + "\", \"knobs\": " + knobs + "}");
    EXPECT_TRUE(r) << "no response";
    if (!r) return {};
    EXPECT_EQ(r->status, 201) << r->body;
    return {serve_json_string(r->body, "id"),
            {serve_json_string(r->body, "white_token"), serve_json_string(r->body, "black_token")},
            serve_json_string(r->body, "spectator_token")};
  }

  /// GET /api/games/ID with `token`.
  httplib::Result view(const ServeGame& g, const std::string& token) const {
    return client().Get("/api/games/" + g.id, {{"Authorization", "Bearer " + token}});
  }

  /// POST /api/games/ID/moves of `move` with `token`.
  httplib::Result move(const ServeGame& g, const std::string& token,
                       const std::string& move) const {
    return client().Post("/api/games/" + g.id + "/moves", {{"Authorization", "Bearer " + token}},
                         "{\"move\": \"" + move + "\"}", "application/json");
  }

  /// Submits `move` for `side`; fails the test unless 202.
  void play(const ServeGame& g, Color side, const std::string& m) const {
    const httplib::Result r = move(g, g.tokens[side], m);
    ASSERT_TRUE(r) << "no response";
    ASSERT_EQ(r->status, 202) << m << ": " << r->body;
  }

  /// GET /api/games/ID/record with `token`.
  std::string record(const ServeGame& g) const {
    const httplib::Result r = client().Get("/api/games/" + g.id + "/record",
                                           {{"Authorization", "Bearer " + g.tokens[0]}});
    return r && r->status == 200 ? r->body : std::string();
  }

  int port() const { return port_; }
  /// The games the monitor holds.
  std::size_t games() const { return monitor_.size(); }
  const std::string& db() const { return path_; }

 private:
  std::string path_;
  bool owns_db_;
  GameStore store_;
  Monitor monitor_;
  HttpServer http_;
  int port_ = 0;
  std::thread thread_;
};

}  // namespace arbiter::server::testing
