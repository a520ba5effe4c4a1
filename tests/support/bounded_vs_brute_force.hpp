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
inline puzzles::Verdict solve_every_line(const Position& pos, const puzzles::Stipulation& stip,
                                         bool bounds, bool set_play = false) {
  puzzles::SolveOptions o;
  o.max_solutions = 1 << 20;
  o.table_log2 = 16;
  o.helpmate_bounds = bounds;
  o.set_play = set_play;
  return puzzles::solve(pos, stip, o);
}

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
