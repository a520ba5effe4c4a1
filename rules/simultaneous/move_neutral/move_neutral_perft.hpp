// Perft for Move-Neutral Chess: submitted pairs (|White's submissions| x |Black's| per turn,
// from move_neutral_submissions) resolved by resolve_move_neutral, counted by the simultaneous
// perft of rules/simultaneous/sim_perft.hpp; a position where move_neutral_status says the game is
// over has no children. Recorded counts: docs/move-neutral.md.
#pragma once

#include <cstdint>

#include "rules/simultaneous/sim_perft.hpp"

namespace arbiter {

std::uint64_t move_neutral_perft(const SimState& s, int depth, bool bulk = true);

}  // namespace arbiter
