// A submission that names its turn (issue 38, item 4): a client that retries a POST whose answer
// it lost must not have its move become the next turn's. A turn already resolved is refused with
// the turn as the view shows it in "history"; a turn not yet begun is refused too.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "server/game.hpp"
#include "server/json_request.hpp"

namespace arbiter::server {

/// A submission naming a turn other than the game's current one (HTTP 409). what() says which;
/// body() is the whole JSON answer: "error", "turn" (the one named), "current_turn" and, for a
/// resolved turn, "resolved" (its "history" entry).
class TurnError : public std::runtime_error {
 public:
  TurnError(const std::string& message, std::string body)
      : std::runtime_error(message), body_(std::move(body)) {}
  const std::string& body() const { return body_; }

 private:
  std::string body_;
};

/// The "turn" a submission's body names (a whole number, or a string of its digits), if any.
/// Throws JsonRequestError.
std::optional<int> named_turn(const JsonObject& body);

/// The longest Idempotency-Key, in bytes.
constexpr std::size_t kMaxIdempotencyKey = 64;

/// `header` as an Idempotency-Key: "" when none, else 1 to kMaxIdempotencyKey visible ASCII
/// characters. Throws JsonRequestError (HTTP 400) for anything else.
std::string checked_idempotency_key(const std::string& header);

/// Throws TurnError unless `named` is `game`'s current turn (Game::turn).
void check_named_turn(const Game& game, int named);

}  // namespace arbiter::server
