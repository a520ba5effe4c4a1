// Sam Loyd's three two-movers with their published keys (as given in the Meson problem database
// and yacpdb #37503): the puzzle tests check both solvers against them, and
// bench/puzzle_bench.cpp times them as #2 and as #3.
#pragma once

namespace arbiter::test {

struct LoydProblem {
  const char* id;      ///< short: the benchmarks' names (loyd1859_#2)
  const char* source;  ///< as published: the tests' messages
  const char* fen;
  const char* key;  ///< the published key of the two-mover, SAN
};

inline constexpr LoydProblem kLoydTwoMovers[] = {
    {"loyd1859", "Loyd 1859 (yacpdb 37503)", "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1",
     "Qa5"},
    {"loyd1879", "Loyd, Detroit Free Press 1879",
     "b1K1N3/1n6/5Q1b/1pk3P1/8/3P4/4R1r1/1R5B w - - 0 1", "Rf2"},
    {"loyd1913", "Loyd, Sam Loyd and His Chess Problems 1913",
     "3nrn2/1pp1pPpP/1RP1kPBP/3pBp2/3P1P2/3R1P2/3NQK2/8 w - - 0 1", "Ne4"},
};

}  // namespace arbiter::test
