// Perft over submitted pairs for any simultaneous table (rules/simultaneous/sim_rules.hpp): a node
// one level down is a pair (White's submission, Black's submission), resolved without trace or
// validation; the count goes on from the resolved position. A position where the game is over
// has no children. Definitions: docs/diplomacy-perft.md, docs/move-neutral.md.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/simultaneous/sim_rules.hpp"

namespace arbiter {

/// `bulk`: at the last level count |White's submissions| x |Black's| without resolving them
/// (the same number; resolving every leaf pair is what --full and --bench time).
std::uint64_t sim_perft(const SimRules& rules, const SimState& s, int depth, bool bulk = true);

struct SimDivideEntry {
  Move white{};               ///< White's root submission
  int black_submissions = 0;  ///< the pairs it makes at the root
  std::uint64_t nodes = 0;    ///< summed over Black's submissions
};

/// Per White root submission (their sum is sim_perft), in generation order. Empty when the
/// game is over at the root.
std::vector<SimDivideEntry> sim_perft_divide(const SimRules& rules, const SimState& s, int depth);

/// A 64-bit key of a simultaneous state: the board, castling rights and both en-passant
/// squares (the clocks are left out). Equal states have equal keys; different states collide
/// with a chance of about 2^-64 per pair.
std::uint64_t sim_key(const SimState& s);

/// Level by level: the pairs (perft) and the distinct positions (by sim_key) reached at each
/// depth 1..depth. Keeps one level of positions in memory: for shallow depths.
struct SimLevel {
  std::uint64_t nodes = 0;
  std::uint64_t distinct = 0;
};
std::vector<SimLevel> sim_perft_levels(const SimRules& rules, const SimState& s, int depth);

}  // namespace arbiter
