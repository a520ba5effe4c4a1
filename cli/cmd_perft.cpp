// `arbiter perft`: count the legal-move tree, per root move with --divide, or benchmark the
// engine on the table's perft positions with --bench.
#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/json_writer.hpp"
#include "cli/knob_options.hpp"
#include "cli/option_checks.hpp"
#include "cli/perft_options.hpp"
#include "rules/fen.hpp"
#include "rules/load_variant.hpp"
#include "rules/notation.hpp"
#include "rules/perft.hpp"

namespace arbiter::cli {
namespace {

int run_perft(const PerftOptions& o) {
  const VariantPtr v = load_variant(o.variant, parse_knob_options(o.knobs));
  if (v->table().protocol == Protocol::kSimultaneous) return run_sim_perft(o, v);
  if (o.distinct)
    throw CLI::ValidationError(
        "--distinct",
        fmt::format("only simultaneous tables count distinct positions, not '{}'", v->name()));
  if (v->table().protocol == Protocol::kConditional) return run_conditional_perft(o, v);
  require_protocol(*v, Protocol::kSequential, "perft");
  Position pos = parse_fen(v, o.fen.empty() ? v->table().setup_fen : o.fen);
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<DivideEntry> divide;
  std::uint64_t nodes = 0;
  if (o.divide) {
    divide = perft_divide(pos, o.depth);
    for (const auto& e : divide) nodes += e.nodes;
  } else {
    nodes = o.full ? perft_full(pos, o.depth) : perft(pos, o.depth);
  }
  const double secs = seconds_since(t0);
  const double nps = secs > 0 ? static_cast<double>(nodes) / secs : 0.0;
  if (o.json) {
    JsonWriter w;
    w.begin_object().field("variant", v->name()).field("fen", to_fen(pos));
    w.field("depth", o.depth).field("nodes", static_cast<std::uint64_t>(nodes));
    w.field("seconds", secs).field("nps", nps).field("bulk", !o.full);
    if (o.divide) {
      w.key("divide").begin_array();
      for (const auto& e : divide)
        w.begin_object()
            .field("move", to_uci(pos, e.move))
            .field("san", to_san(pos, e.move))
            .field("nodes", static_cast<std::uint64_t>(e.nodes))
            .end_object();
      w.end_array();
    }
    std::cout << w.end_object().str() << '\n';
    return 0;
  }
  for (const auto& e : divide)
    std::cout << fmt::format("{} {}: {}\n", to_uci(pos, e.move), to_san(pos, e.move), e.nodes);
  std::cout << "nodes " << nodes << std::endl;
  std::cerr << fmt::format("perft {} of {}: {:.3f} s, {:.1f} M nodes/s\n", o.depth, v->name(), secs,
                           nps / 1e6);
  return 0;
}

/// Benchmarks bulk-counted and fully made perft on the table's self-check positions, each at
/// the deepest recorded depth whose count stays under the node budget.
int run_bench(const PerftOptions& o) {
  const VariantPtr v = load_variant(o.variant, parse_knob_options(o.knobs));
  if (v->table().protocol == Protocol::kConditional) return run_conditional_bench(o, v);
  if (v->table().protocol == Protocol::kSimultaneous) return run_sim_bench(o, v);
  require_protocol(*v, Protocol::kSequential, "perft");
  const auto& checks = v->table().perft_checks;
  if (checks.empty())
    throw std::runtime_error("table '" + v->name() + "' has no [[perft]] positions to benchmark");
  JsonWriter w;
  w.begin_object().field("variant", v->name()).key("positions").begin_array();
  const auto rate = [](std::uint64_t nodes, double secs) {
    return secs > 0 ? static_cast<double>(nodes) / secs : 0.0;
  };
  std::uint64_t total_bulk = 0, total_full = 0;
  double secs_bulk = 0, secs_full = 0;
  if (!o.json)
    std::cout << fmt::format("{:<10} {:>5} {:>12} {:>9} {:>12} | {:>5} {:>11} {:>12}\n", "position",
                             "depth", "nodes", "seconds", "bulk nps", "depth", "nodes", "full nps");
  for (const PerftCheck& c : checks) {
    int depth = 1;
    while (depth < static_cast<int>(c.nodes.size()) && c.nodes[depth] <= o.bench_nodes) ++depth;
    int full_depth = 1;
    while (full_depth < static_cast<int>(c.nodes.size()) &&
           c.nodes[full_depth] <= o.bench_nodes / 4)
      ++full_depth;
    Position pos = parse_fen(v, c.fen);
    auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t bulk = perft(pos, depth);
    const double sb = seconds_since(t0);
    t0 = std::chrono::steady_clock::now();
    const std::uint64_t full = perft_full(pos, full_depth);
    const double sf = seconds_since(t0);
    if (bulk != c.nodes[depth - 1] || full != c.nodes[full_depth - 1])
      throw std::runtime_error(fmt::format("perft of '{}' gave {} / {}, the table expects {} / {}",
                                           c.name, bulk, full, c.nodes[depth - 1],
                                           c.nodes[full_depth - 1]));
    total_bulk += bulk, total_full += full, secs_bulk += sb, secs_full += sf;
    if (o.json) {
      w.begin_object().field("name", c.name).field("fen", c.fen).field("depth", depth);
      w.field("nodes", bulk).field("seconds", sb).field("nps", rate(bulk, sb));
      w.field("full_depth", full_depth).field("full_nodes", full).field("full_seconds", sf);
      w.field("full_nps", rate(full, sf)).end_object();
    } else {
      std::cout << fmt::format(
          "{:<10} {:>5} {:>12} {:>9.3f} {:>10.1f} M | {:>5} {:>11} {:>10.1f} M\n", c.name, depth,
          bulk, sb, rate(bulk, sb) / 1e6, full_depth, full, rate(full, sf) / 1e6);
    }
  }
  const double nps_bulk = rate(total_bulk, secs_bulk), nps_full = rate(total_full, secs_full);
  if (o.json) {
    w.end_array().field("nodes", total_bulk).field("seconds", secs_bulk).field("nps", nps_bulk);
    w.field("full_nodes", total_full).field("full_seconds", secs_full).field("full_nps", nps_full);
    std::cout << w.end_object().str() << '\n';
  } else {
    std::cout << fmt::format(
        "total: bulk {} nodes in {:.2f} s = {:.1f} M nodes/s; "
        "full make/unmake {} nodes in {:.2f} s = {:.1f} M nodes/s\n",
        total_bulk, secs_bulk, nps_bulk / 1e6, total_full, secs_full, nps_full / 1e6);
  }
  return 0;
}

/// Bulk perft of one position under two tables, best of three alternating runs each.
struct PairTiming {
  std::uint64_t nodes_a = 0, nodes_b = 0;
  double secs_a = 1e30, secs_b = 1e30;
};

PairTiming time_pair(const VariantPtr& a, const VariantPtr& b, const std::string& fen, int depth) {
  PairTiming t;
  for (int round = 0; round < 3; ++round) {
    for (int which = 0; which < 2; ++which) {
      const VariantPtr& v = which == 0 ? a : b;
      Position pos = parse_fen(v, fen);
      const auto t0 = std::chrono::steady_clock::now();
      const std::uint64_t n = perft(pos, depth);
      const double secs = seconds_since(t0);
      (which == 0 ? t.nodes_a : t.nodes_b) = n;
      double& best = which == 0 ? t.secs_a : t.secs_b;
      if (secs < best) best = secs;
    }
  }
  return t;
}

/// Runs the [[perft]] positions of both tables under both tables at equal depths, so that the
/// two node rates are measured on the same positions by the same binary.
int run_compare(const PerftOptions& o) {
  const VariantPtr a = load_variant(o.variant, parse_knob_options(o.knobs));
  if (a->table().protocol == Protocol::kConditional) return run_conditional_bench(o, a);
  if (a->table().protocol == Protocol::kSimultaneous) return run_sim_bench(o, a);
  require_protocol(*a, Protocol::kSequential, "perft");
  const VariantPtr b = load_variant(o.compare);
  require_protocol(*b, Protocol::kSequential,
                   fmt::format("--compare with the sequential table '{}'", a->name()));
  std::vector<PerftCheck> positions = a->table().perft_checks;
  for (const PerftCheck& c : b->table().perft_checks) positions.push_back(c);
  const auto rate = [](std::uint64_t n, double s) {
    return s > 0 ? static_cast<double>(n) / s : 0;
  };
  double total_a = 0, total_b = 0;
  std::uint64_t nodes_a = 0, nodes_b = 0;
  JsonWriter w;
  w.begin_object().field("variant", a->name()).field("compare", b->name());
  w.key("positions").begin_array();
  if (!o.json)
    std::cout << fmt::format("{:<12} {:>5} {:>14} {:>14} {:>7}\n", "position", "depth",
                             a->name() + " nps", b->name() + " nps", "ratio");
  for (const PerftCheck& c : positions) {
    int depth = 1;
    while (depth < static_cast<int>(c.nodes.size()) && c.nodes[depth] <= o.bench_nodes / 4) ++depth;
    const PairTiming t = time_pair(a, b, c.fen, depth);
    total_a += t.secs_a, total_b += t.secs_b, nodes_a += t.nodes_a, nodes_b += t.nodes_b;
    const double ra = rate(t.nodes_a, t.secs_a), rb = rate(t.nodes_b, t.secs_b);
    if (o.json) {
      w.begin_object().field("name", c.name).field("fen", c.fen).field("depth", depth);
      w.field("nodes", t.nodes_a).field("nps", ra).field("compare_nodes", t.nodes_b);
      w.field("compare_nps", rb).field("ratio", rb > 0 ? ra / rb : 0.0).end_object();
    } else {
      std::cout << fmt::format("{:<12} {:>5} {:>12.1f} M {:>12.1f} M {:>6.0f}%\n", c.name, depth,
                               ra / 1e6, rb / 1e6, rb > 0 ? 100 * ra / rb : 0.0);
    }
  }
  const double ra = rate(nodes_a, total_a), rb = rate(nodes_b, total_b);
  if (o.json) {
    w.end_array().field("nps", ra).field("compare_nps", rb).field("ratio", rb > 0 ? ra / rb : 0.0);
    std::cout << w.end_object().str() << '\n';
  } else {
    std::cout << fmt::format(
        "total: {} {:.1f} M nodes/s, {} {:.1f} M nodes/s on the same "
        "positions: {:.0f}%\n",
        a->name(), ra / 1e6, b->name(), rb / 1e6, rb > 0 ? 100 * ra / rb : 0.0);
  }
  return 0;
}

}  // namespace

void register_perft_command(CLI::App& app, int& status) {
  auto o = std::make_shared<PerftOptions>();
  auto* cmd = app.add_subcommand("perft", "Count legal move paths to a depth (perft)");
  cmd->add_option("--variant,-v", o->variant, "Bundled table name or .toml path")
      ->capture_default_str();
  cmd->add_option("--fen", o->fen, "Start position (default: the table's setup)");
  auto* depth =
      cmd->add_option("--depth,-d", o->depth, "Depth in plies")->check(whole_number(0, 20));
  cmd->add_flag("--divide", o->divide, "Print the count below each root move");
  add_knob_option(cmd, o->knobs);
  cmd->add_flag("--json", o->json, "Print one JSON object (nodes, seconds, nps, ...)");
  cmd->add_flag("--full", o->full, "Make and unmake every leaf instead of counting the last ply");
  cmd->add_flag("--distinct", o->distinct,
                "Simultaneous tables: also count the distinct positions at each depth");
  auto* bench = cmd->add_flag("--bench", o->bench,
                              "Benchmark on the table's [[perft]] positions (bulk and full)");
  cmd->add_option("--bench-nodes", o->bench_nodes, "Node budget per benchmark position")
      ->capture_default_str();
  cmd->add_option("--compare", o->compare,
                  "With --bench: time this table and another on both tables' [[perft]] "
                  "positions at equal depths and print the ratio of their node rates");
  depth->excludes(bench);
  cmd->callback([o, &status] {
    if (o->bench) {
      status = o->compare.empty() ? run_bench(*o) : run_compare(*o);
      return;
    }
    if (o->depth <= 0)
      throw CLI::ValidationError("--depth", "expected a depth of 1 or more (or --bench)");
    status = run_perft(*o);
  });
}

}  // namespace arbiter::cli
