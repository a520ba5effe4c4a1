// Issue 8's benchmark: (1) per knob of every bundled table, the CPU time of the knob-only
// ambiguity search to its first engine-confirmed witness (what `arbiter ambiguities --knob K`
// does); (2) per table, the bounded no-change proof of a cosmetic edit (renamed, described, the
// king's Betza spelled "WF") and of a redundant atom (rooks as "WR"), as `arbiter diff` runs
// them. Prints Markdown tables, as docs/diff.md shows them.
//
//   build/bench/arbiter_diff_bench [--max-pieces 6] [--variant NAME]
#include <fmt/format.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "rules/core/table_loader.hpp"
#include "solver/analysis/coverage.hpp"
#include "solver/analysis/table_diff.hpp"

namespace {

using namespace arbiter;
using namespace arbiter::solver;

double cpu_seconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

std::string write_table(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("arbiter-diff-bench-" + name);
  std::ofstream(path) << text;
  return path.string();
}

void knob_rows(const std::string& table, int max_pieces) {
  for (const KnobDef& k : load_bundled_table(table).knobs) {
    CoverageOptions o;
    o.clauses = false;
    o.scenarios = false;
    o.knobs = {k.name};
    o.max_pieces = max_pieces;
    // As `arbiter diff` does: without the catalog first, then with its witnesses (some knobs
    // decide only in positions a scenario describes).
    const double start = cpu_seconds();
    bool found = false;
    for (bool scenarios : {false, true}) {
      o.scenarios = scenarios;
      const CoverageReport r = coverage(table, o);
      for (const CoverageItem& i : r.items) found = found || i.witness.has_value();
      if (found) break;
    }
    const double took = cpu_seconds() - start;
    std::cout << fmt::format("| {} | {} | {:.2f} s | {} |\n", table, k.name, took,
                             found ? "witness" : "none");
  }
}

void proof_row(const std::string& table, const std::string& what, const std::string& body,
               int max_pieces) {
  const std::string path = write_table(table + "-" + what + ".toml",
                                       "[table]\nname = \"edited\"\ndescription = \"edited\"\n"
                                       "extends = \"" +
                                           table + "\"\n" + body);
  DiffOptions o;
  o.max_pieces = max_pieces;
  o.coverage = false;
  const double start = cpu_seconds();
  const DiffReport r = diff_tables(table, path, o);
  const double took = cpu_seconds() - start;
  const std::string verdict =
      r.changed() ? "changed?!"
                  : (r.groups.empty() ? to_string(r.whole) : to_string(r.groups[0].status));
  std::cout << fmt::format("| {} | {} | {:.2f} s | {} |\n", table, what, took, verdict);
}

}  // namespace

int main(int argc, char** argv) {
  int max_pieces = 6;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--max-pieces" && i + 1 < argc) {
      max_pieces = std::atoi(argv[++i]);
    } else if (a == "--variant" && i + 1 < argc) {
      only = argv[++i];
    } else {
      std::cerr << "usage: arbiter_diff_bench [--max-pieces N] [--variant NAME]\n";
      return 2;
    }
  }
  std::cout << fmt::format("Knob-only ambiguity search, first witness (CPU, up to {} pieces)\n\n",
                           max_pieces)
            << "| table | knob | time | result |\n|---|---|---:|---|\n";
  for (const std::string& t : bundled_table_names())
    if (only.empty() || t == only) knob_rows(t, max_pieces);
  std::cout << fmt::format("\nNo-change proofs of `arbiter diff` (CPU, up to {} pieces)\n\n",
                           max_pieces)
            << "| table | edit | time | verdict |\n|---|---|---:|---|\n";
  for (const std::string& t : bundled_table_names()) {
    if (!only.empty() && t != only) continue;
    proof_row(t, "cosmetic", "[pieces.K]\nbetza = \"WF\"\n", max_pieces);
    proof_row(t, "rook-as-WR", "[pieces.R]\nbetza = \"WR\"\n", max_pieces);
  }
  return 0;
}
