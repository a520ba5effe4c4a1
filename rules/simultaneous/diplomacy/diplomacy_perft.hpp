// Perft for Diplomacy Chess: the number of distinct sequences of submitted move pairs to a
// depth, counted by the simultaneous perft of rules/simultaneous/sim_perft.hpp with the pairs
// resolved by resolve_diplomacy. A position where diplomacy_status says the game is over has no
// children. Definition and recorded counts: docs/diplomacy-perft.md.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_knobs.hpp"
#include "rules/simultaneous/sim_perft.hpp"

namespace arbiter {

/// `bulk`: at the last level count |White's submissions| x |Black's| without resolving them
/// (the same number; resolving every leaf pair is what --full and --bench time).
std::uint64_t diplomacy_perft(const SimState& s, int depth, const DiplomacyKnobs& knobs,
                              bool bulk = true);
/// The same with the knobs of the position's table, read once.
std::uint64_t diplomacy_perft(const SimState& s, int depth);

using DiplomacyDivideEntry = SimDivideEntry;
using DiplomacyLevel = SimLevel;

/// Per White root submission (their sum is diplomacy_perft), in generation order. Empty when
/// the game is over at the root.
std::vector<DiplomacyDivideEntry> diplomacy_perft_divide(const SimState& s, int depth,
                                                         const DiplomacyKnobs& knobs);

/// Level by level: the pairs and the distinct positions (by sim_key) at each depth 1..depth.
std::vector<DiplomacyLevel> diplomacy_perft_levels(const SimState& s, int depth,
                                                   const DiplomacyKnobs& knobs);

}  // namespace arbiter
