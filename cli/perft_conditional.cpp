// `arbiter perft` on Conditional Chess tables: counts over executed plies (the definition is
// in docs/conditional-perft.md), per root ply with --divide, and the --bench runs.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>

#include "cli/json_writer.hpp"
#include "cli/knob_options.hpp"
#include "cli/perft_options.hpp"
#include "rules/conditional_perft.hpp"
#include "rules/load_variant.hpp"
#include "rules/notation.hpp"

namespace arbiter::cli {
namespace {

using Clock = std::chrono::steady_clock;

const char* side_name(Color c) {
  return c == kWhite ? "White" : "Black";
}

/// "A-move of White": what the root ply is.
std::string root_ply(const ConditionalState& s) {
  return fmt::format("{}-move of {}", phase_letter(s.phase), side_name(s.pos.side_to_move()));
}

double rate(std::uint64_t nodes, double secs) {
  return secs > 0 ? static_cast<double>(nodes) / secs : 0.0;
}

/// The deepest recorded depth whose count stays within the budget (at least 1).
int bench_depth(const PerftCheck& c, unsigned long long budget) {
  int depth = 1;
  while (depth < static_cast<int>(c.nodes.size()) && c.nodes[depth] <= budget) ++depth;
  return depth;
}

/// Fastest of three runs of one position under `v`.
struct Timing {
  std::uint64_t nodes = 0;
  double seconds = 1e30;
};

Timing best_of_three(const VariantPtr& v, const std::string& fen, int depth) {
  const ConditionalState s = parse_conditional_fen(v, fen);
  Timing t;
  for (int round = 0; round < 3; ++round) {
    const auto t0 = Clock::now();
    t.nodes = conditional_perft(s, depth);
    t.seconds = std::min(t.seconds, seconds_since(t0));
  }
  return t;
}

int run_compare(const PerftOptions& o, const VariantPtr& a) {
  const VariantPtr b = load_variant(o.compare);
  require_protocol(*b, Protocol::kConditional,
                   fmt::format("--compare with the conditional table '{}'", a->name()));
  std::vector<PerftCheck> positions = a->table().perft_checks;
  for (const PerftCheck& c : b->table().perft_checks) positions.push_back(c);
  JsonWriter w;
  w.begin_object().field("variant", a->name()).field("compare", b->name());
  w.key("positions").begin_array();
  if (!o.json)
    std::cout << fmt::format("{:<16} {:>5} {:>14} {:>14} {:>7}\n", "position", "depth",
                             a->name() + " nps", b->name() + " nps", "ratio");
  std::uint64_t nodes_a = 0, nodes_b = 0;
  double secs_a = 0, secs_b = 0;
  for (const PerftCheck& c : positions) {
    const int depth = bench_depth(c, o.bench_nodes);
    const Timing ta = best_of_three(a, c.fen, depth), tb = best_of_three(b, c.fen, depth);
    nodes_a += ta.nodes, nodes_b += tb.nodes, secs_a += ta.seconds, secs_b += tb.seconds;
    const double ra = rate(ta.nodes, ta.seconds), rb = rate(tb.nodes, tb.seconds);
    if (o.json) {
      w.begin_object().field("name", c.name).field("fen", c.fen).field("depth", depth);
      w.field("nodes", ta.nodes).field("nps", ra).field("compare_nodes", tb.nodes);
      w.field("compare_nps", rb).field("ratio", rb > 0 ? ra / rb : 0.0).end_object();
    } else {
      std::cout << fmt::format("{:<16} {:>5} {:>12.3f} M {:>12.3f} M {:>6.0f}%\n", c.name, depth,
                               ra / 1e6, rb / 1e6, rb > 0 ? 100 * ra / rb : 0.0);
    }
  }
  const double ra = rate(nodes_a, secs_a), rb = rate(nodes_b, secs_b);
  if (o.json) {
    w.end_array().field("nps", ra).field("compare_nps", rb).field("ratio", rb > 0 ? ra / rb : 0.0);
    std::cout << w.end_object().str() << '\n';
  } else {
    std::cout << fmt::format("total: {} {:.3f} M nodes/s, {} {:.3f} M nodes/s: {:.0f}%\n",
                             a->name(), ra / 1e6, b->name(), rb / 1e6,
                             rb > 0 ? 100 * ra / rb : 0.0);
  }
  return 0;
}

}  // namespace

int run_conditional_perft(const PerftOptions& o, const VariantPtr& v) {
  if (o.full)
    throw CLI::ValidationError("--full",
                               fmt::format("the table '{}' uses the conditional protocol, "
                                           "whose perft has no bulk counting to turn off",
                                           v->name()));
  const ConditionalState s = o.fen.empty() ? conditional_start(v) : parse_conditional_fen(v, o.fen);
  const auto t0 = Clock::now();
  std::vector<ConditionalDivideEntry> divide;
  std::uint64_t nodes = 0;
  if (o.divide) {
    divide = conditional_perft_divide(s, o.depth);
    for (const auto& e : divide) nodes += e.nodes;
  } else {
    nodes = conditional_perft(s, o.depth);
  }
  const double secs = seconds_since(t0);
  // SAN of a root ply; a skip has none.
  const auto san = [&](const ConditionalDivideEntry& e) {
    return e.move.is_null() ? std::string() : to_san(s.pos, e.move);
  };
  if (o.json) {
    JsonWriter w;
    w.begin_object().field("variant", v->name()).field("fen", to_conditional_fen(s));
    w.field("phase", std::string(1, phase_letter(s.phase)));
    w.field("side", s.pos.side_to_move() == kWhite ? "white" : "black");
    w.field("depth", o.depth).field("nodes", nodes);
    w.field("seconds", secs).field("nps", rate(nodes, secs));
    if (o.divide) {
      w.key("divide").begin_array();
      for (const auto& e : divide) {
        w.begin_object().field("move", e.ply);
        if (!e.move.is_null()) w.field("san", san(e));
        w.field("nodes", e.nodes).end_object();
      }
      w.end_array();
    }
    std::cout << w.end_object().str() << '\n';
    return 0;
  }
  std::cout << "root " << root_ply(s) << '\n';
  for (const auto& e : divide)
    std::cout << (e.move.is_null() ? fmt::format("skip: {}\n", e.nodes)
                                   : fmt::format("{} {}: {}\n", e.ply, san(e), e.nodes));
  std::cout << "nodes " << nodes << std::endl;
  std::cerr << fmt::format("perft {} of {} from phase {}: {:.3f} s, {:.3f} M nodes/s\n", o.depth,
                           v->name(), phase_letter(s.phase), secs, rate(nodes, secs) / 1e6);
  return 0;
}

int run_conditional_bench(const PerftOptions& o, const VariantPtr& v) {
  if (!o.compare.empty()) return run_compare(o, v);
  const auto& checks = v->table().perft_checks;
  if (checks.empty())
    throw std::runtime_error("table '" + v->name() + "' has no [[perft]] positions to benchmark");
  JsonWriter w;
  w.begin_object().field("variant", v->name()).key("positions").begin_array();
  if (!o.json)
    std::cout << fmt::format("{:<16} {:>5} {:>11} {:>9} {:>12}\n", "position", "depth", "nodes",
                             "seconds", "nps");
  std::uint64_t total = 0;
  double total_secs = 0;
  for (const PerftCheck& c : checks) {
    const int depth = bench_depth(c, o.bench_nodes);
    const ConditionalState s = parse_conditional_fen(v, c.fen);
    const auto t0 = Clock::now();
    const std::uint64_t nodes = conditional_perft(s, depth);
    const double secs = seconds_since(t0);
    if (nodes != c.nodes[depth - 1])
      throw std::runtime_error(
          fmt::format("{}: perft of '{}' depth {} gave {}, the table expects {}", c.where.str(),
                      c.name, depth, nodes, c.nodes[depth - 1]));
    total += nodes, total_secs += secs;
    if (o.json) {
      w.begin_object().field("name", c.name).field("fen", c.fen).field("depth", depth);
      w.field("nodes", nodes).field("seconds", secs).field("nps", rate(nodes, secs)).end_object();
    } else {
      std::cout << fmt::format("{:<16} {:>5} {:>11} {:>9.3f} {:>10.3f} M\n", c.name, depth, nodes,
                               secs, rate(nodes, secs) / 1e6);
    }
  }
  if (o.json) {
    w.end_array().field("nodes", total).field("seconds", total_secs);
    std::cout << w.field("nps", rate(total, total_secs)).end_object().str() << '\n';
  } else {
    std::cout << fmt::format("total: {} nodes in {:.2f} s = {:.3f} M nodes/s\n", total, total_secs,
                             rate(total, total_secs) / 1e6);
  }
  return 0;
}

}  // namespace arbiter::cli
