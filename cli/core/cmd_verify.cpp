// `arbiter verify`: the main job.
#include <iostream>

#include "cli/core/commands.hpp"
#include "cli/core/option_checks.hpp"
#include "cli/core/progress.hpp"
#include "cli/core/verify.hpp"

namespace arbiter::cli {

void register_verify_command(CLI::App& app, int& status) {
  auto o = std::make_shared<VerifyOptions>();
  auto* cmd = app.add_subcommand(
      "verify", "Load every bundled rule table, validate it and run its self-checks");
  cmd->add_option("--table", o->tables, "Verify only these tables (names or .toml paths)");
  cmd->add_option("--max-nodes", o->max_nodes, "Skip perft counts larger than this")
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print the report as JSON");
  cmd->add_flag("!--no-solver", o->solver,
                "Skip the Z3 part (catalog scenarios and clause coverage)");
  cmd->add_option("--coverage-positions", o->coverage_positions,
                  "Positions the clause-coverage sweep plays per table")
      ->capture_default_str()
      ->check(whole_number(1, 100000));
  cmd->add_option("--max-pieces", o->max_pieces, "Piece bound of the scenario searches")
      ->capture_default_str()
      ->check(whole_number(2, 32));
  cmd->add_option("--seed", o->seed, "Sweep and Z3 seed")->capture_default_str();
  cmd->add_option("--report", o->report_dir,
                  "Directory of the HTML report written at the end (default: arbiter-report/ "
                  "in the working directory, none when it is not writable; with --table, only "
                  "when given)");
  cmd->add_flag("!--no-report", o->report, "Do not write the HTML report");
  cmd->add_flag("--quiet,-q", o->quiet,
                "No progress and no line per table: only errors and the final verdict");
  cmd->callback(
      [o, &status] { status = run_verify(*o, std::cout, std::cerr, stderr_is_terminal()); });
}

}  // namespace arbiter::cli
