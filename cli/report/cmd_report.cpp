// `arbiter report --out DIR`: the static HTML report (cli/report/report_site.hpp) for the bundled
// tables or the ones named, with clause coverage run per table (or left out: --no-solver) and
// sample puzzles (cli/report/report_puzzles.hpp; left out: --no-puzzles) and, when asked for,
// the records of play that part each knob's readings (cli/report/report_reachable.hpp: searched
// with --reachable, or read with --reachable-from from `ambiguities --reachable --json`).
// Progress on stderr, the index's path on stdout. docs/report.md.
#include <fmt/format.h>

#include <fmt/ranges.h>

#include <filesystem>
#include <iostream>
#include <map>

#include "cli/core/commands.hpp"
#include "cli/core/option_checks.hpp"
#include "cli/report/report_puzzles.hpp"
#include "cli/report/report_reachable.hpp"
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
  bool puzzles = true;     ///< the sample-puzzles section (cli/report/report_puzzles.hpp)
  bool reachable = false;  ///< search the reachable records (slow)
  std::vector<std::string> reachable_from;  ///< [TABLE=]FILE: records written by ambiguities
  solver::ReachableOptions reach;           ///< --reachable's budget (as ambiguities --reachable)
};

/// The records of each --reachable-from file, by the table (as named in `names`) they belong
/// to: TABLE=FILE names it; a bare FILE belongs to the only table reported, or else to the one
/// table whose knobs include every knob of the file. Read before any search starts, so that a
/// bad file fails at once (exit 2, the file and the place named).
std::map<std::string, ReachableRecords> read_reachable_files(
    const std::vector<std::string>& specs, const std::vector<std::string>& names,
    const std::vector<VariantPtr>& variants) {
  std::map<std::string, ReachableRecords> out;
  for (const std::string& spec : specs) {
    std::string table, path = spec;
    if (const std::size_t eq = spec.find('='); eq != std::string::npos) {
      for (const std::string& n : names)
        if (n == spec.substr(0, eq)) table = n;
      if (!table.empty()) path = spec.substr(eq + 1);
      if (table.empty() && !std::filesystem::exists(spec))
        throw std::invalid_argument(fmt::format(
            "report: --reachable-from {}: '{}' is not a table of this report ({}), and no file "
            "has that name",
            spec, spec.substr(0, eq), fmt::join(names, ", ")));
    }
    std::vector<solver::ReachableWitness> knobs = read_reachable_json(path);
    if (table.empty() && names.size() == 1) table = names.front();
    if (table.empty()) {
      std::vector<std::string> fits;
      for (std::size_t i = 0; i < names.size(); ++i)
        if (!variants[i]->table().knobs.empty() &&
            foreign_knobs(variants[i]->table(), knobs).empty())
          fits.push_back(names[i]);
      if (fits.size() != 1)
        throw std::invalid_argument(fmt::format(
            "report: --reachable-from {}: {}; write --reachable-from TABLE={}", path,
            fits.empty() ? std::string("its knobs are not those of any table reported")
                         : fmt::format("its knobs fit tables {}", fmt::join(fits, ", ")),
            path));
      table = fits.front();
    }
    const std::size_t i =
        static_cast<std::size_t>(std::find(names.begin(), names.end(), table) - names.begin());
    if (const std::vector<std::string> foreign = foreign_knobs(variants[i]->table(), knobs);
        !foreign.empty())
      throw std::invalid_argument(
          fmt::format("report: --reachable-from {}: table {} has no knob {}", path, table,
                      fmt::join(foreign, ", ")));
    if (out.count(table))
      throw std::invalid_argument(
          fmt::format("report: --reachable-from {}: table {} has records from another file "
                      "already",
                      path, table));
    out[table] = {path, std::move(knobs)};
  }
  return out;
}

int run_report(ReportCliOptions& o) {
  std::vector<std::string> names = o.variants;
  if (names.empty()) names = bundled_table_names();
  const auto say = [&o](const std::string& line) {
    if (!o.quiet) std::cerr << "report: " << line << '\n';
  };
  std::vector<VariantPtr> variants;
  for (const std::string& name : names) variants.push_back(load_variant(name));
  std::map<std::string, ReachableRecords> records =
      read_reachable_files(o.reachable_from, names, variants);
  std::vector<VariantReport> tables;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    VariantReport r;
    r.variant = variants[i];
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
    if (!records.count(name) && o.reachable && !r.variant->table().knobs.empty()) {
      say(fmt::format("{}: reachable records (15 to 30 s)", name));
      solver::ReachableOptions ro = o.reach;
      ro.seed = o.cov.seed;
      if (!o.quiet)
        ro.progress = [&name](const std::string& line) {
          std::cerr << "report: " << name << ": " << line << '\n';
        };
      records[name] = {"the search of this run (arbiter report --reachable)",
                       solver::find_reachable(name, ro).knobs};
    }
    if (records.count(name))
      r.extra.push_back(reachable_section(name, r.variant, records.at(name)));
    else if (!r.variant->table().knobs.empty())
      r.extra.push_back(reachable_hint_section());
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
  cmd->add_flag("--reachable", o->reachable,
                "Also search, per table, a record of play from the start that parts each knob's "
                "readings, and draw it (15 to 30 s a table; as ambiguities --reachable)");
  cmd->add_option("--reachable-exhaustive", o->reach.exhaustive,
                  "--reachable: plies (turns) searched exhaustively, a proof where nothing is "
                  "found (default: 3 sequential, 2 conditional, 1 simultaneous)")
      ->check(whole_number(0, 8));
  cmd->add_option("--reachable-steps", o->reach.steps,
                  "--reachable: steps the guided walks may play in all (the work budget)")
      ->capture_default_str()
      ->check(CLI::Range(0LL, 1'000'000'000LL));
  cmd->add_option("--reachable-walk-plies", o->reach.max_plies,
                  "--reachable: length of one guided walk, in plies (turns)")
      ->capture_default_str()
      ->check(whole_number(1, 1000));
  cmd->add_option("--reachable-from", o->reachable_from,
                  "Draw the records in [TABLE=]FILE, the JSON of `ambiguities -v TABLE "
                  "--reachable --json` (repeatable; TABLE= where the knobs do not say which)");
  cmd->add_flag("--quiet,-q", o->quiet, "No progress lines on stderr");
  cmd->callback([o, &status] { status = run_report(*o); });
}

}  // namespace arbiter::cli
