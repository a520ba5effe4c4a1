// Perft for Diplomacy Chess: the number of distinct sequences of submitted move pairs to a
// depth. A node one level down is a pair (White's submission, Black's submission) from
// diplomacy_submissions; the pair is resolved by resolve_diplomacy and the count goes on from
// the resolved position. A position where diplomacy_status says the game is over has no
// children. Definition and recorded counts: docs/diplomacy-perft.md.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/diplomacy.hpp"

namespace arbiter {

/// `bulk`: at the last level count |White's submissions| x |Black's| without resolving them
/// (the same number; resolving every leaf pair is what --full and --bench time).
std::uint64_t diplomacy_perft(const SimState& s, int depth, const DiplomacyKnobs& knobs,
                              bool bulk = true);
/// The same with the knobs of the position's table, read once.
std::uint64_t diplomacy_perft(const SimState& s, int depth);

struct DiplomacyDivideEntry {
  Move white{};               ///< White's root submission
  int black_submissions = 0;  ///< the pairs it makes at the root
  std::uint64_t nodes = 0;    ///< summed over Black's submissions
};

/// Per White root submission (their sum is diplomacy_perft), in generation order. Empty when
/// the game is over at the root.
std::vector<DiplomacyDivideEntry> diplomacy_perft_divide(const SimState& s, int depth,
                                                         const DiplomacyKnobs& knobs);

/// A 64-bit key of a simultaneous state: the board, castling rights and both en-passant
/// squares (the clocks are left out). Equal states have equal keys; different states collide
/// with a chance of about 2^-64 per pair.
std::uint64_t sim_key(const SimState& s);

/// Level by level: the pairs (perft) and the distinct positions (by sim_key) reached at each
/// depth 1..depth. Keeps one level of positions in memory: for shallow depths.
struct DiplomacyLevel {
  std::uint64_t nodes = 0;
  std::uint64_t distinct = 0;
};
std::vector<DiplomacyLevel> diplomacy_perft_levels(const SimState& s, int depth,
                                                   const DiplomacyKnobs& knobs);

}  // namespace arbiter
