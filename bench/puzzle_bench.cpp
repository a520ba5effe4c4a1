// Time to solve composed problems: the full verdict (keys, threats, tries, duals) and the
// keys-only verdict the generator uses, for orthodox #2 and #3 problems (Sam Loyd's
// two-movers, the same positions as three-movers, and generated three-movers) and one each
// of h#2, s#2 and Conversion #2. Targets (issue 10): #2 under 0.05 s, #3 under 1 s.
// Run: build/bench/arbiter_puzzle_bench
#include <benchmark/benchmark.h>

#include <iterator>
#include <string>
#include <vector>

#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "tests/support/loyd_problems.hpp"

namespace {

using namespace arbiter;
using namespace arbiter::puzzles;

struct BenchProblem {
  std::string name;
  const char* variant;
  const char* fen;
  const char* stip;
};

/// Loyd's two-movers (tests/support/loyd_problems.hpp), then the same positions as
/// three-movers, then problems the generator found.
std::vector<BenchProblem> bench_problems() {
  std::vector<BenchProblem> out;
  for (const char* stip : {"#2", "#3"})
    for (const test::LoydProblem& p : test::kLoydTwoMovers)
      out.push_back({std::string(p.id) + "_" + stip, "orthodox", p.fen, stip});
  const BenchProblem generated[] = {
      {"generated_#3a", "orthodox", "8/1r6/3Q4/7k/8/8/8/3R3K w - - 0 1", "#3"},
      {"generated_#3b", "orthodox", "8/4k3/1q5Q/8/b7/rBQ5/8/3K4 w - - 0 1", "#3"},
      {"generated_h#2", "orthodox", "8/7k/4P3/2K5/1nP5/8/1Q6/8 b - - 0 1", "h#2"},
      {"generated_s#2", "orthodox", "8/6b1/8/N1P4q/8/3K4/Q7/3k4 w - - 0 1", "s#2"},
      {"conversion_#2", "conversion", "7B/k7/8/8/8/2KQ4/3p4/8 w - - 0 1", "#2"},
  };
  out.insert(out.end(), std::begin(generated), std::end(generated));
  return out;
}

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
  static const std::vector<BenchProblem> problems = bench_problems();
  for (const BenchProblem& p : problems) {
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
