// The series-movers (see series_search.hpp).
#include "puzzles/series_search.hpp"

#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::puzzles {
namespace {

constexpr std::uint64_t kSeriesSalt = 0x3C6EF372FE94F82BULL;  // an arbitrary odd constant

/// The end of the series as ProblemSearch plays it: the series side's own goal (ser-#, ser-=)
/// or the other side's mate in one (ser-h#) as a direct #1, ser-s#'s forced mate as s#.
StipulationKind end_kind(StipulationKind series) {
  return series == StipulationKind::kSeriesSelf ? StipulationKind::kSelfMate
                                                : StipulationKind::kDirectMate;
}

}  // namespace

SeriesSearch::SeriesSearch(const Stipulation& stip, TranspositionTable& tt, ProgressFn progress,
                           const HelpmateBound* bound)
    : kind_(stip.kind),
      tt_(tt),
      progress_(std::move(progress)),
      end_(end_kind(stip.kind), stip.goal, tt),
      bound_(stip.kind == StipulationKind::kSeriesSelf ? nullptr : bound) {}

void SeriesSearch::count_node() {
  if ((++nodes_ & 0x3FFF) == 0 && progress_) progress_(nodes());
}

bool SeriesSearch::ends(Position& pos) {
  switch (kind_) {
    case StipulationKind::kSeriesHelp:
      return end_.attacker_wins(pos, 1);  // the other side mates (stalemates) at once
    case StipulationKind::kSeriesSelf:
      return end_.defence_fails(pos, 0);  // every move of the other side mates
    default:
      return end_.goal_reached(pos);
  }
}

bool SeriesSearch::reaches(Position& pos, int n) {
  if (line_nodes_) return line_nodes_->count({pos.key(), n}) != 0;
  const std::uint64_t key = pos.key() ^ kSeriesSalt * static_cast<std::uint64_t>(2 * n + 1);
  if (const auto known = tt_.probe(key, n)) return *known;
  // The bounds: ser-h#n, ser-h=n cut by the series side's moves that can still lead to its
  // own mate (stalemate) by one move of the other; ser-#n, ser-=n by the series side's moves
  // that can still lead to the other's, which does not move.
  const Color series_side = pos.side_to_move();
  HelpmateBound::MatedMoves own;
  HelpmateBound::NextMoves next;
  next.to.fill(~Bitboard{0});
  if (bound_ && kind_ == StipulationKind::kSeriesHelp) {
    own = bound_->mated_moves(pos, series_side, n, 1);
    if (!own.possible && !own.castling) {
      tt_.store(key, n, false);
      return false;
    }
  } else if (bound_ && !bound_->mate_possible(pos, ~series_side, 0, n, &next)) {
    tt_.store(key, n, false);
    return false;
  }
  const Square king = pos.king_square(series_side);
  MoveList moves;
  generate_legal(pos, moves);
  Undo undo;
  bool found = false;
  for (Move m : moves) {
    if (!own.allows(m, king) || !next.allows(m)) continue;
    pos.make(m, undo);
    count_node();
    if (n == 1) {
      found = ends(pos);
    } else if (!pos.in_check()) {
      SeriesPass pass(pos);
      found = reaches(pos, n - 1);
    }
    pos.unmake(m, undo);
    if (found) break;
  }
  tt_.store(key, n, found);
  return found;
}

void SeriesSearch::lines(Position& pos, int n, std::vector<std::string>& line, std::size_t limit,
                         std::vector<std::vector<std::string>>& out) {
  MoveList moves;
  generate_legal(pos, moves);
  Undo undo;
  for (Move m : moves) {
    if (out.size() >= limit) return;
    line.push_back(to_san(pos, m));
    pos.make(m, undo);
    if (n > 1 && !pos.in_check()) {
      SeriesPass pass(pos);
      if (reaches(pos, n - 1)) lines(pos, n - 1, line, limit, out);
    } else if (n == 1 && ends(pos)) {
      if (kind_ == StipulationKind::kSeriesDirect) {
        out.push_back(line);
      } else {
        // ser-h#n, ser-s#n: each mating answer of the other side ends its own line, as
        // Popeye prints them.
        MoveList answers;
        generate_legal(pos, answers);
        Undo u2;
        for (Move a : answers) {
          line.push_back(to_san(pos, a));
          pos.make(a, u2);
          const bool mates = end_.goal_reached(pos);
          pos.unmake(a, u2);
          if (mates && out.size() < limit) out.push_back(line);
          line.pop_back();
        }
      }
    }
    pos.unmake(m, undo);
    line.pop_back();
  }
}

}  // namespace arbiter::puzzles
