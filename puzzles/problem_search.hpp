// The recursive boolean search of the problem solver: "can the attacker force the goal in n
// moves" (direct play, selfmate, reflexmate; the goal mate or stalemate) and "can both sides
// together reach mate in exactly n moves" (helpmate), over a sequential variant's engine
// (make/unmake, legal moves, check), with a transposition table, move ordering (checks, captures, a
// killer refutation per ply) and mate-distance pruning (a mate in fewer moves is looked for before
// the full depth); for helpmates, lines that cannot reach a mate in the moves left are cut
// (helpmate_bound.hpp, helpmate_picture.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "puzzles/check_candidates.hpp"
#include "puzzles/helpmate_bound.hpp"
#include "puzzles/helpmate_picture.hpp"
#include "puzzles/stipulation.hpp"
#include "puzzles/transposition.hpp"
#include "rules/core/move.hpp"
#include "rules/core/position.hpp"

namespace arbiter::puzzles {

/// The nodes of helpmate lines from one root: the mated side to move, with the key of its
/// position and the move pairs left (>= 1) (helpmate_targets.hpp finds them).
using HelpLineNodes = std::set<std::pair<std::uint64_t, int>>;

/// Called every few thousand nodes with the node count so far (for progress reports).
using ProgressFn = std::function<void(std::uint64_t nodes)>;

class ProblemSearch {
 public:
  /// `bound`: helpmates only, cuts the lines it proves mateless (null: every line is searched).
  ProblemSearch(StipulationKind kind, Goal goal, TranspositionTable& tt, ProgressFn progress = {},
                const HelpmateBound* bound = nullptr);

  /// Direct play / selfmate / reflexmate. The side to move (the attacker) forces the goal
  /// within `n` of its own moves: for #n (=n), the defender checkmated (stalemated); for s#n
  /// (s=n) and r#n, the attacker checkmated (stalemated) by the defender. Any other end of play
  /// on the way is a failure. In r#n a side that can mate at once must (Popeye's reflexmate):
  /// the attacker's mate ends the play as a failure, the defender's as the goal.
  bool attacker_wins(Position& pos, int n);
  /// Direct mate / selfmate, the defender to move right after an attacker move: every
  /// defence leads to the goal with `n` attacker moves still to come (n may be 0).
  bool defence_fails(Position& pos, int n);
  /// Direct mate / selfmate, the attacker to move right after a defence: the goal holds
  /// already (s#: the defender mated) or the attacker forces it within `n` moves.
  bool after_defence(Position& pos, int n);
  /// The defender to move right after an attacker move: its defences that refute it (after
  /// which the attacker cannot force the goal with `n` moves to come), in generation order,
  /// when there are fewer than `limit`; otherwise `limit` refutations, not necessarily the
  /// first. The defences the table already settles are counted first (a refutation found by
  /// the key search is one), then the others are searched, the likeliest refutations first:
  /// a first move that is no try is given up at its `limit`-th refutation.
  std::vector<Move> refutations(Position& pos, int n, int limit);
  /// Helpmate: the side to move and then its opponent, cooperating, reach a checkmate of the
  /// side to move on the opponent's n-th move exactly.
  bool help_mates(Position& pos, int n);
  /// From now on help_mates answers from `nodes` (null: it searches): they must be every
  /// node of the helpmate lines from the root whose lines are asked for.
  void use_line_nodes(const HelpLineNodes* nodes) { line_nodes_ = nodes; }

  /// The goal already holds after a move: the side to move is checkmated (Goal::kMate) or
  /// stalemated (Goal::kStalemate); for #n the defender, for s#n the attacker, and so on.
  bool goal_reached(Position& pos);
  /// Reflexmate: the side to move has a move that reaches the goal (checkmates the other side)
  /// at once, so that it must play one (Popeye's r#n obliges both sides).
  bool can_mate_at_once(Position& pos);

  StipulationKind kind() const { return kind_; }
  Goal goal() const { return goal_; }

  std::uint64_t nodes() const { return nodes_; }

 private:
  /// attacker_wins without the table (r#n: the attacker that can mate at once is asked for
  /// there, before).
  bool attacker_search(Position& pos, int n);
  /// after_defence as far as the table (or the goal on the board) knows it, else nothing.
  std::optional<bool> known_after_defence(Position& pos, int n);
  /// defence_fails without the table: every defence (none: the goal if it holds) loses.
  bool defences_fail(Position& pos, int n);
  bool help_search(Position& pos, int n);
  /// Helpmate, the mating side to move after a move of `mated`: it mates on its `n`-th move,
  /// the mated side helping.
  bool help_answers(Position& pos, Color mated, int n);
  /// Orders `moves` best first for the side to move: checks, then captures, then the rest.
  void order_moves(Position& pos, MoveList& moves, bool detect_checks);
  void count_node();
  /// The moves of the side to move that may check the other side's king (built for the
  /// position's table on first use).
  const CheckCandidates& check_candidates(const Position& pos);
  /// The legal moves of the side to move that may give check (CheckCandidates), in
  /// generate_legal's order: the only ones that can mate at once.
  void legal_moves_that_may_check(Position& pos, MoveList& moves);

  StipulationKind kind_;
  Goal goal_;
  TranspositionTable& tt_;
  ProgressFn progress_;
  const HelpmateBound* bound_;
  std::optional<CheckCandidates> checks_;
  /// Helpmates to mate with the bound: the picture test (helpmate_picture.hpp).
  std::optional<HelpmatePictures> pictures_;
  const HelpLineNodes* line_nodes_ = nullptr;
  std::uint64_t nodes_ = 0;
  int ply_ = 0;
  static constexpr int kMaxPly = 128;
  Move killer_[kMaxPly] = {};
};

/// True when the side to move has at least one legal move.
bool has_legal_move(const Position& pos);

}  // namespace arbiter::puzzles
