// Issue 37's benchmark: per variant table, the time `arbiter ambiguities -v TABLE --reachable`
// takes to look for a record of play from the start for every knob (the exhaustive search to
// the table's default bound, then the guided walks, default budget and seed 0), with the knobs
// that got a record, the longest record and the steps played as counters.
//
//   build/bench/arbiter_reachable_bench [--benchmark_filter=conversion]
#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>

#include "solver/analysis/reachable.hpp"

namespace {

void reachable(benchmark::State& state, const std::string& table) {
  arbiter::solver::ReachableReport r;
  for (auto _ : state) r = arbiter::solver::find_reachable(table, {});
  int found = 0, longest = 0;
  for (const auto& k : r.knobs)
    if (k.record) {
      ++found;
      longest = std::max(longest, k.plies);
    }
  state.counters["knobs"] = static_cast<double>(r.knobs.size());
  state.counters["with_record"] = found;
  state.counters["longest"] = longest;
  state.counters["steps"] = static_cast<double>(r.steps);
}

}  // namespace

int main(int argc, char** argv) {
  for (const char* table : {"conversion", "conditional", "diplomacy", "move-neutral"})
    benchmark::RegisterBenchmark((std::string("reachable/") + table).c_str(), reachable,
                                 std::string(table))
        ->Iterations(1)
        ->Unit(benchmark::kSecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
