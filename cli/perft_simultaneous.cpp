// `arbiter perft` on simultaneous tables (Diplomacy Chess, Move-Neutral Chess): counts of
// submitted pairs (docs/diplomacy-perft.md, docs/move-neutral.md), per White root submission
// with --divide, distinct positions per depth with --distinct, and the --bench run (resolved
// pairs per second).
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/json_writer.hpp"
#include "cli/perft_options.hpp"
#include "rules/diplomacy_move_text.hpp"
#include "rules/sim_perft.hpp"

namespace arbiter::cli {
namespace {

using Clock = std::chrono::steady_clock;

double rate(std::uint64_t nodes, double secs) {
  return secs > 0 ? static_cast<double>(nodes) / secs : 0.0;
}

std::string root_san(const SimRules& rules, const SimState& s, Move m) {
  MoveList subs;
  rules.submissions(s, kWhite, subs);
  return sim_san(s, kWhite, m, subs);
}

}  // namespace

int run_sim_perft(const PerftOptions& o, const VariantPtr& v) {
  const SimState s = o.fen.empty() ? sim_start(v) : parse_sim_fen(v, o.fen);
  const std::unique_ptr<SimRules> rules = sim_rules_for(v);
  if (o.distinct && o.divide)
    throw CLI::ValidationError("--distinct", "counts the whole tree: leave out --divide");
  const auto t0 = Clock::now();
  std::vector<SimDivideEntry> divide;
  std::vector<SimLevel> levels;
  std::uint64_t nodes = 0;
  if (o.divide) {
    divide = sim_perft_divide(*rules, s, o.depth);
    for (const auto& e : divide) nodes += e.nodes;
  } else if (o.distinct) {
    levels = sim_perft_levels(*rules, s, o.depth);
    nodes = levels.back().nodes;
  } else {
    nodes = sim_perft(*rules, s, o.depth, !o.full);
  }
  const double secs = seconds_since(t0);
  const Position white_view = view_for(s, kWhite);
  if (o.json) {
    JsonWriter w;
    w.begin_object().field("variant", v->name()).field("fen", to_sim_fen(s));
    w.field("depth", o.depth).field("nodes", nodes);
    w.field("seconds", secs).field("nps", rate(nodes, secs)).field("bulk", !o.full);
    if (o.divide) {
      w.key("divide").begin_array();
      for (const auto& e : divide)
        w.begin_object()
            .field("move", to_uci(white_view, e.white))
            .field("san", root_san(*rules, s, e.white))
            .field("black_submissions", e.black_submissions)
            .field("nodes", e.nodes)
            .end_object();
      w.end_array();
    }
    if (o.distinct) {
      w.key("levels").begin_array();
      for (std::size_t d = 0; d < levels.size(); ++d)
        w.begin_object()
            .field("depth", static_cast<int>(d + 1))
            .field("nodes", levels[d].nodes)
            .field("distinct", levels[d].distinct)
            .end_object();
      w.end_array();
    }
    std::cout << w.end_object().str() << '\n';
    return 0;
  }
  for (const auto& e : divide)
    std::cout << fmt::format("{} {}: {}\n", to_uci(white_view, e.white),
                             root_san(*rules, s, e.white), e.nodes);
  for (std::size_t d = 0; d < levels.size(); ++d)
    std::cout << fmt::format("depth {}: {} nodes, {} distinct positions\n", d + 1, levels[d].nodes,
                             levels[d].distinct);
  std::cout << "nodes " << nodes << std::endl;
  std::cerr << fmt::format("perft {} of {}: {:.3f} s, {:.3f} M pairs/s\n", o.depth, v->name(), secs,
                           rate(nodes, secs) / 1e6);
  return 0;
}

int run_sim_bench(const PerftOptions& o, const VariantPtr& v) {
  if (!o.compare.empty())
    throw CLI::ValidationError("--compare", fmt::format("the table '{}' uses the {} "
                                                        "resolver, whose bench compares nothing",
                                                        v->name(), to_string(v->table().resolver)));
  const auto& checks = v->table().perft_checks;
  if (checks.empty())
    throw std::runtime_error("table '" + v->name() + "' has no [[perft]] positions to benchmark");
  const std::unique_ptr<SimRules> rules = sim_rules_for(v);
  JsonWriter w;
  w.begin_object().field("variant", v->name()).key("positions").begin_array();
  if (!o.json)
    std::cout << fmt::format("{:<16} {:>5} {:>11} {:>9} {:>14}\n", "position", "depth", "pairs",
                             "seconds", "pairs/s");
  std::uint64_t total = 0;
  double total_secs = 0;
  for (const PerftCheck& c : checks) {
    int depth = 1;
    while (depth < static_cast<int>(c.nodes.size()) && c.nodes[depth] <= o.bench_nodes) ++depth;
    const SimState s = parse_sim_fen(v, c.fen);
    const auto t0 = Clock::now();
    const std::uint64_t nodes = sim_perft(*rules, s, depth, /*bulk=*/false);
    const double secs = seconds_since(t0);
    if (nodes != c.nodes[depth - 1])
      throw std::runtime_error(
          fmt::format("{}: perft of '{}' depth {} gave {}, the table expects {}", c.where.str(),
                      c.name, depth, nodes, c.nodes[depth - 1]));
    total += nodes, total_secs += secs;
    if (o.json) {
      w.begin_object().field("name", c.name).field("fen", c.fen).field("depth", depth);
      w.field("pairs", nodes).field("seconds", secs).field("pairs_per_second", rate(nodes, secs));
      w.end_object();
    } else {
      std::cout << fmt::format("{:<16} {:>5} {:>11} {:>9.3f} {:>12.3f} M\n", c.name, depth, nodes,
                               secs, rate(nodes, secs) / 1e6);
    }
  }
  if (o.json) {
    w.end_array().field("pairs", total).field("seconds", total_secs);
    std::cout << w.field("pairs_per_second", rate(total, total_secs)).end_object().str() << '\n';
  } else {
    std::cout << fmt::format("total: {} resolved pairs in {:.2f} s = {:.3f} M pairs/s\n", total,
                             total_secs, rate(total, total_secs) / 1e6);
  }
  return 0;
}

}  // namespace arbiter::cli
