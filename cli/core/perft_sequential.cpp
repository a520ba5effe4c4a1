// `arbiter perft` on sequential tables: the legal-move tree counted with bulk counting at the
// last ply (or made move by move with --full), and the --bench runs, which time both ways.
#include <fmt/format.h>

#include <iostream>

#include "cli/core/perft_front_end.hpp"
#include "present/core/exit_status.hpp"
#include "present/core/json_writer.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/notation.hpp"
#include "rules/core/perft.hpp"

namespace arbiter::cli {
namespace {

/// Runs the [[perft]] positions of both tables under both tables at equal depths, so that the
/// two node rates are measured on the same positions by the same binary.
int run_compare(const PerftOptions& o, const VariantPtr& a) {
  const VariantPtr b = load_variant(o.compare);
  require_module(*b, a->kind(), fmt::format("--compare with the sequential table '{}'", a->name()));
  const CompareStyle style{12, 1, " on the same positions", o.bench_nodes / 4};
  return run_compare_positions(o, a, b, style, [](const VariantPtr& table, const std::string& fen) {
    return [pos = parse_fen(table, fen)](int depth) mutable { return perft(pos, depth); };
  });
}

}  // namespace

PerftCount count_sequential_perft(const PerftOptions& o, const VariantPtr& v) {
  Position pos = parse_fen(v, o.fen.empty() ? v->table().setup_fen : o.fen);
  PerftCount c;
  const std::vector<DivideEntry> divide = timed_count(
      o, c, [&] { return perft_divide(pos, o.depth); },
      [&] { return o.full ? perft_full(pos, o.depth) : perft(pos, o.depth); });
  c.fen = to_fen(pos);
  for (const auto& e : divide)
    c.divide.push_back({to_uci(pos, e.move), to_san(pos, e.move), std::nullopt, e.nodes});
  c.rate_decimals = 1;
  return c;
}

/// Benchmarks bulk-counted and fully made perft on the table's self-check positions, each at
/// the deepest recorded depth whose count stays under the node budget.
int run_sequential_bench(const PerftOptions& o, const VariantPtr& v) {
  if (!o.compare.empty()) return run_compare(o, v);
  const auto& checks = bench_positions(*v);
  JsonWriter w;
  w.begin_object().field("variant", v->name()).key("positions").begin_array();
  std::uint64_t total_bulk = 0, total_full = 0;
  double secs_bulk = 0, secs_full = 0;
  if (!o.json)
    std::cout << fmt::format("{:<10} {:>5} {:>12} {:>9} {:>12} | {:>5} {:>11} {:>12}\n", "position",
                             "depth", "nodes", "seconds", "bulk nps", "depth", "nodes", "full nps");
  for (const PerftCheck& c : checks) {
    const int depth = bench_depth(c, o.bench_nodes);
    const int full_depth = bench_depth(c, o.bench_nodes / 4);
    Position pos = parse_fen(v, c.fen);
    std::uint64_t bulk = 0, full = 0;
    const double sb = time_of([&] { bulk = perft(pos, depth); });
    const double sf = time_of([&] { full = perft_full(pos, full_depth); });
    if (bulk != c.nodes[depth - 1] || full != c.nodes[full_depth - 1])
      throw CheckFailed(fmt::format("perft of '{}' gave {} / {}, the table expects {} / {}", c.name,
                                    bulk, full, c.nodes[depth - 1], c.nodes[full_depth - 1]));
    total_bulk += bulk, total_full += full, secs_bulk += sb, secs_full += sf;
    if (o.json) {
      w.begin_object().field("name", c.name).field("fen", c.fen).field("depth", depth);
      w.field("nodes", bulk).field("seconds", sb).field("nps", node_rate(bulk, sb));
      w.field("full_depth", full_depth).field("full_nodes", full).field("full_seconds", sf);
      w.field("full_nps", node_rate(full, sf)).end_object();
    } else {
      std::cout << fmt::format(
          "{:<10} {:>5} {:>12} {:>9.3f} {:>10.1f} M | {:>5} {:>11} {:>10.1f} M\n", c.name, depth,
          bulk, sb, node_rate(bulk, sb) / 1e6, full_depth, full, node_rate(full, sf) / 1e6);
    }
  }
  const double nps_bulk = node_rate(total_bulk, secs_bulk);
  const double nps_full = node_rate(total_full, secs_full);
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

}  // namespace arbiter::cli
