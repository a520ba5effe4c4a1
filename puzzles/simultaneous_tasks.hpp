// Problem tasks of the simultaneous tables (Diplomacy Chess, Move-Neutral Chess), where both
// sides submit a move at once: "a move that wins material whatever the opponent submits"
// and "both kings mated in the same turn". Both are searched over every pair of submissions,
// resolved by the table's own resolver (rules/simultaneous/sim_rules.hpp).
#pragma once

#include <utility>
#include <vector>

#include "rules/simultaneous/sim_rules.hpp"

namespace arbiter::puzzles {

/// Pieces of `c` on the board (the tables carry no piece values, so material is counted in
/// pieces; a promoted pawn counts as one piece).
int piece_count(const SimState& s, Color c);

/// The submissions of `side` after which, whatever the opponent submits, the opponent has
/// lost more pieces than `side` in the resolved turn.
std::vector<Move> material_winning_moves(const SimRules& rules, const SimState& s, Color side);

/// Every pair of submissions (white, black) whose resolution leaves both sides checkmated
/// ("both mated"), at most `limit`.
std::vector<std::pair<Move, Move>> both_mated_pairs(const SimRules& rules, const SimState& s,
                                                    int limit = 64);

}  // namespace arbiter::puzzles
