// The series-movers: one side (the series side, to move) plays n moves in a row while the
// other passes, none of them but the last giving check, and then
//   ser-#n, ser-=n  the last move mates (stalemates) the other side;
//   ser-h#n         the other side mates the series side in one move (ser-h=n: stalemates);
//   ser-s#n         every move of the other side mates the series side (it must mate).
// This is Popeye's reading: a pass clears the en-passant target, and a check on the way
// would hand the other side a move, so it is not allowed.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "puzzles/problem_search.hpp"
#include "puzzles/stipulation.hpp"
#include "puzzles/transposition.hpp"
#include "rules/core/position.hpp"

namespace arbiter::puzzles {

/// Hands the move back to the series side (the other side passes: no en-passant target).
struct SeriesPass {
  Position& pos;
  Square ep;
  explicit SeriesPass(Position& p) : pos(p), ep(p.en_passant()) {
    pos.set_en_passant(kNoSquare);
    pos.set_side_to_move(~pos.side_to_move());
  }
  ~SeriesPass() {
    pos.set_side_to_move(~pos.side_to_move());
    pos.set_en_passant(ep);
  }
  SeriesPass(const SeriesPass&) = delete;
  SeriesPass& operator=(const SeriesPass&) = delete;
};

class SeriesSearch {
 public:
  /// `stip` must be a series stipulation (is_series).
  /// With `bound`, the lines that cannot reach the end in time are cut (ser-#n, ser-=n: the
  /// series side mates or stalemates the other, which stands still; ser-h#n, ser-h=n: the
  /// other side mates or stalemates in one move; not ser-s#n).
  SeriesSearch(const Stipulation& stip, TranspositionTable& tt, ProgressFn progress = {},
               const HelpmateBound* bound = nullptr);

  /// From now on reaches() answers from `nodes` (null: it searches): they must be every node
  /// of the series lines from the root whose lines are asked for (helpmate_targets.hpp).
  void use_line_nodes(const HelpLineNodes* nodes) { line_nodes_ = nodes; }

  /// The series side (to move) reaches the end in exactly `n` moves (n >= 1).
  bool reaches(Position& pos, int n);
  /// Appends each line of exactly `n` series moves (SAN; ser-h#n, ser-s#n: one line per
  /// mating answer of the other side, that move last)
  /// to `out`, each prefixed with `line`, while `out` holds fewer than `limit`.
  void lines(Position& pos, int n, std::vector<std::string>& line, std::size_t limit,
             std::vector<std::vector<std::string>>& out);

  std::uint64_t nodes() const { return nodes_ + end_.nodes(); }

 private:
  /// After the series side's last move (the other side to move): the end holds.
  bool ends(Position& pos);
  void count_node();

  StipulationKind kind_;
  TranspositionTable& tt_;
  ProgressFn progress_;
  ProblemSearch end_;  ///< the end of the series: #1 (ser-#, ser-h#) or s#'s last defence
  const HelpmateBound* bound_;
  const HelpLineNodes* line_nodes_ = nullptr;
  std::uint64_t nodes_ = 0;
};

}  // namespace arbiter::puzzles
