#include "cli/core/perft_front_end.hpp"
#include "cli/registry/cli_modules.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <stdexcept>

#include "cli/core/knob_options.hpp"
#include "present/core/exit_status.hpp"
#include "present/core/json_writer.hpp"
#include "rules/core/load_variant.hpp"

namespace arbiter::cli {

double node_rate(std::uint64_t nodes, double seconds) {
  return seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;
}

void print_perft_count(const PerftOptions& o, const Variant& v, const PerftCount& c) {
  if (o.json) {
    JsonWriter w;
    w.begin_object().field("variant", v.name()).field("fen", c.fen);
    for (const auto& [key, value] : c.position_fields) w.field(key, value);
    w.field("depth", o.depth).field("nodes", c.nodes);
    w.field("seconds", c.seconds).field("nps", node_rate(c.nodes, c.seconds));
    if (c.bulk_field) w.field("bulk", !o.full);
    if (o.divide) {
      w.key("divide").begin_array();
      for (const PerftRootLine& line : c.divide) {
        w.begin_object().field("move", line.move);
        if (!line.san.empty()) w.field("san", line.san);
        if (line.black_submissions) w.field("black_submissions", *line.black_submissions);
        w.field("nodes", line.nodes).end_object();
      }
      w.end_array();
    }
    if (o.distinct) {
      w.key("levels").begin_array();
      for (std::size_t d = 0; d < c.levels.size(); ++d)
        w.begin_object()
            .field("depth", static_cast<int>(d + 1))
            .field("nodes", c.levels[d].nodes)
            .field("distinct", c.levels[d].distinct)
            .end_object();
      w.end_array();
    }
    std::cout << w.end_object().str() << '\n';
    return;
  }
  if (!c.root.empty()) std::cout << "root " << c.root << '\n';
  for (const PerftRootLine& line : c.divide)
    std::cout << (line.san.empty() ? fmt::format("{}: {}\n", line.move, line.nodes)
                                   : fmt::format("{} {}: {}\n", line.move, line.san, line.nodes));
  for (std::size_t d = 0; d < c.levels.size(); ++d)
    std::cout << fmt::format("depth {}: {} nodes, {} distinct positions\n", d + 1,
                             c.levels[d].nodes, c.levels[d].distinct);
  std::cout << "nodes " << c.nodes << std::endl;
  std::cerr << fmt::format("perft {} of {}{}: {:.3f} s, {:.{}f} M {}/s\n", o.depth, v.name(),
                           c.timing_detail, c.seconds, node_rate(c.nodes, c.seconds) / 1e6,
                           c.rate_decimals, c.rate_unit);
}

int bench_depth(const PerftCheck& c, unsigned long long budget) {
  int depth = 1;
  while (depth < static_cast<int>(c.nodes.size()) && c.nodes[depth] <= budget) ++depth;
  return depth;
}

const std::vector<PerftCheck>& bench_positions(const Variant& v) {
  const auto& checks = v.table().perft_checks;
  if (checks.empty())
    throw std::runtime_error("table '" + v.name() + "' has no [[perft]] positions to benchmark");
  return checks;
}

int run_bench_positions(const PerftOptions& o, const Variant& v,
                        const std::vector<PerftCheck>& positions, const BenchWords& words,
                        const std::function<PositionCount(const std::string& fen)>& count_at) {
  JsonWriter w;
  w.begin_object().field("variant", v.name()).key("positions").begin_array();
  if (!o.json)
    std::cout << fmt::format("{:<16} {:>5} {:>11} {:>9} {:>{}}\n", "position", "depth", words.count,
                             "seconds", words.rate_header, words.rate_width);
  std::uint64_t total = 0;
  double total_secs = 0;
  for (const PerftCheck& c : positions) {
    const int depth = bench_depth(c, o.bench_nodes);
    const PositionCount count = count_at(c.fen);
    std::uint64_t nodes = 0;
    const double secs = time_of([&] { nodes = count(depth); });
    if (nodes != c.nodes[depth - 1])
      throw CheckFailed(fmt::format("{}: perft of '{}' depth {} gave {}, the table expects {}",
                                    c.where.str(), c.name, depth, nodes, c.nodes[depth - 1]));
    total += nodes, total_secs += secs;
    if (o.json) {
      w.begin_object().field("name", c.name).field("fen", c.fen).field("depth", depth);
      w.field(words.count, nodes).field("seconds", secs);
      w.field(words.rate_key, node_rate(nodes, secs)).end_object();
    } else {
      std::cout << fmt::format("{:<16} {:>5} {:>11} {:>9.3f} {:>{}.3f} M\n", c.name, depth, nodes,
                               secs, node_rate(nodes, secs) / 1e6, words.rate_width - 2);
    }
  }
  if (o.json) {
    w.end_array().field(words.count, total).field("seconds", total_secs);
    std::cout << w.field(words.rate_key, node_rate(total, total_secs)).end_object().str() << '\n';
  } else {
    std::cout << fmt::format("total: {} {} in {:.2f} s = {:.3f} M {}/s\n", total, words.total_count,
                             total_secs, node_rate(total, total_secs) / 1e6, words.rate_unit);
  }
  return 0;
}

int run_compare_positions(const PerftOptions& o, const VariantPtr& a, const VariantPtr& b,
                          const CompareStyle& style,
                          const std::function<PositionCount(const VariantPtr& table,
                                                            const std::string& fen)>& count_under) {
  std::vector<PerftCheck> positions = a->table().perft_checks;
  for (const PerftCheck& c : b->table().perft_checks) positions.push_back(c);
  JsonWriter w;
  w.begin_object().field("variant", a->name()).field("compare", b->name());
  w.key("positions").begin_array();
  if (!o.json)
    std::cout << fmt::format("{:<{}} {:>5} {:>14} {:>14} {:>7}\n", "position", style.name_width,
                             "depth", a->name() + " nps", b->name() + " nps", "ratio");
  std::uint64_t total_nodes[2] = {0, 0};
  double total_secs[2] = {0, 0};
  for (const PerftCheck& c : positions) {
    const int depth = bench_depth(c, style.depth_budget);
    const PositionCount counts[2] = {count_under(a, c.fen), count_under(b, c.fen)};
    std::uint64_t nodes[2] = {0, 0};
    double secs[2] = {1e30, 1e30};
    for (int round = 0; round < 3; ++round)  // best of three, the tables taking turns
      for (int t = 0; t < 2; ++t)
        secs[t] = std::min(secs[t], time_of([&] { nodes[t] = counts[t](depth); }));
    for (int t = 0; t < 2; ++t) total_nodes[t] += nodes[t], total_secs[t] += secs[t];
    const double ra = node_rate(nodes[0], secs[0]), rb = node_rate(nodes[1], secs[1]);
    if (o.json) {
      w.begin_object().field("name", c.name).field("fen", c.fen).field("depth", depth);
      w.field("nodes", nodes[0]).field("nps", ra).field("compare_nodes", nodes[1]);
      w.field("compare_nps", rb).field("ratio", rb > 0 ? ra / rb : 0.0).end_object();
    } else {
      std::cout << fmt::format("{:<{}} {:>5} {:>12.{}f} M {:>12.{}f} M {:>6.0f}%\n", c.name,
                               style.name_width, depth, ra / 1e6, style.rate_decimals, rb / 1e6,
                               style.rate_decimals, rb > 0 ? 100 * ra / rb : 0.0);
    }
  }
  const double ra = node_rate(total_nodes[0], total_secs[0]);
  const double rb = node_rate(total_nodes[1], total_secs[1]);
  if (o.json) {
    w.end_array().field("nps", ra).field("compare_nps", rb).field("ratio", rb > 0 ? ra / rb : 0.0);
    std::cout << w.end_object().str() << '\n';
  } else {
    std::cout << fmt::format("total: {} {:.{}f} M nodes/s, {} {:.{}f} M nodes/s{}: {:.0f}%\n",
                             a->name(), ra / 1e6, style.rate_decimals, b->name(), rb / 1e6,
                             style.rate_decimals, style.total_note, rb > 0 ? 100 * ra / rb : 0.0);
  }
  return 0;
}

int run_perft(const PerftOptions& o) {
  const VariantPtr v = load_variant(o.variant, parse_knob_options(o.knobs));
  if (o.distinct && !v->traits().simultaneous)
    throw CLI::ValidationError(
        "--distinct",
        fmt::format("only simultaneous tables count distinct positions, not '{}'", v->name()));
  print_perft_count(o, *v, cli_module(*v).perft(o, v));
  return 0;
}

int run_perft_bench(const PerftOptions& o) {
  const VariantPtr v = load_variant(o.variant, parse_knob_options(o.knobs));
  return cli_module(*v).perft_bench(o, v);
}

}  // namespace arbiter::cli
