// `arbiter perft` on simultaneous tables (Diplomacy Chess, Move-Neutral Chess): counts of
// submitted pairs (docs/diplomacy-perft.md, docs/move-neutral.md), per White root submission
// with --divide, distinct positions per depth with --distinct, and the --bench run (resolved
// pairs per second).
#include <fmt/format.h>

#include <CLI/CLI.hpp>

#include "cli/core/perft_front_end.hpp"
#include "rules/simultaneous/sim_move_text.hpp"
#include "rules/simultaneous/sim_perft.hpp"

namespace arbiter::cli {

PerftCount count_sim_perft(const PerftOptions& o, const VariantPtr& v) {
  const SimState s = o.fen.empty() ? sim_start(v) : parse_sim_fen(v, o.fen);
  const std::unique_ptr<SimRules> rules = sim_rules_for(v);
  if (o.distinct && o.divide)
    throw CLI::ValidationError("--distinct", "counts the whole tree: leave out --divide");
  PerftCount c;
  const std::vector<SimDivideEntry> divide = timed_count(
      o, c, [&] { return sim_perft_divide(*rules, s, o.depth); },
      [&] {
        if (!o.distinct) return sim_perft(*rules, s, o.depth, !o.full);
        c.levels = sim_perft_levels(*rules, s, o.depth);
        return c.levels.back().nodes;
      });
  c.fen = to_sim_fen(s);
  const Position white_view = view_for(s, kWhite);
  MoveList subs;
  if (!divide.empty()) rules->submissions(s, kWhite, subs);
  for (const auto& e : divide)
    c.divide.push_back({to_uci(white_view, e.white), sim_san(s, kWhite, e.white, subs),
                        e.black_submissions, e.nodes});
  c.rate_unit = "pairs";
  return c;
}

int run_sim_bench(const PerftOptions& o, const VariantPtr& v) {
  if (!o.compare.empty())
    throw CLI::ValidationError("--compare", fmt::format("the table '{}' uses the {} "
                                                        "resolver, whose bench compares nothing",
                                                        v->name(), to_string(v->table().resolver)));
  const auto& positions = bench_positions(*v);
  const std::unique_ptr<SimRules> rules = sim_rules_for(v);
  const BenchWords words{"pairs", "pairs_per_second", "pairs/s", 14, "resolved pairs", "pairs"};
  return run_bench_positions(o, *v, positions, words, [&](const std::string& fen) -> PositionCount {
    return [&rules, s = parse_sim_fen(v, fen)](int depth) {
      return sim_perft(*rules, s, depth, /*bulk=*/false);
    };
  });
}

}  // namespace arbiter::cli
