// The Conditional Chess problem task: "state a conditional move that mates whatever the
// B-move". In phase B (the stater's A-move made, the opponent's B-move due) find every
// statement "!m" or "condition?then/else" whose C-move checkmates after each B-move, judged
// by the table's own turn machine (rules/conditional/conditional_game.hpp).
#pragma once

#include <vector>

#include "rules/conditional/conditional_game.hpp"

namespace arbiter::puzzles {

/// True when `cm`, stated now, checkmates after every B-move the opponent may make (stated,
/// B-move played, C-move decided and applied, the game's status a checkmate by the stater).
/// False when the opponent has no B-move.
bool mates_whatever_the_b_move(const ConditionalState& s, const ConditionalMove& cm);

/// Every such statement (at most `limit`): first the unconditional "!m", then conditional ones
/// whose condition (an empty square, an enemy piece, an enemy piece of one type) tells apart
/// the B-moves that need different mates. Each is confirmed by mates_whatever_the_b_move.
/// Requires phase B (throws std::invalid_argument otherwise).
std::vector<ConditionalMove> conditional_mates(const ConditionalState& s, int limit = 16);

}  // namespace arbiter::puzzles
