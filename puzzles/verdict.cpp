// Solving a composed problem and judging its soundness (see verdict.hpp).
#include "puzzles/verdict.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <optional>
#include <stdexcept>

#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::puzzles {
namespace {

/// The SAN of the legal moves after which `holds` is true of the position, in generation
/// order, at most `limit` of them.
template <typename Holds>
std::vector<std::string> moves_where(Position& pos, Holds holds,
                                     int limit = std::numeric_limits<int>::max()) {
  std::vector<std::string> out;
  MoveList moves;
  generate_legal(pos, moves);
  Undo undo;
  for (Move m : moves) {
    pos.make(m, undo);
    const bool kept = holds(pos);
    pos.unmake(m, undo);
    if (kept) out.push_back(to_san(pos, m));
    if (static_cast<int>(out.size()) >= limit) break;
  }
  return out;
}

/// Makes each legal move of `pos` in turn and calls `visit(san)` on the position after it (the
/// SAN read before the move); stops after a move for which `visit` returns false.
template <typename Visit>
void after_each_move(Position& pos, Visit visit) {
  MoveList moves;
  generate_legal(pos, moves);
  Undo undo;
  for (Move m : moves) {
    const std::string san = to_san(pos, m);
    pos.make(m, undo);
    const bool more = visit(san);
    pos.unmake(m, undo);
    if (!more) break;
  }
}

/// The attacker's moves that win within `n` moves from here (n >= 1): after each, the
/// defence fails with n - 1 moves to come.
std::vector<std::string> winning_moves(ProblemSearch& search, Position& pos, int n) {
  return moves_where(pos, [&](Position& after) { return search.defence_fails(after, n - 1); });
}

/// Up to `limit` defences that refute the attacker's move just made (n - 1 moves to come).
std::vector<std::string> refutations(ProblemSearch& search, Position& pos, int n, int limit) {
  return moves_where(
      pos, [&](Position& after) { return !search.after_defence(after, n - 1); }, limit);
}

/// The threats after a key (the defender to move): a pass, then the attacker's winning moves.
std::vector<std::string> threats(ProblemSearch& search, Position& pos, int n) {
  if (n < 2 || pos.in_check()) return {};
  const Square ep = pos.en_passant();
  const Color defender = pos.side_to_move();
  pos.set_en_passant(kNoSquare);
  pos.set_side_to_move(~defender);
  std::vector<std::string> out = winning_moves(search, pos, n - 1);
  pos.set_side_to_move(defender);
  pos.set_en_passant(ep);
  return out;
}

/// Every defence after a key with the continuations that answer it; the duals are those
/// that more than one continuation answers.
void defences(ProblemSearch& search, Position& pos, int n, KeyMove& k) {
  if (n < 2) return;
  after_each_move(pos, [&](const std::string& san) {
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
  after_each_move(pos, [&](const std::string& san) {
    if (search.defence_fails(pos, n - 1)) {
      KeyMove k{san, pos.in_check(), {}, {}, {}};
      if (o.details) {
        k.threats = threats(search, pos, n);
        defences(search, pos, n, k);
      }
      v.keys.push_back(std::move(k));
    } else if (o.details && has_legal_move(pos)) {
      const std::vector<std::string> refs = refutations(search, pos, n, 2);
      if (refs.size() == 1) v.tries.push_back({san, refs.front()});
    }
    return o.details || v.keys.size() <= 1;
  });
}

/// Every helpmate line from here (n move pairs to go), each prefixed with `line`.
void help_lines(ProblemSearch& search, Position& pos, int n, std::vector<std::string>& line,
                const SolveOptions& o, Verdict& v) {
  MoveList first;
  generate_legal(pos, first);
  Undo u1, u2;
  for (Move b : first) {
    if (static_cast<int>(v.solutions.size()) >= o.max_solutions) return;
    line.push_back(to_san(pos, b));
    pos.make(b, u1);
    MoveList second;
    generate_legal(pos, second);
    for (Move w : second) {
      line.push_back(to_san(pos, w));
      pos.make(w, u2);
      if (n == 1) {
        if (search.goal_reached(pos)) v.solutions.push_back(line);
      } else if (search.help_mates(pos, n - 1)) {
        help_lines(search, pos, n - 1, line, o, v);
      }
      pos.unmake(w, u2);
      line.pop_back();
    }
    pos.unmake(b, u1);
    line.pop_back();
  }
}

void solve_helpmate(ProblemSearch& search, Position& pos, const Stipulation& stip,
                    const SolveOptions& o, Verdict& v) {
  const int n = stip.moves;
  std::vector<std::string> line;
  after_each_move(pos, [&](const std::string& san) {
    // The first move solves when some reply mates (n = 1) or leads on to a mate.
    bool solves = false;
    MoveList second;
    generate_legal(pos, second);
    Undo u2;
    for (Move w : second) {
      pos.make(w, u2);
      solves = n == 1 ? search.goal_reached(pos) : search.help_mates(pos, n - 1);
      pos.unmake(w, u2);
      if (solves) break;
    }
    if (solves) v.keys.push_back({san, false, {}, {}, {}});
    return o.details || v.keys.size() <= 1;
  });
  if (o.details || v.keys.size() == 1) {
    // Soundness of a helpmate counts whole lines, not first moves.
    help_lines(search, pos, n, line, o, v);
  }
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
  const int most = stip.kind == StipulationKind::kHelpMate ? 21 : 20;
  TranspositionTable table(options.table_log2 > 0 ? options.table_log2
                                                  : std::min(most, 12 + 2 * stip.moves));
  std::optional<HelpmateBound> bound;
  if (stip.kind == StipulationKind::kHelpMate && options.helpmate_bounds)
    bound.emplace(start.variant());
  ProblemSearch search(stip.kind, table, options.progress, bound ? &*bound : nullptr);
  Position pos = start;
  Verdict v;
  v.stipulation = stip;
  if (stip.kind == StipulationKind::kHelpMate)
    solve_helpmate(search, pos, stip, options, v);
  else
    solve_attacker_problem(search, pos, stip, options, v);
  const std::size_t count = stip.kind == StipulationKind::kHelpMate && !v.solutions.empty()
                                ? v.solutions.size()
                                : v.keys.size();
  v.soundness = count == 0   ? Soundness::kNoSolution
                : count == 1 ? Soundness::kSound
                             : Soundness::kCooked;
  v.nodes = search.nodes();
  v.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return v;
}

}  // namespace arbiter::puzzles
