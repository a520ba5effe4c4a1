// The games of each protocol (server/game_*.cpp), for new_game, and what their records share.
#pragma once

#include <memory>
#include <string>

#include "server/game.hpp"

namespace arbiter::server {

std::unique_ptr<Game> simultaneous_game(VariantPtr v);
/// Diplomacy Chess with a set of moves per side and turn, played by `mode` (not kOne).
std::unique_ptr<Game> sets_game(VariantPtr v, TurnSets mode);
std::unique_ptr<Game> conditional_game(VariantPtr v);
std::unique_ptr<Game> sequential_game(VariantPtr v);

/// " --knob NAME=ALT" for every knob of `v` not at the table's default: what `arbiter replay`
/// needs to read a record under the same readings.
std::string replay_options(const Variant& v);

}  // namespace arbiter::server
