// `arbiter perft`: count the legal-move tree, per root move with --divide, or benchmark the
// engine on the table's perft positions with --bench. The options; the front-end
// (perft_front_end.hpp) hands the run to the table's protocol and prints it.
#include <memory>

#include "cli/core/commands.hpp"
#include "cli/core/knob_options.hpp"
#include "cli/core/option_checks.hpp"
#include "cli/core/perft_front_end.hpp"

namespace arbiter::cli {

void register_perft_command(CLI::App& app, int& status) {
  auto o = std::make_shared<PerftOptions>();
  auto* cmd = app.add_subcommand("perft", "Count legal move paths to a depth (perft)");
  cmd->add_option("--variant,-v", o->variant, "Bundled table name or .toml path")
      ->capture_default_str();
  cmd->add_option("--fen", o->fen, "Start position (default: the table's setup)")
      ->check(fen_text(true));
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
      status = run_perft_bench(*o);
      return;
    }
    if (o->depth <= 0)
      throw CLI::ValidationError("--depth", "expected a depth of 1 or more (or --bench)");
    status = run_perft(*o);
  });
}

}  // namespace arbiter::cli
