// `arbiter coverage`: every clause, knob alternative and catalog scenario of a table with an
// engine-confirmed witness (or a bounded unsat proof); `--save` writes the witnesses as a
// corpus (cmd_corpus.cpp replays it). See docs/coverage.md.
#include <fmt/format.h>

#include <fstream>
#include <iostream>

#include "cli/core/commands.hpp"
#include "cli/core/minimal_json.hpp"
#include "cli/core/progress.hpp"
#include "cli/core/sweep_options.hpp"
#include "present/core/exit_status.hpp"
#include "present/core/json_writer.hpp"
#include "solver/analysis/corpus.hpp"
#include "solver/core/witness_minimize.hpp"

namespace arbiter::cli {
namespace {

struct CoverageCliOptions {
  std::string variant = "orthodox";
  std::string save;
  solver::CoverageOptions cov;
  unsigned timeout_ms = 0;
  bool no_scenarios = false;
  bool quiet = false;
  bool json = false;
};

void print_json(const solver::CoverageReport& r) {
  JsonWriter w;
  w.begin_object().field("table", r.table).field("positions", r.positions);
  w.field("steps", static_cast<double>(r.steps))
      .field("unexplained", r.unexplained())
      .key("items")
      .begin_array();
  for (const solver::CoverageItem& i : r.items) {
    w.begin_object()
        .field("kind", i.kind)
        .field("name", i.name)
        .field("status", solver::to_string(i.status))
        .field("detail", i.detail);
    if (i.witness) {
      w.key("witness").begin_object().field("fen", i.witness->fen).field("moves", i.witness->moves);
      write_minimal(w, *i.witness);
      w.key("outcomes").begin_object();
      for (const auto& [setting, outcome] : i.witness->outcomes) w.field(setting, outcome);
      w.end_object().end_object();
    }
    w.end_object();
  }
  std::cout << w.end_array().end_object().str() << '\n';
}

void print_text(const solver::CoverageReport& r) {
  std::cout << fmt::format("coverage of table {}: {} positions swept, {} steps played\n", r.table,
                           r.positions, r.steps);
  for (const solver::CoverageItem& i : r.items) {
    std::cout << fmt::format("{:8} {:40} {}\n", i.kind, i.name, solver::to_string(i.status));
    if (i.witness) {
      std::cout << fmt::format("         fen {}\n", i.witness->fen);
      if (!i.witness->moves.empty())
        std::cout << fmt::format("         moves {}\n", i.witness->moves);
      if (i.witness->men_removed >= 0)
        std::cout << fmt::format("         {}\n",
                                 solver::minimal_note(i.witness->men, i.witness->men_removed));
      for (const auto& [setting, outcome] : i.witness->outcomes)
        std::cout << fmt::format("         {}: {}\n", setting, outcome);
    }
    if (!i.detail.empty()) std::cout << fmt::format("         {}\n", i.detail);
  }
  std::cout << fmt::format("{} item(s), {} unexplained\n", r.items.size(), r.unexplained());
}

int run_coverage(CoverageCliOptions& o) {
  o.cov.limits.timeout_ms = o.timeout_ms;
  o.cov.scenarios = !o.no_scenarios;
  Progress progress(o.quiet, "coverage");
  o.cov.progress = [&progress](const solver::ProgressStep& step) { progress.step(step); };
  solver::CoverageReport r;
  r = solver::coverage(o.variant, o.cov);
  progress.finish();
  if (o.json)
    print_json(r);
  else
    print_text(r);
  if (!o.save.empty()) {
    std::ofstream out(o.save);
    if (!out) throw std::runtime_error(fmt::format("coverage: cannot write '{}'", o.save));
    out << solver::corpus_toml(r);
    progress.note("corpus written to " + o.save);
  }
  return r.unexplained() == 0 ? kHolds : kFails;
}

}  // namespace

void register_coverage_command(CLI::App& app, int& status) {
  auto o = std::make_shared<CoverageCliOptions>();
  auto* cmd = app.add_subcommand(
      "coverage", "Witnesses for every clause, knob alternative and scenario of a table");
  add_sweep_options(cmd, o->variant, o->cov);
  cmd->add_option("--timeout", o->timeout_ms,
                  "Wall-clock limit per scenario search in ms (0 = none)");
  cmd->add_option("--rlimit", o->cov.limits.rlimit, "Z3 resource limit per check (0 = none)");
  cmd->add_flag("--no-scenarios", o->no_scenarios, "Skip the catalog scenarios (no Z3)");
  cmd->add_option("--save", o->save, "Write the witnesses as a corpus (TOML) to this file");
  cmd->add_flag("--quiet,-q", o->quiet, "No progress lines on stderr");
  cmd->add_flag("--json", o->json, "Print JSON");
  cmd->callback([o, &status] { status = run_coverage(*o); });
}

}  // namespace arbiter::cli
