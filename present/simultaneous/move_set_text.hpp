// A Diplomacy Chess set of moves as a player types it (`arbiter resolve --sets`, a submission
// to `arbiter serve` in a game with sets): entries separated by commas or spaces ("Bd1, Bb3
// Kg1"); "-" alone is the empty set. One reader for both.
#pragma once

#include <string>
#include <string_view>

#include "rules/simultaneous/diplomacy/diplomacy_progressive.hpp"

namespace arbiter::inline present {

/// The set in `text`. Only the shape is read here (entries are read by play_progressive);
/// throws std::invalid_argument "<label> '<text>': <what>: expected ..." for an empty entry
/// before a comma, a comma at the end or no move at all. `label` names where the text came
/// from ("--white").
MoveSet parse_move_set(std::string_view label, const std::string& text);

/// The set's entries joined by ", " ("Bd1, Bb3, Kg1"): how a record writes it; "" when empty.
std::string move_set_text(const MoveSet& set);

}  // namespace arbiter::inline present
