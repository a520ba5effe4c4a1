// The one front-end of `arbiter perft` for every turn protocol: how a count is printed (text or
// JSON, with --divide and --distinct), and the --bench and --bench --compare runs over a table's
// [[perft]] positions. The protocols (perft_sequential.cpp, perft_conditional.cpp,
// perft_simultaneous.cpp) only count; what their reports say differently is data here.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/core/perft_options.hpp"
#include "rules/core/rule_table.hpp"
#include "rules/core/variant.hpp"
#include "rules/simultaneous/sim_perft.hpp"

namespace arbiter::cli {

/// Nodes per second; 0 when no time was measured.
double node_rate(std::uint64_t nodes, double seconds);

/// The seconds `count` takes.
template <class Count>
double time_of(Count&& count) {
  const auto t0 = std::chrono::steady_clock::now();
  count();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// One root move of --divide.
struct PerftRootLine {
  std::string move;                      ///< UCI, or the conditional ply ("skip")
  std::string san;                       ///< empty when there is none (a conditional skip)
  std::optional<int> black_submissions;  ///< simultaneous tables: the pairs it makes
  std::uint64_t nodes = 0;
};

/// What a protocol's perft counted, with the words its report uses.
struct PerftCount {
  std::string fen;
  /// JSON string fields after "fen" that describe the position (conditional: phase, side).
  std::vector<std::pair<std::string, std::string>> position_fields;
  std::string root;        ///< text: "root <root>" first, when not empty
  bool bulk_field = true;  ///< JSON "bulk" (false where counting has no bulk mode)
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<PerftRootLine> divide;  ///< with --divide
  std::vector<SimLevel> levels;       ///< with --distinct: nodes and positions per depth
  std::string timing_detail;          ///< in the timing line after the table name (" from phase A")
  int rate_decimals = 3;              ///< of the timing line's rate
  std::string rate_unit = "nodes";
};

/// Counts for `perft` and times the count: with --divide per root move (`divide()`: entries
/// with `nodes`, whose sum is the count), else `count()`. Returns the entries (none without
/// --divide); sets `c.nodes` and `c.seconds`.
template <class Divide, class Count>
auto timed_count(const PerftOptions& o, PerftCount& c, Divide&& divide, Count&& count) {
  decltype(divide()) entries;
  c.seconds = time_of([&] {
    if (o.divide) {
      entries = divide();
      for (const auto& e : entries) c.nodes += e.nodes;
    } else {
      c.nodes = count();
    }
  });
  return entries;
}

/// Prints a count: one JSON object with --json; else the root line, the --divide and
/// --distinct lines and "nodes N" on standard output, and the time on standard error.
void print_perft_count(const PerftOptions& o, const Variant& v, const PerftCount& c);

/// Counts one position (made ready before the clock starts) to a depth.
using PositionCount = std::function<std::uint64_t(int depth)>;

/// The deepest recorded depth of `c` whose count stays within `budget` (at least 1).
int bench_depth(const PerftCheck& c, unsigned long long budget);

/// The words in which the protocols' --bench tables differ.
struct BenchWords {
  const char* count;        ///< column and JSON key: "nodes"
  const char* rate_key;     ///< JSON key of the rate: "nps"
  const char* rate_header;  ///< column header of the rate: "nps"
  int rate_width;           ///< of that column
  const char* total_count;  ///< in the total line: "nodes"
  const char* rate_unit;    ///< in the total line: "nodes" (M nodes/s)
};

/// The [[perft]] positions of `v` to benchmark; throws when the table has none.
const std::vector<PerftCheck>& bench_positions(const Variant& v);

/// `perft --bench`: each of `positions` (of `v`) at the deepest recorded depth within
/// --bench-nodes, counted by `count_at(fen)`, checked against the table and timed.
int run_bench_positions(const PerftOptions& o, const Variant& v,
                        const std::vector<PerftCheck>& positions, const BenchWords& words,
                        const std::function<PositionCount(const std::string& fen)>& count_at);

/// The widths and words in which the protocols' --compare tables differ.
struct CompareStyle {
  int name_width;                   ///< of the position column
  int rate_decimals;                ///< of the M nodes/s figures
  const char* total_note;           ///< after the two totals, before the ratio
  unsigned long long depth_budget;  ///< the node budget that picks each position's depth
};

/// `perft --bench --compare`: the [[perft]] positions of `a` and `b` under both tables at the
/// same depths, each timed best of three, the two tables taking turns; `count_under(table, fen)`
/// counts a position under a table.
int run_compare_positions(const PerftOptions& o, const VariantPtr& a, const VariantPtr& b,
                          const CompareStyle& style,
                          const std::function<PositionCount(const VariantPtr& table,
                                                            const std::string& fen)>& count_under);

/// `perft`: the table's protocol counts, print_perft_count prints.
int run_perft(const PerftOptions& o);

/// `perft --bench`, with or without --compare: the table's protocol runs it.
int run_perft_bench(const PerftOptions& o);

// The protocols' hooks. count_*: the position (--fen, else the table's setup) counted to
// --depth, per root move with --divide. run_*_bench: `perft --bench` and `--bench --compare`.

/// Sequential tables (perft_sequential.cpp).
PerftCount count_sequential_perft(const PerftOptions& o, const VariantPtr& v);
/// Bulk-counted and fully made perft side by side; --compare with another sequential table.
int run_sequential_bench(const PerftOptions& o, const VariantPtr& v);

/// Conditional Chess (perft_conditional.cpp): counts over executed plies, per root ply with
/// --divide. Refuses --full (there is no bulk counting to compare with).
PerftCount count_conditional_perft(const PerftOptions& o, const VariantPtr& v);
/// The [[perft]] positions; --compare with another conditional table.
int run_conditional_bench(const PerftOptions& o, const VariantPtr& v);

/// Simultaneous tables (perft_simultaneous.cpp): pairs of submissions to a depth
/// (docs/diplomacy-perft.md), per White root submission with --divide, and with --distinct the
/// distinct positions at each depth. --full resolves the last level's pairs instead of
/// multiplying the submission counts.
PerftCount count_sim_perft(const PerftOptions& o, const VariantPtr& v);
/// Resolved pairs per second over the [[perft]] positions; refuses --compare.
int run_sim_bench(const PerftOptions& o, const VariantPtr& v);

}  // namespace arbiter::cli
