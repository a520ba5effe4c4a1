// Time to solve composed problems: the full verdict (keys, threats, tries, duals) and the
// keys-only verdict the generator uses, for orthodox #2 and #3 problems (Sam Loyd's
// two-movers, the same positions as three-movers, and generated three-movers) and one each
// of h#2, s#2 and Conversion #2. Targets (issue 10): #2 under 0.05 s, #3 under 1 s.
// Run: build/bench/arbiter_puzzle_bench
#include <benchmark/benchmark.h>

#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"

namespace {

using namespace arbiter;
using namespace arbiter::puzzles;

struct BenchProblem {
  const char* name;
  const char* variant;
  const char* fen;
  const char* stip;
};

constexpr BenchProblem kProblems[] = {
    {"loyd1859_#2", "orthodox", "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1", "#2"},
    {"loyd1879_#2", "orthodox", "b1K1N3/1n6/5Q1b/1pk3P1/8/3P4/4R1r1/1R5B w - - 0 1", "#2"},
    {"loyd1913_#2", "orthodox", "3nrn2/1pp1pPpP/1RP1kPBP/3pBp2/3P1P2/3R1P2/3NQK2/8 w - - 0 1",
     "#2"},
    {"loyd1859_#3", "orthodox", "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1", "#3"},
    {"loyd1879_#3", "orthodox", "b1K1N3/1n6/5Q1b/1pk3P1/8/3P4/4R1r1/1R5B w - - 0 1", "#3"},
    {"loyd1913_#3", "orthodox", "3nrn2/1pp1pPpP/1RP1kPBP/3pBp2/3P1P2/3R1P2/3NQK2/8 w - - 0 1",
     "#3"},
    {"generated_#3a", "orthodox", "8/1r6/3Q4/7k/8/8/8/3R3K w - - 0 1", "#3"},
    {"generated_#3b", "orthodox", "8/4k3/1q5Q/8/b7/rBQ5/8/3K4 w - - 0 1", "#3"},
    {"generated_h#2", "orthodox", "8/7k/4P3/2K5/1nP5/8/1Q6/8 b - - 0 1", "h#2"},
    {"generated_s#2", "orthodox", "8/6b1/8/N1P4q/8/3K4/Q7/3k4 w - - 0 1", "s#2"},
    {"conversion_#2", "conversion", "7B/k7/8/8/8/2KQ4/3p4/8 w - - 0 1", "#2"},
};

void solve_problem(benchmark::State& state, const BenchProblem& p, bool details) {
  const VariantPtr v = load_variant(p.variant);
  const Position pos = parse_fen(v, p.fen);
  const Stipulation stip = parse_stipulation(p.stip);
  SolveOptions o;
  o.details = details;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const Verdict verdict = solve(pos, stip, o);
    nodes = verdict.nodes;
    benchmark::DoNotOptimize(verdict.soundness);
  }
  state.counters["nodes"] = static_cast<double>(nodes);
}

[[maybe_unused]] const bool kRegistered = [] {
  for (const BenchProblem& p : kProblems) {
    benchmark::RegisterBenchmark((std::string("verdict/") + p.name).c_str(),
                                 [&p](benchmark::State& s) { solve_problem(s, p, true); })
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((std::string("keys_only/") + p.name).c_str(),
                                 [&p](benchmark::State& s) { solve_problem(s, p, false); })
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
