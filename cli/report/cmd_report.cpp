// `arbiter report --out DIR`: the static HTML report (cli/report/report_site.hpp) for the bundled
// tables or the ones named, with clause coverage run per table (or left out: --no-solver) and
// sample puzzles (cli/report/report_puzzles.hpp; left out: --no-puzzles).
// Progress on stderr, the index's path on stdout. docs/report.md.
#include <fmt/format.h>

#include <iostream>

#include "cli/core/commands.hpp"
#include "cli/core/option_checks.hpp"
#include "cli/report/report_puzzles.hpp"
#include "cli/report/report_site.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/table_loader.hpp"

namespace arbiter::cli {
namespace {

struct ReportCliOptions {
  std::string out = "report";
  std::vector<std::string> variants;  ///< empty: every bundled table
  solver::CoverageOptions cov;
  bool solver = true;
  bool quiet = false;
  bool puzzles = true;  ///< the sample-puzzles section (cli/report/report_puzzles.hpp)
};

int run_report(ReportCliOptions& o) {
  std::vector<std::string> names = o.variants;
  if (names.empty()) names = bundled_table_names();
  const auto say = [&o](const std::string& line) {
    if (!o.quiet) std::cerr << "report: " << line << '\n';
  };
  std::vector<VariantReport> tables;
  for (const std::string& name : names) {
    VariantReport r;
    r.variant = load_variant(name);
    if (o.solver) {
      solver::CoverageOptions cov = o.cov;
      if (!o.quiet)
        cov.progress = [&name](const std::string& line) {
          std::cerr << "report: " << name << ": " << line << '\n';
        };
      say(fmt::format("{}: clause coverage", name));
      r.coverage = solver::coverage(name, cov);
    } else {
      r.no_solver_note = "arbiter report ran with --no-solver";
    }
    if (o.puzzles) {
      say(fmt::format("{}: sample puzzles", name));
      r.extra.push_back(sample_puzzles_section(r.variant));
    }
    tables.push_back(std::move(r));
  }
  ReportOptions ro;
  ro.out_dir = o.out;
  ro.progress = say;
  std::cout << write_report(tables, ro) << '\n';
  return 0;
}

}  // namespace

void register_report_command(CLI::App& app, int& status) {
  auto o = std::make_shared<ReportCliOptions>();
  auto* cmd = app.add_subcommand(
      "report", "Write a static HTML report (rules, knob witnesses, scenarios, coverage)");
  cmd->add_option("--out,-o", o->out, "Directory to write (created when missing)")
      ->capture_default_str();
  cmd->add_option("--variant,-v", o->variants,
                  "Tables to report (bundled names or .toml paths; default: every bundled table)");
  cmd->add_option("--positions", o->cov.positions, "Positions the coverage sweep plays per table")
      ->capture_default_str()
      ->check(whole_number(1, 100000));
  cmd->add_option("--plies", o->cov.plies, "Random steps from a table position, at most")
      ->capture_default_str()
      ->check(whole_number(0, 1000));
  cmd->add_option("--seed", o->cov.seed, "Sweep and Z3 seed")->capture_default_str();
  cmd->add_option("--max-pieces", o->cov.max_pieces, "Piece bound of the scenario searches")
      ->capture_default_str()
      ->check(whole_number(2, 32));
  cmd->add_option("--rlimit", o->cov.limits.rlimit,
                  "Z3 resource limit per check (deterministic; 0 = none)");
  cmd->add_flag("!--no-scenarios", o->cov.scenarios, "Do not search the catalog scenarios");
  cmd->add_flag("!--no-probes", o->cov.probes, "No Z3 probes for items the sweep missed");
  cmd->add_flag("!--no-solver", o->solver,
                "No clause coverage: rules and knobs only, without witnesses");
  cmd->add_flag("!--no-puzzles", o->puzzles, "No sample-puzzles section");
  cmd->add_flag("--quiet,-q", o->quiet, "No progress lines on stderr");
  cmd->callback([o, &status] { status = run_report(*o); });
}

}  // namespace arbiter::cli
