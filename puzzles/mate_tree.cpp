#include "puzzles/mate_tree.hpp"

#include <algorithm>
#include <optional>

#include "puzzles/verdict.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::puzzles {

Position after_moves(Position pos, const std::vector<std::string>& line) {
  Undo undo;
  for (const std::string& san : line) pos.make(parse_san(pos, san), undo);
  return pos;
}

TranspositionTable mate_tree_table(int moves, int first_log2) {
  return TranspositionTable(std::min(20, 12 + 2 * moves), first_log2);
}

MateTreeDefence mate_tree(const Position& after_defence, std::string defence, int moves, Goal goal,
                          TranspositionTable* table) {
  // One table for the whole tree: every solve below is #m (=m) with the same goal, and the
  // table's entries (won or lost within k moves) hold whatever the root.
  std::optional<TranspositionTable> own;
  if (!table) table = &own.emplace(mate_tree_table(moves));
  SolveOptions options;
  options.table = table;
  options.key_play = false;  // every key of each level; its threats and tries are not shown
  MateTreeDefence node{std::move(defence), {}};
  for (int m = 1; m <= moves && node.answers.empty(); ++m) {
    const Verdict sub =
        solve(after_defence, {StipulationKind::kDirectMate, m, false, goal}, options);
    for (const KeyMove& k : sub.keys) {
      MateTreeAnswer answer{k.move, {}};
      if (m > 1) {
        const Position next = after_moves(after_defence, {k.move});
        MoveList replies;
        generate_legal(next, replies);
        for (Move r : replies) {
          Position q = next;
          Undo undo;
          std::string san = to_san(q, r);
          q.make(r, undo);
          answer.defences.push_back(mate_tree(q, std::move(san), m - 1, goal, table));
        }
      }
      node.answers.push_back(std::move(answer));
    }
  }
  return node;
}

}  // namespace arbiter::puzzles
