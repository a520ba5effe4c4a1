// Diplomacy Chess positions reached by random simultaneous play, driven by RapidCheck
// generators, with a random pair of submissions in them.
#pragma once

#include <rapidcheck.h>

#include <vector>

#include "rules/simultaneous/diplomacy/diplomacy.hpp"

namespace arbiter::test {

/// The submissions of colour `c`, in generation order.
std::vector<Move> submissions(const SimState& s, Color c);

struct Scenario {
  SimState state;
  Move moves[2];  ///< [colour]: a submission of each side
};

/// From one of a few start positions (the setup, open middlegames, en-passant rights on both
/// sides, promotions, castling), up to 20 turns of random submission pairs resolved with the
/// default knobs; a turn that would end the game is not played, and every state reached must
/// round-trip through its simultaneous FEN (RC_ASSERT). Then a random pair of submissions.
/// Logs both with RC_LOG.
Scenario random_scenario();

}  // namespace arbiter::test
