// Candidate positions for the problem generator proposed by Z3: a "mating net", a board on
// which the king of the side to be mated has at most one flight square (a neighbouring square
// that is empty or holds an attacker and that the attacker does not cover), no one is in check,
// and the attacker has a piece other than its king and pawns. The shape only proposes: the
// generator's solver decides whether a sound problem stands there (puzzles/generator.hpp).
#pragma once

#include <cstdint>
#include <optional>

#include "rules/core/position.hpp"

namespace arbiter::solver {

/// Candidate number `index` of `seed`: a function of (seed, index) alone (a fresh Z3 context
/// and solver per candidate), so generator shards stay deterministic and disjoint. `to_move`
/// moves first; `attacker` gives the mate (for a helpmate the defender moves first). Nothing
/// when Z3 finds no board of the drawn shape within its budget.
std::optional<Position> mating_net_candidate(const VariantPtr& v, Color attacker, Color to_move,
                                             std::uint64_t seed, std::uint64_t index,
                                             int max_pieces = 7);

}  // namespace arbiter::solver
