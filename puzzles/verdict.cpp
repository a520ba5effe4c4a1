// Solving a composed problem and judging its soundness (see verdict.hpp).
#include "puzzles/verdict.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>

#include "puzzles/each_move.hpp"
#include "puzzles/helpmate_targets.hpp"
#include "puzzles/series_search.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::puzzles {
namespace {

/// The solver's own table starts at 2^kFirstTableLog2 entries (TranspositionTable).
constexpr int kFirstTableLog2 = 18;

/// More targets than this and a helpmate of `moves` move pairs, mating `mated` in `pos`, is
/// solved by the bounded search alone. Three-movers with many men have tens of thousands of
/// targets, each a small search, and the bounded search, strongest in the last moves, is
/// faster there (Popeye's examples, docs/performance.md); from four moves the targets win. A
/// mated side of fourteen men or more makes the bounded search wide with its own moves, and
/// there up to 5,000 targets still win (intell 81: sixteen men, about 2,200 targets a twin).
std::size_t most_targets(const Position& pos, Color mated, int moves) {
  if (moves > 3) return 200000;
  return popcount(pos.pieces(mated)) >= 14 ? 5000 : 1500;
}

/// A search answers from the line nodes (helpmate_targets.hpp) while this lives, also when a
/// time limit unwinds the solve: the nodes are the caller's local.
template <typename Search>
struct LineNodesInUse {
  Search& search;
  LineNodesInUse(Search& s, const HelpLineNodes* nodes) : search(s) {
    search.use_line_nodes(nodes);
  }
  ~LineNodesInUse() { search.use_line_nodes(nullptr); }
  LineNodesInUse(const LineNodesInUse&) = delete;
  LineNodesInUse& operator=(const LineNodesInUse&) = delete;
};

/// The SAN of the legal moves after which `holds` is true of the position, in generation
/// order.
template <typename Holds>
std::vector<std::string> moves_where(Position& pos, Holds holds) {
  std::vector<std::string> out;
  MoveList moves;
  generate_legal(pos, moves);
  Undo undo;
  for (Move m : moves) {
    pos.make(m, undo);
    const bool kept = holds(pos);
    pos.unmake(m, undo);
    if (kept) out.push_back(to_san(pos, m));
  }
  return out;
}

/// The attacker's moves that win within `n` moves from here (n >= 1): after each, the
/// defence fails with n - 1 moves to come.
std::vector<std::string> winning_moves(ProblemSearch& search, Position& pos, int n) {
  return moves_where(pos, [&](Position& after) { return search.defence_fails(after, n - 1); });
}

/// The defences that refute the attacker's move just made (n - 1 moves to come), when fewer
/// than `limit`; else `limit` of them (ProblemSearch::refutations).
std::vector<std::string> refutations(ProblemSearch& search, Position& pos, int n, int limit) {
  std::vector<std::string> out;
  for (Move r : search.refutations(pos, n - 1, limit)) out.push_back(to_san(pos, r));
  return out;
}

/// The threats after a key (the defender to move): a pass, then the attacker's winning moves.
std::vector<std::string> threats(ProblemSearch& search, Position& pos, int n) {
  if (n < 2 || pos.in_check()) return {};
  const Square ep = pos.en_passant();
  const Color defender = pos.side_to_move();
  pos.set_en_passant(kNoSquare);
  pos.set_side_to_move(~defender);
  // r#n: an attacker that could mate after the pass would have to, so it threatens nothing.
  std::vector<std::string> out;
  if (search.kind() != StipulationKind::kReflexMate || !search.can_mate_at_once(pos))
    out = winning_moves(search, pos, n - 1);
  pos.set_side_to_move(defender);
  pos.set_en_passant(ep);
  return out;
}

/// Every defence after a key with the continuations that answer it; the duals are those
/// that more than one continuation answers.
void defences(ProblemSearch& search, Position& pos, int n, KeyMove& k) {
  if (n < 2) return;
  // r#n: a defender that can mate must, so its other moves are no defences.
  const bool must_mate =
      search.kind() == StipulationKind::kReflexMate && search.can_mate_at_once(pos);
  after_each_move(pos, [&](const std::string& san) {
    if (must_mate && !search.goal_reached(pos)) return true;
    Variation v{san, {}};
    if (!search.goal_reached(pos)) v.continuations = winning_moves(search, pos, n - 1);
    if (v.continuations.size() > 1) k.duals.push_back({san, v.continuations});
    k.variations.push_back(std::move(v));
    return true;
  });
}

void solve_attacker_problem(ProblemSearch& search, Position& pos, const Stipulation& stip,
                            const SolveOptions& o, Verdict& v) {
  const int n = stip.moves;
  // r#n: an attacker that can mate in the diagram must, so nothing solves it.
  if (stip.kind == StipulationKind::kReflexMate && search.can_mate_at_once(pos)) return;
  after_each_move(pos, [&](const std::string& san) {
    if (search.defence_fails(pos, n - 1)) {
      KeyMove k{san, pos.in_check(), {}, {}, {}};
      if (o.details && o.key_play) {
        k.threats = threats(search, pos, n);
        defences(search, pos, n, k);
      }
      v.keys.push_back(std::move(k));
    } else if (o.details && o.key_play && o.tries && has_legal_move(pos)) {
      const int most = std::max(o.max_refutations, 1);
      std::vector<std::string> refs = refutations(search, pos, n, most + 1);
      if (!refs.empty() && static_cast<int>(refs.size()) <= most) {
        Try t{san, refs.front(), {}};
        t.other_refutations.assign(refs.begin() + 1, refs.end());
        v.tries.push_back(std::move(t));
      }
    }
    return o.details || v.keys.size() <= 1;
  });
}

/// Every helpmate line from here (n move pairs to go, the side to be mated moving), each
/// prefixed with `line`, into `out` while it holds fewer than `limit`.
void help_lines(ProblemSearch& search, Position& pos, int n, std::vector<std::string>& line,
                std::size_t limit, std::vector<std::vector<std::string>>& out) {
  MoveList first;
  generate_legal(pos, first);
  Undo u1, u2;
  for (Move b : first) {
    if (out.size() >= limit) return;
    line.push_back(to_san(pos, b));
    pos.make(b, u1);
    MoveList second;
    generate_legal(pos, second);
    for (Move w : second) {
      line.push_back(to_san(pos, w));
      pos.make(w, u2);
      if (n == 1) {
        if (search.goal_reached(pos)) out.push_back(line);
      } else if (search.help_mates(pos, n - 1)) {
        help_lines(search, pos, n - 1, line, limit, out);
      }
      pos.unmake(w, u2);
      line.pop_back();
    }
    pos.unmake(b, u1);
    line.pop_back();
  }
}

/// The helpmate lines that start with a half move of the mating side (to move in `pos`), then
/// `n` move pairs: h#n.5.
void half_lines(ProblemSearch& search, Position& pos, int n, std::size_t limit,
                std::vector<std::vector<std::string>>& out) {
  std::vector<std::string> line;
  MoveList first;
  generate_legal(pos, first);
  Undo undo;
  for (Move w : first) {
    if (out.size() >= limit) return;
    line.push_back(to_san(pos, w));
    pos.make(w, undo);
    if (n == 0) {
      if (search.goal_reached(pos)) out.push_back(line);
    } else if (search.help_mates(pos, n)) {
      help_lines(search, pos, n, line, limit, out);
    }
    pos.unmake(w, undo);
    line.pop_back();
  }
}

/// Every helpmate line from `pos`: h#n (the side to be mated moving) or h#n.5 (the mating side).
void all_help_lines(ProblemSearch& search, Position& pos, const Stipulation& stip,
                    std::size_t limit, std::vector<std::vector<std::string>>& out) {
  std::vector<std::string> line;
  if (stip.half)
    half_lines(search, pos, stip.moves, limit, out);
  else
    help_lines(search, pos, stip.moves, line, limit, out);
}

/// True when the move just made (by the side that moved first) starts a line of `stip`.
bool help_first_move_solves(ProblemSearch& search, Position& pos, const Stipulation& stip) {
  // h#n.5: the mating side's half move, then n move pairs from here.
  if (stip.half)
    return stip.moves == 0 ? search.goal_reached(pos) : search.help_mates(pos, stip.moves);
  // h#n: some reply mates (n = 1) or leads on to a mate.
  const int n = stip.moves;
  MoveList second;
  generate_legal(pos, second);
  Undo u2;
  for (Move w : second) {
    pos.make(w, u2);
    const bool solves = n == 1 ? search.goal_reached(pos) : search.help_mates(pos, n - 1);
    pos.unmake(w, u2);
    if (solves) return true;
  }
  return false;
}

/// Thrown by the progress callback of a search past SolveOptions::max_seconds; caught in
/// solve(), which keeps what was found.
struct TimedOut {};

/// Runs `find` (the target phase of a helpmate or series). A time limit that stops it leaves
/// the line nodes found so far: each was stored after a line below it was proved, so they
/// answer the listing with real lines, only not all of them. Returns whether the nodes are to
/// be used; `stopped` tells that the limit was hit (the caller lists, then reports it).
/// `find` works on a copy of the position, which a time limit leaves mid-line.
template <typename Find>
bool find_line_nodes(const Position& pos, Find find, bool& stopped) {
  try {
    Position work = pos;
    return find(work);
  } catch (const TimedOut&) {
    stopped = true;
    return true;
  }
}

/// Long helpmates (h#n, h=n, n >= SolveOptions::helpmate_targets_from, the set play's too):
/// every line's nodes from `pos`, found target by target, into `nodes`; the lines are then
/// read off them. False when the targets do not serve (the bounded search then solves alone).
bool help_line_nodes(HelpmateTargets* targets, const Position& pos, const Stipulation& stip,
                     const SolveOptions& o, HelpLineNodes& nodes, bool& stopped) {
  if (!targets || o.helpmate_targets_from <= 0 || stip.moves < o.helpmate_targets_from)
    return false;
  const Color mated = stip.half ? ~pos.side_to_move() : pos.side_to_move();
  return find_line_nodes(
      pos,
      [&](Position& work) {
        return targets->line_nodes(work, mated, stip.moves, stip.moves + (stip.half ? 1 : 0),
                                   most_targets(pos, mated, stip.moves), nodes);
      },
      stopped);
}

void solve_helpmate(ProblemSearch& search, HelpmateTargets* targets, Position& pos,
                    const Stipulation& stip, const SolveOptions& o, Verdict& v) {
  HelpLineNodes nodes;
  bool stopped = false;
  const bool by_targets = help_line_nodes(targets, pos, stip, o, nodes, stopped);
  const LineNodesInUse in_use(search, by_targets ? &nodes : nullptr);
  after_each_move(pos, [&](const std::string& san) {
    if (help_first_move_solves(search, pos, stip)) v.keys.push_back({san, false, {}, {}, {}});
    return o.details || v.keys.size() <= 1;
  });
  if (o.details || v.keys.size() == 1) {
    // Soundness of a helpmate counts whole lines, not first moves.
    all_help_lines(search, pos, stip, static_cast<std::size_t>(std::max(o.max_solutions, 0)),
                   v.solutions);
  }
  if (stopped) throw TimedOut{};
}

/// The series lines of 1, 2, ... n moves (the short ones too, as Popeye lists them), with
/// their distinct first moves as keys.
void solve_series(SeriesSearch& series, HelpmateTargets* targets, Position& pos,
                  const Stipulation& stip, const SolveOptions& o, Verdict& v) {
  // Long ser-h#n, ser-#n, ser-h=n and ser-=n: the nodes of every line of each length found
  // target by target first (the short lines are listed too). A stalemate's targets place the
  // men that stand (helpmate_targets.hpp), which on Popeye's examples beat the bounded search
  // (docs/performance.md); before they did, the bounded search alone was faster.
  HelpLineNodes nodes;
  const bool help = stip.kind == StipulationKind::kSeriesHelp;
  bool by_targets = targets && o.series_targets_from > 0 && stip.moves >= o.series_targets_from &&
                    (help || stip.kind == StipulationKind::kSeriesDirect);
  bool stopped = false;
  if (by_targets)
    by_targets = find_line_nodes(
        pos,
        [&](Position& work) {
          return targets->series_lengths_line_nodes(
              work, help, stip.moves,
              most_targets(pos, help ? pos.side_to_move() : ~pos.side_to_move(), stip.moves),
              nodes);
        },
        stopped);
  const LineNodesInUse in_use(series, by_targets ? &nodes : nullptr);
  const auto limit = static_cast<std::size_t>(std::max(o.max_solutions, 0));
  std::vector<std::string> line;
  for (int k = 1; k <= stip.moves; ++k) {
    const std::size_t before = v.solutions.size();
    if (series.reaches(pos, k)) series.lines(pos, k, line, limit, v.solutions);
    if (k < stip.moves) v.short_solutions += v.solutions.size() - before;
    if (!o.details && v.solutions.size() > 1) break;
  }
  for (const auto& l : v.solutions)
    if (std::none_of(v.keys.begin(), v.keys.end(),
                     [&](const KeyMove& k) { return k.move == l[0]; }))
      v.keys.push_back({l[0], false, {}, {}, {}});
  if (stopped) throw TimedOut{};
}

/// `pos` with the other side to move and no en-passant target (a pass), or nothing when the
/// side to move is in check (the other side could not have the move).
std::optional<Position> passed(const Position& pos) {
  if (pos.in_check()) return std::nullopt;
  Position other = pos;
  other.set_en_passant(kNoSquare);
  other.set_side_to_move(~pos.side_to_move());
  return other;
}

/// The set play of a direct mate or selfmate (see Verdict::set_play).
void attacker_set_play(ProblemSearch& search, Position& pos, const Stipulation& stip, Verdict& v) {
  const bool self = stip.kind == StipulationKind::kSelfMate;
  if (stip.moves < 2 && !self) return;  // #1: no move is left to answer the set move
  after_each_move(pos, [&](const std::string& san) {
    Variation line{san, {}};
    const bool goal = search.goal_reached(pos);
    if (!goal && stip.moves >= 2) line.continuations = winning_moves(search, pos, stip.moves - 1);
    if (!line.continuations.empty() || (self && goal)) v.set_play.push_back(std::move(line));
    return true;
  });
}

/// The set play of a helpmate: h#n gives h#(n-1).5 lines, h#n.5 gives h#n lines (target by
/// target where the play itself would be).
void help_set_play(ProblemSearch& search, HelpmateTargets* targets, Position& pos,
                   const Stipulation& stip, const SolveOptions& o, Verdict& v) {
  const Stipulation set = stip.half ? Stipulation{stip.kind, stip.moves, false}
                                    : Stipulation{stip.kind, stip.moves - 1, true};
  HelpLineNodes nodes;
  bool stopped = false;
  const bool by_targets = help_line_nodes(targets, pos, set, o, nodes, stopped);
  const LineNodesInUse in_use(search, by_targets ? &nodes : nullptr);
  all_help_lines(search, pos, set, static_cast<std::size_t>(std::max(o.max_solutions, 0)),
                 v.set_solutions);
  if (stopped) throw TimedOut{};
}

/// The progress callback of the searches: the caller's, and the time limit.
ProgressFn limited_progress(const SolveOptions& o, std::chrono::steady_clock::time_point t0) {
  if (o.max_seconds <= 0) return o.progress;
  return [user = o.progress, t0, limit = o.max_seconds](std::uint64_t nodes) {
    if (user) user(nodes);
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > limit)
      throw TimedOut{};
  };
}

}  // namespace

std::string to_string(Soundness s) {
  switch (s) {
    case Soundness::kSound:
      return "sound";
    case Soundness::kCooked:
      return "cooked";
    case Soundness::kNoSolution:
      break;
  }
  return "no solution";
}

void check_problem_position(const Position& pos) {
  for (Color c : {kWhite, kBlack})
    if (pos.king_square(c) == kNoSquare)
      throw std::invalid_argument(std::string("a problem needs both royal pieces; ") +
                                  (c == kWhite ? "White" : "Black") + " has none");
  if (pos.king_in_check(~pos.side_to_move()))
    throw std::invalid_argument("the side not to move is in check (an illegal position)");
}

Verdict solve(const Position& start, const Stipulation& stip, const SolveOptions& options) {
  check_problem_position(start);
  const auto t0 = std::chrono::steady_clock::now();
  // Helpmates of four and more moves keep more lines than the attacker's searches: 2^21.
  const bool help = stip.kind == StipulationKind::kHelpMate;
  const bool series = is_series(stip.kind);
  const int most = help || series ? 21 : 20;
  std::optional<TranspositionTable> own_table;
  // Sized by the stipulation, the table starts at 2^18 entries (4 MiB) at most and grows as
  // it fills: a long stipulation solved in a few thousand nodes (a series found target by
  // target) would otherwise have the system zero 32 MiB for it, most of its process's time.
  if (!options.table)
    own_table.emplace(
        options.table_log2 > 0 ? options.table_log2 : std::min(most, 12 + 2 * stip.moves),
        kFirstTableLog2);
  TranspositionTable& table = options.table ? *options.table : *own_table;
  std::optional<HelpmateBound> bound;
  // The bounds prove a mate (stalemate) out of reach: for h#n, h=n and the series but ser-s#n
  // (its end is the other side's forced mate, which they do not model).
  if ((help || (series && stip.kind != StipulationKind::kSeriesSelf)) && options.helpmate_bounds)
    bound.emplace(start.variant(), stip.goal);
  const HelpmateBound* bounds = bound && bound->enabled() ? &*bound : nullptr;
  const ProgressFn progress = limited_progress(options, t0);
  ProblemSearch search(stip.kind, stip.goal, table, progress, help ? bounds : nullptr);
  std::optional<HelpmateTargets> targets;
  if ((help || series) && bounds)
    targets.emplace(start.variant(), *bounds, progress,
                    // no larger than the solver's own (the generator
                    // asks for small ones, candidate after candidate)
                    std::min(18, options.table_log2 > 0 ? options.table_log2 : 18));
  SeriesSearch series_search(stip, table, progress, bounds);
  Position pos = start;
  Verdict v;
  v.stipulation = stip;
  try {
    if (series)
      solve_series(series_search, targets ? &*targets : nullptr, pos, stip, options, v);
    else if (help)
      solve_helpmate(search, targets ? &*targets : nullptr, pos, stip, options, v);
    else
      solve_attacker_problem(search, pos, stip, options, v);
    const bool has_set_play = !series && stip.kind != StipulationKind::kReflexMate;
    if (options.set_play && has_set_play) {
      if (std::optional<Position> other = passed(start)) {
        if (help)
          help_set_play(search, targets ? &*targets : nullptr, *other, stip, options, v);
        else
          attacker_set_play(search, *other, stip, v);
      }
    }
  } catch (const TimedOut&) {
    v.timed_out = true;  // the searches unwound; `pos` is abandoned mid-line
  }
  v.solutions_capped = (help || series) && options.max_solutions > 0 &&
                       v.solutions.size() >= static_cast<std::size_t>(options.max_solutions);
  // Helpmates and series count whole lines (a short series line cooks it), the rest keys.
  const std::size_t count =
      (help || series) && !v.solutions.empty() ? v.solutions.size() : v.keys.size();
  v.soundness = count == 0                         ? Soundness::kNoSolution
                : count == 1 && !v.short_solutions ? Soundness::kSound
                                                   : Soundness::kCooked;
  v.nodes =
      search.nodes() + (series ? series_search.nodes() : 0) + (targets ? targets->nodes() : 0);
  v.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return v;
}

}  // namespace arbiter::puzzles
