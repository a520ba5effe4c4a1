// The monitor's HTTP face (cpp-httplib): the JSON API of docs/serve.md, the server-sent events
// that wake a waiting page, and the page itself. httplib stays inside http_server.cpp.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "server/monitor.hpp"
#include "server/rate_limit.hpp"

namespace arbiter::server {

/// The largest request body, after any transfer encoding, of every request (docs/serve.md).
inline constexpr std::size_t kMaxRequestBody = 64 * 1024;

/// What the server's operator chose beside the threads and the links' base.
struct ServePolicy {
  /// The digest (token_digest) of the organiser's token; "": the organiser's routes answer 403.
  std::string organiser_digest;
  /// Game creations per client address (rate_limit.hpp); the default: no limit.
  CreationLimit creation;
  /// The server is behind a proxy: the client's address is X-Forwarded-For's last one.
  bool behind_proxy = false;
};

class HttpServer {
 public:
  /// `threads`: requests served at once (each open event stream holds one). `public_url`: the
  /// base of the links handed out ("https://chess.example.org"; a '/' at the end is dropped);
  /// empty: each request's Host header and X-Forwarded-Proto.
  explicit HttpServer(Monitor& monitor, int threads = 64, std::string public_url = "",
                      ServePolicy policy = {});
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  /// Binds `address`:`port` (port 0: any free port); returns the port. Throws
  /// std::runtime_error when it cannot.
  int bind(const std::string& address, int port);
  /// Serves until stop() (from another thread). Requires bind().
  void listen();
  /// Ends listen() and every event stream.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::server
