// The check that the solver's cuts (puzzles/helpmate_bound.hpp, helpmate_picture.hpp) never
// lose a line: a problem solved with them and by brute force lists the same lines. Shared by
// the puzzles tests of the bounds; header-only, as arbiter_test_support does not link the
// puzzles library.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <random>

#include "puzzles/random_placement.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::test {

/// Solves `stip` listing every line (up to 2^20) with a table of 2^16 entries: with the cuts
/// (`bounds`) or by brute force; `set_play` also solves the set play.
/// `targets_from`: solve h# and the series by targets from this many moves (0: never; -1:
/// the solver's defaults, SolveOptions).
inline puzzles::Verdict solve_every_line(const Position& pos, const puzzles::Stipulation& stip,
                                         bool bounds, bool set_play = false,
                                         int targets_from = -1) {
  puzzles::SolveOptions o;
  o.max_solutions = 1 << 20;
  o.table_log2 = 16;
  o.helpmate_bounds = bounds;
  o.set_play = set_play;
  if (targets_from >= 0) o.helpmate_targets_from = o.series_targets_from = targets_from;
  return puzzles::solve(pos, stip, o);
}

/// The helpmates of the bounds' and the targets' tests: castling of either side (mating and
/// tempo), promotion of either side, en passant; each small enough for brute force.
struct HelpmateTestCase {
  const char* fen;
  const char* stip;
  std::size_t lines;  ///< solution lines (brute force)
};
inline constexpr HelpmateTestCase kHelpmateTestCases[] = {
    // tests/puzzles/puzzle_classics_test.cpp (AHelpmateHasExactlyOneSolutionLine).
    {"8/7k/4P3/2K5/1nP5/8/1Q6/8 b - - 0 1", "h#2", 1},
    {"8/7k/4P3/2K5/1nP5/8/1Q6/8 b - - 0 1", "h#1", 0},
    // tests/data/popeye/castling.inp, problem 2 (A. and J. Hoitsma, STERN 1979): White mates
    // by castling, so the two pieces moving at once must not be missed.
    {"B1k5/p1q5/8/6p1/7b/6p1/7B/4K2R b K - 0 1", "h#2", 1},
    // The same with the rights gone: no solution.
    {"B1k5/p1q5/8/6p1/7b/6p1/7B/4K2R b - - 0 1", "h#2", 0},
    // White promotes (to a queen or a rook) in each of the 64 solutions.
    {"8/1P6/8/8/8/8/5K2/7k b - - 0 1", "h#3", 64},
    // Black promotes as a tempo move: 1.Kh2 Kf2 2.a1=Q Qg2# and 22 more.
    {"8/8/8/8/8/5K2/p7/5Q1k b - - 0 1", "h#2", 23},
    // Black may castle (the bounds count castling's king step): 27 solutions.
    {"r3k3/8/Q7/8/8/8/8/1R2K3 b q - 0 1", "h#2", 27},
    // Black castles in 11 of the 182 solutions, its rook moving with the king.
    {"r3k3/8/8/8/8/5R2/8/Q3K3 b q - 0 1", "h#2", 182},
    // White mates by castling (O-O#) in 16 of the 91 solutions: king and rook in one move.
    {"4rkr1/4p1pp/8/8/8/8/P7/4K2R b K - 0 1", "h#2", 91},
    // En passant: 1.d5 exd6# (e.p.) and 1.d5 Bxd5#; in two, 4 solutions.
    {"5bkb/3p2pp/8/4P3/8/1B6/8/4K3 b - - 0 1", "h#1", 2},
    {"5bkb/3p2pp/8/4P3/8/1B6/8/4K3 b - - 0 1", "h#2", 4},
};

/// The help-stalemates and series of the bounds' and the targets' tests: problems of Popeye's
/// BEISPIEL/hpint.inp (its number there), small enough for brute force.
inline constexpr HelpmateTestCase kStalemateTestCases[] = {
    {"8/2P5/3p4/2pP2p1/2P1K1k1/8/1p5P/8 b - - 0 1", "h=3", 1},  // 1 (B. Bursac)
    {"8/8/2b3R1/8/8/1K6/6p1/k7 b - - 0 1", "h=2", 1},           // 4
    {"8/8/2b3R1/8/8/1K6/6p1/k7 w - - 0 1", "h=2", 1},           // 4, twin
    {"4b2Q/1PP1kP2/8/8/K7/8/3p4/8 w - - 0 1", "h=2.5", 1},      // 14
    {"7b/8/5R2/4KBk1/5N2/4p1n1/8/8 b - - 0 1", "h=3", 2},       // 61 (two lines)
    {"8/8/8/8/8/6p1/5prb/3K1Nkb b - - 0 1", "ser-h=5", 1},      // 2
    {"8/8/8/7K/8/5N2/4Npp1/5k2 b - - 0 1", "ser-h=3", 4},       // 38 (four lines)
    {"7k/2P1pP2/K3P3/8/8/2p5/8/8 w - - 0 1", "ser-#4", 1},      // 21
    {"7k/2P1pP2/K3P3/8/8/2p5/8/8 w - - 0 1", "ser-=4", 1},      // 21, twin
    {"8/8/8/1K1p4/3P4/8/k2p4/2B2B2 b - - 0 1", "ser-h#9", 1},   // 16
};

/// With the cuts and by brute force the solver lists the same lines and gives the same
/// verdict, the cuts in no more nodes; returns how many lines.
inline std::size_t expect_same_lines_with_and_without_bounds(const Position& pos,
                                                             const puzzles::Stipulation& stip) {
  const puzzles::Verdict bounded = solve_every_line(pos, stip, true);
  const puzzles::Verdict brute = solve_every_line(pos, stip, false);
  EXPECT_EQ(bounded.solutions, brute.solutions) << stip.str() << ' ' << to_fen(pos);
  EXPECT_EQ(bounded.soundness, brute.soundness) << stip.str() << ' ' << to_fen(pos);
  EXPECT_LE(bounded.nodes, brute.nodes) << stip.str() << ' ' << to_fen(pos);
  return brute.solutions.size();
}

/// `check` (returning how many lines a position has) on `count` random orthodox positions of
/// `spec` (its side to move starts) drawn with `seed`; at least `min_solved` of them have a
/// line, so that the sample holds solutions.
template <typename Check>
void check_random_positions(const char* stip_text, int count, std::uint64_t seed,
                            const puzzles::PlacementSpec& spec, std::size_t min_solved,
                            Check check) {
  const puzzles::Stipulation stip = puzzles::parse_stipulation(stip_text);
  std::mt19937_64 rng(seed);
  std::size_t solved = 0;
  for (int done = 0; done < count;) {
    const std::optional<Position> pos = puzzles::random_placement(orthodox(), rng, spec);
    if (!pos) continue;
    ++done;
    if (check(*pos, stip) > 0) ++solved;
  }
  EXPECT_GE(solved, min_solved) << stip_text;
}

/// expect_same_lines_with_and_without_bounds on random positions (check_random_positions).
inline void expect_same_lines_on_random_positions(const char* stip_text, int count,
                                                  std::uint64_t seed,
                                                  const puzzles::PlacementSpec& spec,
                                                  std::size_t min_solved) {
  check_random_positions(stip_text, count, seed, spec, min_solved,
                         expect_same_lines_with_and_without_bounds);
}

}  // namespace arbiter::test
