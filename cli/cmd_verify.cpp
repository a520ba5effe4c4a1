// `arbiter verify`: the main job.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/verify.hpp"

namespace arbiter::cli {

void register_verify_command(CLI::App& app, int& status) {
  auto o = std::make_shared<VerifyOptions>();
  auto* cmd = app.add_subcommand(
      "verify", "Load every bundled rule table, validate it and run its self-checks");
  cmd->add_option("--table", o->tables, "Verify only these tables (names or .toml paths)");
  cmd->add_option("--max-nodes", o->max_nodes, "Skip perft counts larger than this")
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print the report as JSON");
  cmd->callback([o, &status] { status = run_verify(*o, std::cout, std::cerr); });
}

}  // namespace arbiter::cli
