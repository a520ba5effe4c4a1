// The recursive boolean search of the problem solver: "can the attacker force the goal in n
// moves" (direct mate, selfmate) and "can both sides together reach mate in exactly n moves"
// (helpmate), over a sequential variant's engine (make/unmake, legal moves, check), with a
// transposition table, move ordering (checks, captures, a killer refutation per ply) and
// mate-distance pruning (a mate in fewer moves is looked for before the full depth); for
// helpmates, lines that cannot reach a mate in the moves left are cut (helpmate_bound.hpp).
#pragma once

#include <cstdint>
#include <functional>

#include "puzzles/helpmate_bound.hpp"
#include "puzzles/stipulation.hpp"
#include "puzzles/transposition.hpp"
#include "rules/core/move.hpp"
#include "rules/core/position.hpp"

namespace arbiter::puzzles {

/// Called every few thousand nodes with the node count so far (for progress reports).
using ProgressFn = std::function<void(std::uint64_t nodes)>;

class ProblemSearch {
 public:
  /// `bound`: helpmates only, cuts the lines it proves mateless (null: every line is searched).
  ProblemSearch(StipulationKind kind, TranspositionTable& tt, ProgressFn progress = {},
                const HelpmateBound* bound = nullptr);

  /// Direct mate / selfmate. The side to move (the attacker) forces the goal within `n` of
  /// its own moves: for #, the defender checkmated; for s#, the attacker checkmated by the
  /// defender. A stalemate on the way is a failure.
  bool attacker_wins(Position& pos, int n);
  /// Direct mate / selfmate, the defender to move right after an attacker move: every
  /// defence leads to the goal with `n` attacker moves still to come (n may be 0).
  bool defence_fails(Position& pos, int n);
  /// Direct mate / selfmate, the attacker to move right after a defence: the goal holds
  /// already (s#: the defender mated) or the attacker forces it within `n` moves.
  bool after_defence(Position& pos, int n);
  /// Helpmate: the side to move and then its opponent, cooperating, reach a checkmate of the
  /// side to move on the opponent's n-th move exactly.
  bool help_mates(Position& pos, int n);

  /// The goal already holds after a move: for #, the side to move is checkmated; for s#, the
  /// side to move (the attacker) is checkmated; helpmate, the side to move is checkmated.
  bool goal_reached(Position& pos);

  std::uint64_t nodes() const { return nodes_; }

 private:
  bool attacker_search(Position& pos, int n);
  bool help_search(Position& pos, int n);
  /// Orders `moves` best first for the side to move: checks, then captures, then the rest.
  void order_moves(Position& pos, MoveList& moves, bool detect_checks);
  void count_node();

  StipulationKind kind_;
  TranspositionTable& tt_;
  ProgressFn progress_;
  const HelpmateBound* bound_;
  std::uint64_t nodes_ = 0;
  int ply_ = 0;
  static constexpr int kMaxPly = 128;
  Move killer_[kMaxPly] = {};
};

/// True when the side to move has at least one legal move.
bool has_legal_move(const Position& pos);

}  // namespace arbiter::puzzles
