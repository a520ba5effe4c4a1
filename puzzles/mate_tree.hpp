// The play of a direct mate below the key, down to the mates, as Popeye prints it: after each
// defence the attacker's answers that mate soonest (a longer win where a shorter one exists is
// no dual), and under each answer that is no mate the defences to it. The solution tree
// (`puzzle solve --format tree`) prints it; grading finds the final positions in it.
#pragma once

#include <string>
#include <vector>

#include "puzzles/stipulation.hpp"
#include "puzzles/transposition.hpp"
#include "rules/core/position.hpp"

namespace arbiter::puzzles {

struct MateTreeAnswer;

/// A defence (SAN) and the answers that mate soonest after it.
struct MateTreeDefence {
  std::string defence;
  std::vector<MateTreeAnswer> answers;  ///< empty: none within the moves left
};

/// An attacker's move (SAN); `defences` empty when it mates.
struct MateTreeAnswer {
  std::string move;
  std::vector<MateTreeDefence> defences;
};

/// A table for the trees of `moves` moves (one tree or the trees below every defence):
/// 2^min(20, 12 + 2 * moves) entries at most, first 2^first_log2 (TranspositionTable grows it
/// as it fills). A tree's solves are small: a table sized for the longest of them would cost
/// more to zero than they take.
TranspositionTable mate_tree_table(int moves, int first_log2 = 14);

/// The tree below `after_defence` (the defender's move `defence` made; the attacker to move and
/// to mate within `moves`). Each level is found by solving #1, #2, ... in turn.
/// `goal`: mates (#n) or stalemates (=n).
/// `table`: shared by every solve of the tree (null: one made for this call); the trees of
/// several defences may share one too (same goal).
MateTreeDefence mate_tree(const Position& after_defence, std::string defence, int moves,
                          Goal goal = Goal::kMate, TranspositionTable* table = nullptr);

/// `pos` after the moves `line` (SAN, as the solver writes them).
Position after_moves(Position pos, const std::vector<std::string>& line);

}  // namespace arbiter::puzzles
