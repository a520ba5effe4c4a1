// Time to the first engine-confirmed witness of every catalog scenario (issue 7's benchmark):
// for each scenario, `--seeds` runs of find_witnesses (formula building, solving, the engine's
// judgement and replay) at up to `--pieces` pieces, CPU time per run, and the median. Prints one
// Markdown table per variant, as docs/solver.md shows them.
//
//   build/bench/arbiter_scenario_bench [--pieces 16] [--seeds 3] [--variant NAME] [--timeout MS]
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "rules/core/load_variant.hpp"
#include "solver/core/scenario_search.hpp"

namespace {

using namespace arbiter;
using namespace arbiter::solver;

struct Options {
  int pieces = 16;
  int seeds = 3;
  std::string variant;
  unsigned timeout_ms = 60000;
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--pieces" && has_value)
      o.pieces = std::atoi(argv[++i]);
    else if (a == "--seeds" && has_value)
      o.seeds = std::atoi(argv[++i]);
    else if (a == "--variant" && has_value)
      o.variant = argv[++i];
    else if (a == "--timeout" && has_value)
      o.timeout_ms = static_cast<unsigned>(std::atoi(argv[++i]));
    else {
      std::cerr << "usage: arbiter_scenario_bench [--pieces N] [--seeds K] [--variant NAME] "
                   "[--timeout MS]\n";
      std::exit(2);
    }
  }
  if (o.pieces < 2 || o.pieces > 32 || o.seeds < 1) {
    std::cerr << "arbiter_scenario_bench: --pieces must be 2..32 and --seeds at least 1\n";
    std::exit(2);
  }
  return o;
}

double cpu_seconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  std::map<std::string, VariantPtr> variants;
  std::string current;
  for (const ScenarioInfo& s : scenario_infos()) {
    if (!o.variant.empty() && s.variant != o.variant) continue;
    if (s.variant != current) {
      current = s.variant;
      std::cout << fmt::format(
          "\n| {} scenario | median CPU | runs (s) | status |\n|---|---:|---|---|\n", current);
    }
    VariantPtr& v = variants[s.variant];
    if (!v) v = load_variant(s.variant);
    std::vector<double> times;
    std::string statuses;
    for (int seed = 0; seed < o.seeds; ++seed) {
      SearchOptions so;
      so.max_pieces = o.pieces;
      so.limits.seed = static_cast<unsigned>(seed);
      so.limits.timeout_ms = o.timeout_ms;
      const double t0 = cpu_seconds();
      std::string status;
      try {
        status = find_witnesses(s, v, so).status;
      } catch (const EngineDisagreement& e) {
        status = "disagreement on " + e.fen();
      }
      times.push_back(cpu_seconds() - t0);
      if (statuses.find(status) == std::string::npos)
        statuses += (statuses.empty() ? "" : ", ") + status;
    }
    std::vector<double> sorted = times;
    std::sort(sorted.begin(), sorted.end());
    std::string runs;
    for (double t : times) runs += fmt::format("{}{:.2f}", runs.empty() ? "" : ", ", t);
    std::cout << fmt::format("| {} | {:.2f} s | {} | {} |\n", s.name.substr(s.name.find('/') + 1),
                             sorted[sorted.size() / 2], runs, statuses)
              << std::flush;
  }
  return 0;
}
