// The options of `arbiter perft`, shared by the sequential runs (cmd_perft.cpp), the
// Conditional Chess runs (perft_conditional.cpp) and the Diplomacy Chess runs
// (perft_simultaneous.cpp).
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "rules/variant.hpp"

namespace arbiter::cli {

struct PerftOptions {
  std::string variant = "orthodox";
  std::string fen;
  int depth = 0;
  bool divide = false;
  bool json = false;
  std::vector<std::string> knobs;
  bool full = false;
  bool distinct = false;  ///< simultaneous tables: also count the distinct positions per depth
  bool bench = false;
  unsigned long long bench_nodes = 60'000'000;
  std::string compare;
};

inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// `perft` on a table with protocol conditional (`v`, loaded with the knobs): one count, or
/// per root ply with --divide. Refuses --full (there is no bulk counting to compare with).
int run_conditional_perft(const PerftOptions& o, const VariantPtr& v);

/// `perft --bench` on a table with protocol conditional: the [[perft]] positions, each at the
/// deepest recorded depth within --bench-nodes; with --compare (another conditional table), the
/// positions of both tables under both, best of three.
int run_conditional_bench(const PerftOptions& o, const VariantPtr& v);

/// `perft` on a simultaneous table (diplomacy or move-neutral resolver): pairs of submissions
/// to a depth (docs/diplomacy-perft.md), per White root submission with --divide, and with
/// --distinct the distinct positions at each depth. --full resolves the last level's pairs
/// instead of multiplying the submission counts.
int run_sim_perft(const PerftOptions& o, const VariantPtr& v);

/// `perft --bench` on a simultaneous table: resolved pairs per second over the [[perft]]
/// positions, each at the deepest recorded depth within --bench-nodes.
int run_sim_bench(const PerftOptions& o, const VariantPtr& v);

}  // namespace arbiter::cli
