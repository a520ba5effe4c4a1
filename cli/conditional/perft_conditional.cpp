// `arbiter perft` on Conditional Chess tables: counts over executed plies (the definition is
// in docs/conditional-perft.md), per root ply with --divide, and the --bench runs.
#include <fmt/format.h>

#include <CLI/CLI.hpp>

#include "cli/core/perft_front_end.hpp"
#include "rules/conditional/conditional_perft.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::cli {
namespace {

PositionCount count_at(const VariantPtr& v, const std::string& fen) {
  return [s = parse_conditional_fen(v, fen)](int depth) { return conditional_perft(s, depth); };
}

int run_compare(const PerftOptions& o, const VariantPtr& a) {
  const VariantPtr b = load_variant(o.compare);
  require_module(*b, a->kind(),
                 fmt::format("--compare with the conditional table '{}'", a->name()));
  return run_compare_positions(o, a, b, CompareStyle{16, 3, "", o.bench_nodes}, count_at);
}

}  // namespace

PerftCount count_conditional_perft(const PerftOptions& o, const VariantPtr& v) {
  if (o.full)
    throw CLI::ValidationError("--full",
                               fmt::format("the table '{}' uses the conditional protocol, "
                                           "whose perft has no bulk counting to turn off",
                                           v->name()));
  const ConditionalState s = o.fen.empty() ? conditional_start(v) : parse_conditional_fen(v, o.fen);
  PerftCount c;
  const std::vector<ConditionalDivideEntry> divide = timed_count(
      o, c, [&] { return conditional_perft_divide(s, o.depth); },
      [&] { return conditional_perft(s, o.depth); });
  c.fen = to_conditional_fen(s);
  c.position_fields = {{"phase", std::string(1, phase_letter(s.phase))},
                       {"side", s.pos.side_to_move() == kWhite ? "white" : "black"}};
  // "A-move of White": what the root ply is.
  c.root = fmt::format("{}-move of {}", phase_letter(s.phase), side_name(s.pos.side_to_move()));
  c.bulk_field = false;
  for (const auto& e : divide)  // a skip has no SAN
    c.divide.push_back(
        {e.ply, e.move.is_null() ? std::string() : to_san(s.pos, e.move), std::nullopt, e.nodes});
  c.timing_detail = fmt::format(" from phase {}", phase_letter(s.phase));
  return c;
}

int run_conditional_bench(const PerftOptions& o, const VariantPtr& v) {
  if (!o.compare.empty()) return run_compare(o, v);
  const BenchWords words{"nodes", "nps", "nps", 12, "nodes", "nodes"};
  return run_bench_positions(o, *v, bench_positions(*v), words,
                             [&](const std::string& fen) { return count_at(v, fen); });
}

}  // namespace arbiter::cli
