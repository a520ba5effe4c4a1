// The open event streams of the HTTP server (GET /api/games/ID/events): which game each one
// watches, how many each token holds (at most a cap: a client cannot hold connections without
// end with one token), and each stream's text still to send. The HTTP layer parks a stream's
// connection while it has nothing to send and wakes it when text arrives; no thread waits for
// a stream.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/event_stream.hpp"

namespace arbiter::server {

/// One open event stream: `position` and `last_text` are the refresher's (one at a time, under
/// `refresh_mutex`), the rest is shared with the connection under `mutex`.
struct OpenStream {
  OpenStream(std::string game_id, std::string token, std::optional<int> resumed_from)
      : game(std::move(game_id)), token_key(std::move(token)), position(resumed_from) {}

  const std::string game;
  const std::string token_key;  ///< what the cap counts by (the token's digest)
  /// What the stream keeps alive while it is open (a handle that keeps its game in memory).
  std::shared_ptr<const void> keep;
  std::mutex refresh_mutex;
  EventStream position;  ///< the version the client was told last
  std::chrono::steady_clock::time_point last_text = std::chrono::steady_clock::now();
  std::mutex mutex;
  std::string outbox;          ///< text not yet handed to the connection
  bool parked = false;         ///< the connection waits for text (the HTTP layer resumes it)
  bool ended = false;          ///< the stream ends once the outbox is sent
  void* connection = nullptr;  ///< the HTTP layer's connection; null once it is gone
};

class StreamHub {
 public:
  /// `per_token`: the most streams one token may hold open at once.
  explicit StreamHub(std::size_t per_token) : per_token_(per_token) {}

  /// A new stream of game `game` for the token whose digest is `token_key`; nullptr when that
  /// token holds `per_token` open streams already.
  std::shared_ptr<OpenStream> open(const std::string& game, const std::string& token_key,
                                   std::optional<int> resumed_from);
  /// Forgets `stream` (its connection is gone, or going): its token may open another. Once;
  /// a second call does nothing.
  void remove(const OpenStream* stream);
  /// The open streams of game `game`.
  std::vector<std::shared_ptr<OpenStream>> watching(const std::string& game) const;
  /// Every open stream.
  std::vector<std::shared_ptr<OpenStream>> all() const;
  std::size_t size() const;
  std::size_t per_token() const { return per_token_; }

 private:
  const std::size_t per_token_;
  mutable std::mutex mutex_;
  std::map<std::string, std::vector<std::shared_ptr<OpenStream>>> by_game_;
  std::map<std::string, std::size_t> by_token_;
};

}  // namespace arbiter::server
