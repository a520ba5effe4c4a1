// The monitor's HTTP face (libmicrohttpd, event-driven): the JSON API of docs/serve.md, the
// server-sent events that wake a waiting page, and the page itself. One event-loop thread reads
// and writes every connection; complete requests run on a pool of workers (a request that waits
// for a game's lock or SQLite's commit holds a worker, not the loop); an event stream holds no
// thread while it waits. libmicrohttpd stays inside http_server.cpp.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "server/monitor.hpp"
#include "server/rate_limit.hpp"

namespace arbiter::server {

/// The largest request body, after any transfer encoding, of every request (docs/serve.md).
inline constexpr std::size_t kMaxRequestBody = 64 * 1024;

/// What the server's operator chose beside the workers and the links' base.
struct ServePolicy {
  /// The digest (token_digest) of the organiser's token; "": the organiser's routes answer 403.
  std::string organiser_digest;
  /// Game creations per client address (rate_limit.hpp); the default: no limit.
  CreationLimit creation;
  /// The server is behind a proxy: the client's address is X-Forwarded-For's last one.
  bool behind_proxy = false;
  /// The most event streams one token may hold open at once (429 past it).
  std::size_t streams_per_token = 16;
  /// Seconds a connection may stay silent (no byte read or written) before it is closed.
  unsigned idle_timeout = 30;
  /// The most connections one client address may hold at once; 0: no limit.
  unsigned connections_per_address = 0;
};

class HttpServer {
 public:
  /// `workers`: the threads that run requests (at least one; event streams and idle
  /// connections hold none). `public_url`: the base of the links handed out
  /// ("https://chess.example.org"; a '/' at the end is dropped); empty: each request's Host
  /// header and X-Forwarded-Proto.
  explicit HttpServer(Monitor& monitor, int workers = 8, std::string public_url = "",
                      ServePolicy policy = {});
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  /// Binds `address`:`port` (port 0: any free port) and starts serving; returns the port.
  /// Raises the soft limit of open files to the hard one. Throws std::runtime_error when it
  /// cannot.
  int bind(const std::string& address, int port);
  /// Returns once stop() was called (from another thread, or before).
  void listen();
  /// Answers the requests in hand, ends every event stream, closes the connections.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::server
