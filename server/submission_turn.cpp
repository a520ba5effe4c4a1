#include "server/submission_turn.hpp"

#include <fmt/format.h>

#include <string>

namespace arbiter::server {

std::optional<int> named_turn(const JsonObject& body) {
  if (const auto it = body.integers.find("turn"); it != body.integers.end()) return it->second;
  if (body.objects.count("turn"))
    throw JsonRequestError(
        "bad JSON body: \"turn\" is the view's turn, a whole number, not an object");
  const auto it = body.strings.find("turn");
  if (it == body.strings.end()) return std::nullopt;
  const std::string& t = it->second;
  if (t.empty() || t.size() > 9 || t.find_first_not_of("0123456789") != std::string::npos)
    throw JsonRequestError(
        fmt::format("bad JSON body: \"turn\" is the view's turn, a whole number, not '{}'", t));
  return std::stoi(t);
}

std::string checked_idempotency_key(const std::string& header) {
  if (header.size() > kMaxIdempotencyKey)
    throw JsonRequestError(fmt::format("bad Idempotency-Key: {} bytes, at most {}", header.size(),
                                       kMaxIdempotencyKey));
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] < 0x21 || header[i] > 0x7E)
      throw JsonRequestError(fmt::format(
          "bad Idempotency-Key: byte {} is no visible ASCII character (a key is 1 to {} of "
          "them, such as a UUID)",
          i, kMaxIdempotencyKey));
  return header;
}

void check_named_turn(const Game& game, int named) {
  const int current = game.turn();
  if (named == current) return;
  const std::string message =
      named >= 1 && named < current
          ? fmt::format(
                "turn {} is resolved (the game is at turn {}): the submission is a retry "
                "or comes late, and was not taken for turn {}",
                named, current, current)
          : fmt::format("turn {} is not the game's turn: it is at turn {}", named, current);
  present::JsonWriter w;
  w.begin_object().field("error", message).field("turn", named).field("current_turn", current);
  if (named >= 1 && named < current) {
    w.key("resolved");
    game.write_history_entry(w, named);
  }
  throw TurnError(message, w.end_object().str());
}

}  // namespace arbiter::server
