// One Diplomacy Chess move as text, read and written against diplomacy_submissions: the
// shared reading of rules/simultaneous/sim_move_text.hpp with Diplomacy's submissions.
#pragma once

#include <string>
#include <string_view>

#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "rules/simultaneous/sim_move_text.hpp"

namespace arbiter {

/// The Diplomacy submission of colour `c` on `s` that the text names (read_sim_move).
Move read_diplomacy_move(const SimState& s, Color c, std::string_view text,
                         SimMoveText* shape = nullptr);

/// sim_san of a Diplomacy submission, disambiguated among c's Diplomacy submissions.
std::string diplomacy_san(const SimState& s, Color c, Move m);

}  // namespace arbiter
