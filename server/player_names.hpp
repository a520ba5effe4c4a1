// The players' names given when a game is created: checked once, shown in the view
// ("players") and written into the record as its White and Black tags.
#pragma once

#include <array>
#include <string>

#include "rules/core/geometry.hpp"
#include "server/json_request.hpp"

namespace arbiter::server {

using PlayerNames = std::array<std::string, 2>;  ///< by colour; "" when not given

/// The longest name, in bytes.
constexpr std::size_t kMaxPlayerName = 80;

/// `name` as `side`'s name: at most kMaxPlayerName bytes, no control characters (a newline
/// would end the record's tag), surrounding spaces dropped. Throws GameSetupError.
std::string checked_player_name(const std::string& name, Color side);

/// The players' names of a POST /api/games body: "players": {"white": NAME, "black": NAME},
/// either may be left out (unchecked: Monitor::create checks them). Throws JsonRequestError.
PlayerNames players_of(const JsonObject& body);

/// The record's tags `[White "NAME"]` and `[Black "NAME"]` ('"' and '\' escaped as PGN has
/// them; "?" for a name not given), "" when neither was given.
std::string player_tags(const PlayerNames& names);

}  // namespace arbiter::server
