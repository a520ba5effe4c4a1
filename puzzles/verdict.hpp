// Solving a composed problem: every key (in SAN), the threats after each key, the tries with
// their refutations, the duals, and the soundness verdict (sound, cooked, no solution).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "puzzles/problem_search.hpp"
#include "puzzles/stipulation.hpp"
#include "rules/core/position.hpp"

namespace arbiter::puzzles {

enum class Soundness { kSound, kCooked, kNoSolution };
std::string to_string(Soundness s);  ///< "sound", "cooked", "no solution"

/// A first move refuted by at least one and at most SolveOptions::max_refutations defences.
struct Try {
  std::string move, refutation;                ///< the first refutation, in move generation order
  std::vector<std::string> other_refutations;  ///< the others (max_refutations > 1 only)
};

/// A defence after the key and the continuations that answer it (the goal reached by the
/// defence itself, as a selfmate's mate, has none).
struct Variation {
  std::string defence;
  std::vector<std::string> continuations;
};

/// A defence after the key that more than one attacker continuation answers.
using Dual = Variation;

struct KeyMove {
  std::string move;
  bool checks = false;  ///< the key gives check (so it threatens nothing: no pass is legal)
  /// What wins if the defender could pass after the key (a null move: the turn handed back,
  /// no en-passant target); empty when the key checks or n = 1.
  std::vector<std::string> threats;
  std::vector<Dual> duals;
  std::vector<Variation> variations;  ///< every defence (n >= 2), for the solution tree
};

struct Verdict {
  Stipulation stipulation;
  Soundness soundness = Soundness::kNoSolution;
  /// #, =, s#, s=, r#: winning first moves; h#, h=, series: distinct first moves
  std::vector<KeyMove> keys;
  std::vector<Try> tries;  ///< #, s#: the first moves refuted by few defences
  /// h#, h=: every full solution line; series: every line of 1 to n moves (ser-h#,
  /// ser-s#: the other side's mating move last), the short ones first.
  std::vector<std::vector<std::string>> solutions;
  std::size_t short_solutions = 0;  ///< series: the lines of fewer than n moves (they cook it)
  /// Set play (SolveOptions::set_play): what follows when the other side moves first in the
  /// diagram. #n, s#n: its moves that the attacker answers by winning within n - 1 moves
  /// (n >= 2), with those answers; s#n: also its moves that mate the attacker at once, without
  /// answers (s#1 has only these). Moves nothing answers are left out, as Popeye does.
  std::vector<Variation> set_play;
  /// h#n: the set play's lines, h#(n-1).5 with the mating side starting; h#n.5: h#n lines
  /// with the side to be mated starting. At most max_solutions of them.
  std::vector<std::vector<std::string>> set_solutions;
  /// The search stopped at SolveOptions::max_seconds: what was found so far is kept (keys,
  /// tries, lines), the soundness is then that of the part searched, not a verdict.
  bool timed_out = false;
  /// h#, h=, series: the listing stopped at SolveOptions::max_solutions lines (there may be
  /// more; the verdict still counts them right: sound is one line, cooked two or more).
  bool solutions_capped = false;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

struct SolveOptions {
  ProgressFn progress;  ///< called every few thousand nodes
  /// Transposition table of 2^table_log2 entries; 0: sized by the stipulation's length,
  /// 2^(12 + 2n) entries up to 2^20, h#n up to 2^21 (a #2 needs far fewer than 2^20, and
  /// zeroing 16 MB costs a one-process-per-problem solve more than its search; an h#4 with
  /// the helpmate bounds spends 10% less CPU with 2^21).
  int table_log2 = 0;
  /// A table to use instead of a fresh one (null: a fresh one): solves of the same kind and
  /// goal may share one, its entries being facts about positions (mate_tree solves #1, #2,
  /// ... after every defence and keeps one table for the whole tree).
  TranspositionTable* table = nullptr;
  /// False: keys only, and stop at the second (enough for the verdict: the generator's test).
  bool details = true;
  /// With details, #n, s#n, r#n: also each key's threats and variations and the tries; false:
  /// every key and nothing more (what mate_tree needs of each level).
  bool key_play = true;
  /// With key_play: also the tries (false: Popeye's printout without Option Try, which
  /// shows none; on a #4 they can be half the nodes).
  bool tries = true;
  int max_solutions = 64;  ///< h#: lines listed at most
  /// #, s#: a first move that fails is a try when at most this many defences refute it
  /// (Popeye's Option Defence n; 1: the problemists' try, refuted by one defence only).
  int max_refutations = 1;
  /// Also solve the set play (Verdict::set_play, set_solutions). None when the side to move
  /// is in check in the diagram (the other side could not move first).
  bool set_play = false;
  /// Stop after about this many seconds (checked every few thousand nodes) and return what
  /// was found with Verdict::timed_out set; 0: no limit (Popeye's MaxTime, --timeout).
  double max_seconds = 0;
  /// h#, h=, the series but ser-s#: cut the lines that provably cannot reach the mate
  /// (stalemate) in time (helpmate_bound.hpp); false:
  /// brute force, every line searched (the check of the cuts in tests, --brute-force).
  bool helpmate_bounds = true;
  /// h#n and h=n (n >= `helpmate_targets_from`) with the bounds: solve target by target
  /// (helpmate_targets.hpp); 0: never (the check of the targets in tests).
  int helpmate_targets_from = 3;
  /// The same for ser-h#n, ser-#n, ser-h=n and ser-=n (shorter series are faster without
  /// targets).
  int series_targets_from = 6;
};

/// Checks that the position can be a problem of a sequential variant (both royal pieces, the
/// side not to move not in check). Throws std::invalid_argument saying what is wrong.
void check_problem_position(const Position& pos);

/// Solves `start` for `stip`. The side to move starts: the attacker in #n, =n, s#n, s=n, r#n,
/// the side to be mated in h#n (h=n), the mating side in h#n.5, the series side in ser-*. Throws
/// std::invalid_argument for a position check_problem_position rejects.
Verdict solve(const Position& start, const Stipulation& stip, const SolveOptions& options = {});

}  // namespace arbiter::puzzles
