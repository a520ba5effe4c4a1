// Time to a first witness of "White to move is in check, the position valid" with exactly N
// pieces on the 64-cell encoding and Z3's QF_FD solver (docs/solver.md). Formula building is
// timed separately from solving. Run: build/bench/arbiter_solver_bench
#include <benchmark/benchmark.h>

#include <chrono>

#include "bench/check_query.hpp"
#include "rules/core/load_variant.hpp"
#include "solver/core/z3_setup.hpp"

namespace {

using namespace arbiter;
using namespace arbiter::solver;

void first_check_witness(benchmark::State& state, const char* table) {
  const VariantPtr v = load_variant(table);
  const int pieces = static_cast<int>(state.range(0));
  double build_s = 0, solve_s = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    z3::context ctx;
    const BoardEncoding board(ctx, v);
    const AttackEncoding attacks(board);
    z3::solver s = make_solver(ctx, SolverLimits{});
    add_check_query(s, board, attacks, pieces);
    const auto t1 = std::chrono::steady_clock::now();
    if (s.check() != z3::sat) state.SkipWithError("no witness");
    const auto t2 = std::chrono::steady_clock::now();
    build_s += std::chrono::duration<double>(t1 - t0).count();
    solve_s += std::chrono::duration<double>(t2 - t1).count();
  }
  state.counters["build_s"] = benchmark::Counter(build_s, benchmark::Counter::kAvgIterations);
  state.counters["solve_s"] = benchmark::Counter(solve_s, benchmark::Counter::kAvgIterations);
}

void BM_OrthodoxCheck(benchmark::State& state) {
  first_check_witness(state, "orthodox");
}
void BM_ConversionCheck(benchmark::State& state) {
  first_check_witness(state, "conversion");
}

BENCHMARK(BM_OrthodoxCheck)->Arg(4)->Arg(8)->Arg(16)->Arg(32)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ConversionCheck)->Arg(4)->Arg(8)->Arg(16)->Arg(32)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
