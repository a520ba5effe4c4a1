// The options of `arbiter serve`, in one place for both programs that read them: the arbiter
// command, which checks them and hands them on, and the server program beside it
// (server/main/serve_main.cpp), which runs the monitor. The server is a program of
// its own because its libraries (libmicrohttpd with GnuTLS, OpenSSL's libcrypto; before them
// cpp-httplib with OpenSSL, brotli and zlib) cost every arbiter command time at start
// (docs/performance.md, "Start-up").
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::server {

struct ServeCliOptions {
  std::string db = "games.sqlite";
  int port = 8080;
  std::string bind = "127.0.0.1";
  std::string tables;                ///< empty: bundled tables only
  int threads = 16;                  ///< the workers that run requests
  int streams_per_token = 16;        ///< event streams one token may hold open
  int idle_timeout = 30;             ///< seconds a silent connection stays open
  int connections_per_address = 0;   ///< 0: no limit
  std::string public_url;            ///< the base of the links handed out; empty: from each request
  std::string organiser_token_file;  ///< empty: a token generated at start, printed once
  double create_rate = 30;           ///< games per minute and client address (0: no limit)
  double create_burst = 10;          ///< games an address may create at once
  bool behind_proxy = false;         ///< the client's address from X-Forwarded-For
  std::string draw_claims = "turn-based";  ///< server/draw_claims.hpp
  int max_games_in_memory = 1000;          ///< MonitorOptions::max_games_in_memory
};

inline constexpr const char* kServeDescription =
    "Serve games between two players over HTTP: sealed moves resolved by the table "
    "(Diplomacy, Move-Neutral), Conditional Chess's turns, alternating play (docs/serve.md)";

/// The server program's file name; it sits beside the arbiter binary.
inline constexpr const char* kServeProgram = "arbiter-serve";

inline void add_serve_options(CLI::App& cmd, ServeCliOptions& o) {
  cmd.add_option("--db", o.db, "SQLite file holding the games (created when missing)")
      ->capture_default_str();
  cmd.add_option("--port", o.port, "TCP port (0: any free port, printed at start)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  cmd.add_option("--bind", o.bind, "Address to listen on")->capture_default_str();
  cmd.add_option("--tables", o.tables,
                 "Allow games of the .toml tables in this folder (default: bundled tables only)");
  cmd.add_option("--threads", o.threads,
                 "Workers that run requests at once (one event loop holds every connection; "
                 "open pages and their event streams hold no worker)")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  cmd.add_option("--streams-per-token", o.streams_per_token,
                 "Event streams one token (a player's, the spectator link's) may hold open at "
                 "once; one more is answered 429")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd.add_option("--idle-timeout", o.idle_timeout,
                 "Seconds a connection may stay silent (nothing read or written) before it is "
                 "closed; an event stream is kept alive by its comment lines")
      ->check(CLI::Range(1, 86400))
      ->capture_default_str();
  cmd.add_option("--connections-per-address", o.connections_per_address,
                 "Connections one client address may hold at once (0: no limit; behind a proxy "
                 "every connection comes from the proxy)")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  cmd.add_option("--public-url", o.public_url,
                 "Base of the players' links, as clients reach the server behind a proxy "
                 "(https://chess.example.org); default: the request's Host and "
                 "X-Forwarded-Proto")
      ->check([](const std::string& url) -> std::string {
        const bool scheme = url.rfind("http://", 0) == 0 || url.rfind("https://", 0) == 0;
        const std::size_t host = url.find("://") + 3;
        if (!scheme || url.size() <= host)
          return "expected http://HOST or https://HOST (with an optional port and path)";
        if (url.find_first_of(" \t\r\n\"#?") != std::string::npos)
          return "a URL without spaces, quotes, '#' or '?'";
        return "";
      });
  cmd.add_option("--organiser-token-file", o.organiser_token_file,
                 "File holding the organiser's token (its first line, at least 32 characters); "
                 "default: a token generated at start and printed once on standard error");
  cmd.add_option("--create-rate", o.create_rate,
                 "Games one client address may create per minute (0: no limit)")
      ->check(CLI::Range(0.0, 1e6))
      ->capture_default_str();
  cmd.add_option("--create-burst", o.create_burst,
                 "Games one client address may create at once, before --create-rate applies")
      ->check(CLI::Range(1.0, 1e6))
      ->capture_default_str();
  cmd.add_option("--draw-claims", o.draw_claims,
                 "Where a player may claim a draw by threefold repetition or the fifty-move "
                 "rule: turn-based (sequential and conditional tables), all (also the "
                 "simultaneous ones, whose rule texts say nothing of either), none")
      ->check(CLI::IsMember({"turn-based", "all", "none"}))
      ->capture_default_str();
  cmd.add_option("--max-games-in-memory", o.max_games_in_memory,
                 "Games kept in memory at most (the least recently used leave it and load "
                 "again from the database when asked for; one with an open event stream stays)")
      ->check(CLI::Range(1, 10000000))
      ->capture_default_str();
  cmd.add_flag("--behind-proxy", o.behind_proxy,
               "The server is reached through a proxy: the client's address (for --create-rate) "
               "is the last one of X-Forwarded-For");
}

/// The options as a command line `add_serve_options` reads back to the same values.
inline std::vector<std::string> serve_arguments(const ServeCliOptions& o) {
  std::vector<std::string> args{"--db",   o.db,   "--port",    std::to_string(o.port),
                                "--bind", o.bind, "--threads", std::to_string(o.threads)};
  for (const auto& [name, value] : {std::pair{"--streams-per-token", o.streams_per_token},
                                    {"--idle-timeout", o.idle_timeout},
                                    {"--connections-per-address", o.connections_per_address}}) {
    args.emplace_back(name);
    args.push_back(std::to_string(value));
  }
  if (!o.tables.empty()) {
    args.emplace_back("--tables");
    args.push_back(o.tables);
  }
  if (!o.public_url.empty()) {
    args.emplace_back("--public-url");
    args.push_back(o.public_url);
  }
  if (!o.organiser_token_file.empty()) {
    args.emplace_back("--organiser-token-file");
    args.push_back(o.organiser_token_file);
  }
  args.emplace_back("--max-games-in-memory");
  args.push_back(std::to_string(o.max_games_in_memory));
  args.emplace_back("--create-rate");
  args.push_back(std::to_string(o.create_rate));
  args.emplace_back("--create-burst");
  args.push_back(std::to_string(o.create_burst));
  if (o.behind_proxy) args.emplace_back("--behind-proxy");
  args.emplace_back("--draw-claims");
  args.push_back(o.draw_claims);
  return args;
}

}  // namespace arbiter::server
