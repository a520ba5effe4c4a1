// Issue 37's benchmark: per variant table and method, the time `arbiter ambiguities -v TABLE
// --reachable --method M` takes to look for a record of play from the start for every knob,
// with the knobs that got a record, the longest record and the steps played as counters, and
// per knob the time to its first record (`<knob>.first_s`), that record's length
// (`<knob>.first_plies`) and the length of the record kept (`<knob>.plies`; 0: none); for the
// bmc also the lines it refuted (`<knob>.bmc_bound`: no line of up to that many plies parts
// the readings within its encoding).
//  - walk: the exhaustive search to the table's default bound, then the guided walks (default
//    budget, seed 0);
//  - bmc: bounded model checking of lines from the start only (solver/analysis/
//    reachable_bmc.hpp), up to --bmc-plies 8, each knob within a time budget of
//    ARBITER_BENCH_BMC_SECONDS (default 60: more than the walk spends on a whole table, idle),
//    each query within it.
//
//   build/bench/arbiter_reachable_bench [--benchmark_filter=conversion/bmc]
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "solver/analysis/reachable.hpp"

namespace {

double bmc_budget() {
  const char* s = std::getenv("ARBITER_BENCH_BMC_SECONDS");
  return s ? std::atof(s) : 60.0;
}

void reachable(benchmark::State& state, const std::string& table, const std::string& method) {
  arbiter::solver::ReachableReport r;
  arbiter::solver::ReachableOptions o;
  o.method = method;
  o.bmc_seconds = bmc_budget();
  o.bmc_ms_per_k = static_cast<unsigned>(o.bmc_seconds * 1000);
  for (auto _ : state) r = arbiter::solver::find_reachable(table, o);
  int found = 0, longest = 0;
  for (const auto& k : r.knobs) {
    if (k.record) {
      ++found;
      longest = std::max(longest, k.plies);
    }
    state.counters[k.knob + ".first_s"] = k.record ? k.first_seconds : -1;
    state.counters[k.knob + ".first_plies"] = k.first_plies;
    state.counters[k.knob + ".plies"] = k.plies;
    if (method == "bmc") state.counters[k.knob + ".bmc_bound"] = k.bmc_bound;
  }
  state.counters["knobs"] = static_cast<double>(r.knobs.size());
  state.counters["with_record"] = found;
  state.counters["longest"] = longest;
  state.counters["steps"] = static_cast<double>(r.steps);
  state.counters["bmc_findings"] = static_cast<double>(r.bmc_findings.size());
}

}  // namespace

int main(int argc, char** argv) {
  for (const char* method : {"walk", "bmc"})
    for (const char* table : {"conversion", "conditional", "diplomacy", "move-neutral"})
      benchmark::RegisterBenchmark((std::string("reachable/") + table + "/" + method).c_str(),
                                   reachable, std::string(table), std::string(method))
          ->Iterations(1)
          ->Unit(benchmark::kSecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
