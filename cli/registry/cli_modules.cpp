#include "cli/registry/cli_modules.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "cli/conditional/replay_conditional.hpp"
#include "cli/simultaneous/replay_diplomacy.hpp"

namespace arbiter::cli {
namespace {

std::unique_ptr<GameReplay> conditional_replay_entry(const VariantPtr& v,
                                                     const ReplayOptions& options, TurnSets) {
  return conditional_replay(v, options);
}

// The report's sample tasks: a conditional mate; both kings mated by one pair of submissions.
constexpr std::string_view kConditionalWitness = "7k/8/6K1/8/1p6/8/8/R7 b - - 0 1 B -";
constexpr std::string_view kBothMatedWitness = "7k/q3N1pp/8/8/8/8/Q3n1PP/7K w - - 0 1";

// One line per rules kind, in RulesKind's order.
constexpr ModuleRegistry<CliModule> kCliModules = {{
    {count_sequential_perft,
     run_sequential_bench,
     run_sequential_moves,
     sequential_replay,
     sequential_self_checks,
     true,
     nullptr,
     {},
     {}},
    {count_conditional_perft, run_conditional_bench, run_conditional_moves,
     conditional_replay_entry, conditional_self_checks, false, conditional_task, "conditional-mate",
     kConditionalWitness},
    {count_sim_perft, run_sim_bench, nullptr, diplomacy_replay, sim_self_checks, false, sim_task,
     "both-mated", kBothMatedWitness},
    {count_sim_perft, run_sim_bench, nullptr, diplomacy_replay, sim_self_checks, false, sim_task,
     "both-mated", kBothMatedWitness},
}};

}  // namespace

const CliModule& cli_module(const Variant& v) {
  return kCliModules[index_of(v.kind())];
}

void require_stipulations(const Variant& v, const std::string& what) {
  if (!cli_module(v).stipulations) require_module(v, RulesKind::kSequential, what);  // throws
}

}  // namespace arbiter::cli
