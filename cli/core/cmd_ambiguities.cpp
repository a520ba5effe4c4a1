// `arbiter ambiguities`: for every knob of a table (a place where the rule text admits more
// than one reading), a step whose outcome differs between the knob's alternatives, played by
// the engine under each, with the clause of the rule text the knob reads. Built on clause
// coverage's knob sweep (solver/analysis/coverage.hpp); docs/coverage.md.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>

#include "cli/core/commands.hpp"
#include "cli/core/minimal_json.hpp"
#include "cli/core/progress.hpp"
#include "cli/core/sweep_options.hpp"
#include "present/board/report_boards.hpp"
#include "present/core/exit_status.hpp"
#include "present/core/json_writer.hpp"
#include "rules/core/closest_name.hpp"
#include "rules/core/load_variant.hpp"
#include "solver/analysis/coverage.hpp"
#include "solver/analysis/reachable.hpp"
#include "solver/core/witness_minimize.hpp"

namespace arbiter::cli {
namespace {

struct AmbiguityOptions {
  std::string variant = "orthodox";
  solver::CoverageOptions cov;
  bool quiet = false;
  bool json = false;
  std::string svg;         ///< one SVG file, one board per knob with a witness
  bool reachable = false;  ///< records of play from the start (solver/analysis/reachable.hpp)
  solver::ReachableOptions reach;
};

/// The knob items of `r` grouped by knob, in table order.
struct KnobFinding {
  const KnobDef* knob;
  const solver::CoverageItem* item;  ///< the first alternative's item (all share the witness)
};

/// Throws for a --knob the table lacks, with the nearest name.
void check_knobs(const Variant& v, const std::vector<std::string>& knobs) {
  for (const std::string& k : knobs)
    if (!v.table().knob(k)) {
      std::vector<std::string> names;
      for (const KnobDef& d : v.table().knobs) names.push_back(d.name);
      const std::string hint = did_you_mean(k, names);
      throw std::invalid_argument(
          fmt::format("ambiguities: table {} has no knob '{}' ({})", v.name(), k,
                      !hint.empty()   ? hint
                      : names.empty() ? "it has no knobs"
                                      : fmt::format("its knobs: {}", fmt::join(names, ", "))));
    }
}

/// `ambiguities --reachable`: a record of play from the start per knob, or the bound searched.
int run_reachable(AmbiguityOptions& o) {
  const VariantPtr v = load_variant(o.variant);
  check_knobs(*v, o.cov.knobs);
  o.reach.knobs = o.cov.knobs;
  o.reach.seed = o.cov.seed;
  Progress progress(o.quiet, "ambiguities");
  o.reach.progress = [&progress](const std::string& line) { progress.note(line); };
  const solver::ReachableReport r = solver::find_reachable(o.variant, o.reach);
  progress.finish();
  int found = 0, longest = 0;
  for (const solver::ReachableWitness& w : r.knobs)
    if (w.record) {
      ++found;
      longest = std::max(longest, w.plies);
    }
  const std::string units = r.units;
  if (o.json) {
    JsonWriter w;
    w.begin_array();
    for (const solver::ReachableWitness& k : r.knobs) {
      w.begin_object().field("knob", k.knob).key("record");
      if (k.record)
        w.value(*k.record);
      else
        w.null();
      w.field("plies", k.plies).field("bound", k.bound).field("proved", k.proved);
      w.field("unit", std::string(r.unit)).field("sets", to_string(k.sets));
      w.field("found_by", k.found_by).field("first", k.first).field("parts_in", k.parts_in);
      w.field("method", k.method);
      w.key("outcomes").begin_object();
      for (const auto& [setting, outcome] : k.outcomes) w.field(setting, outcome);
      w.end_object().end_object();
    }
    std::cout << w.end_array().str() << '\n';
  } else {
    std::cout << fmt::format(
        "reachable witnesses of table {}: {} knob(s), {} position(s) checked, {} step(s) "
        "played\n",
        r.table, r.knobs.size(), r.positions, r.steps);
    for (const solver::ReachableWitness& k : r.knobs) {
      std::cout << fmt::format("\nknob {}\n", k.knob);
      const bool walked = o.reach.method != "bmc";
      const auto bmc_line = [&] {
        if (o.reach.method == "walk") return;
        if (k.bmc_bound > 0)
          std::cout << fmt::format(
              "  bmc: no line of up to {} {} parts the readings within its encoding\n", k.bmc_bound,
              units);
        if (!k.bmc_note.empty()) std::cout << fmt::format("  bmc: {}\n", k.bmc_note);
      };
      if (!k.record) {
        if (walked)
          std::cout << fmt::format(
              "  no record found: every record of up to {} {} played{}; then {} steps of guided "
              "walks\n",
              k.bound, units,
              k.proved ? fmt::format(" (proved: none of {} {} parts the readings)", k.bound, units)
                       : "",
              r.guided_steps);
        else
          std::cout << "  no record found\n";
        bmc_line();
        continue;
      }
      // A record of many lines (one turn a line) starts on the line below, indented.
      std::string record = *k.record;
      for (std::size_t i = record.find('\n'); i != std::string::npos; i = record.find('\n', i + 5))
        record.replace(i, 1, "\n    ");
      std::cout << (record.find('\n') == std::string::npos ? "  record " : "  record\n    ")
                << record << '\n';
      std::cout << fmt::format(
          "  {} {} ({}{}); the readings part at {} {}\n", k.plies, units, k.found_by,
          k.found_by == "exhaustive"                          ? ": none shorter"
          : k.found_by == "bmc" && k.bmc_bound + 1 == k.plies ? ": none shorter within its encoding"
                                                              : ": maybe not the shortest",
          r.unit, k.first);
      bmc_line();
      if (k.parts_in == "rights")
        std::cout << fmt::format(
            "  weak: the readings differ only in the final position's castling or en-passant "
            "rights; no record where they differ in the position, the status or a refused move "
            "was found (every record of up to {} {} played{})\n",
            k.bound, units, k.proved ? ": proved" : "");
      if (k.sets != TurnSets::kOne)
        std::cout << fmt::format("  replay with --sets {}\n", to_string(k.sets));
      for (const auto& [setting, outcome] : k.outcomes)
        std::cout << fmt::format("  {:<40} {}\n", setting, outcome);
    }
    if (!r.bmc_findings.empty()) {
      std::cout << fmt::format(
          "\nbmc: {} line(s) from the solver that the engine did not confirm (not records):\n",
          r.bmc_findings.size());
      for (const std::string& f : r.bmc_findings) std::cout << "  " << f << '\n';
    }
    std::cout << fmt::format("\n{} knob(s): {} with a record (longest {} {}), {} without\n",
                             r.knobs.size(), found, longest, units, r.knobs.size() - found);
  }
  return found == static_cast<int>(r.knobs.size()) ? kHolds : kFails;
}

int run_ambiguities(AmbiguityOptions& o) {
  if (o.reachable) return run_reachable(o);
  const VariantPtr v = load_variant(o.variant);
  check_knobs(*v, o.cov.knobs);
  // The catalog's witnesses are swept too (some knobs decide only in positions a scenario
  // describes, such as a forced non-mating check); only the knob items are reported.
  o.cov.clauses = false;
  Progress progress(o.quiet, "ambiguities");
  o.cov.progress = [&progress](const solver::ProgressStep& step) { progress.step(step); };
  const solver::CoverageReport r = solver::coverage(o.variant, o.cov);
  progress.finish();
  std::vector<KnobFinding> findings;
  for (const KnobDef& k : v->table().knobs)
    for (const solver::CoverageItem& i : r.items)
      if (i.kind == "knob" && is_setting_of(i.name, k.name)) {
        findings.push_back({&k, &i});
        break;
      }
  // A knob proved not to matter (solver/analysis/knob_relevance.hpp) is an answer, not a gap.
  const auto proved = [](const KnobFinding& f) {
    return f.item->status == solver::CoverageStatus::kUnreachable;
  };
  int missing = 0, proofs = 0;
  for (const KnobFinding& f : findings) {
    missing += f.item->witness || proved(f) ? 0 : 1;
    proofs += proved(f) ? 1 : 0;
  }
  if (!o.svg.empty()) {
    std::vector<SvgBoard> boards;
    for (const KnobFinding& f : findings)
      if (f.item->witness) {
        boards.push_back(board_of_step(v, f.item->witness->fen, f.item->witness->moves));
        boards.back().caption = fmt::format("knob {}: {}", f.knob->name, f.item->witness->moves);
      }
    write_svg(o.svg, boards);
  }
  if (o.json) {
    JsonWriter w;
    w.begin_object().field("table", r.table).field("positions", r.positions);
    w.key("knobs").begin_array();
    for (const KnobFinding& f : findings) {
      w.begin_object().field("knob", f.knob->name).field("clause", f.knob->clause);
      w.field("found", f.item->witness.has_value()).field("proved_no_difference", proved(f));
      if (f.item->witness) {
        w.field("fen", f.item->witness->fen).field("moves", f.item->witness->moves);
        write_minimal(w, *f.item->witness);
        w.key("outcomes").begin_object();
        for (const auto& [setting, outcome] : f.item->witness->outcomes) w.field(setting, outcome);
        w.end_object();
      } else {
        w.field("detail", f.item->detail);
      }
      w.end_object();
    }
    std::cout << w.end_array().end_object().str() << '\n';
  } else {
    std::cout << fmt::format("ambiguities of table {}: {} knob(s), {} positions swept\n", r.table,
                             findings.size(), r.positions);
    for (const KnobFinding& f : findings) {
      std::cout << fmt::format("\nknob {}\n  reads  {}\n", f.knob->name, f.knob->clause);
      if (!f.item->witness) {
        std::cout << fmt::format("  {}: {}\n", proved(f) ? "proved" : "no difference found",
                                 f.item->detail);
        continue;
      }
      std::cout << fmt::format("  fen    {}\n  moves  {}\n", f.item->witness->fen,
                               f.item->witness->moves);
      if (f.item->witness->men_removed >= 0)
        std::cout << fmt::format(
            "  {}\n", solver::minimal_note(f.item->witness->men, f.item->witness->men_removed));
      for (const auto& [setting, outcome] : f.item->witness->outcomes)
        std::cout << fmt::format("  {:<40} {}\n", setting, outcome);
    }
    std::cout << fmt::format(
        "\n{} knob(s): {} with a witness, {} proved not to matter up to {} pieces, {} "
        "undecided\n",
        findings.size(), findings.size() - missing - proofs, proofs, o.cov.max_pieces, missing);
  }
  return missing == 0 ? kHolds : kFails;
}

}  // namespace

void register_ambiguities_command(CLI::App& app, int& status) {
  auto o = std::make_shared<AmbiguityOptions>();
  auto* cmd = app.add_subcommand(
      "ambiguities", "For every knob, a position where its alternatives give different outcomes");
  add_sweep_options(cmd, o->variant, o->cov);
  cmd->add_flag("!--no-scenarios", o->cov.scenarios,
                "Do not sweep the catalog scenarios' witnesses (faster; some knobs go unseen)");
  cmd->add_option("--knob", o->cov.knobs, "Only this knob (repeatable; default: every knob)");
  cmd->add_flag("--quiet,-q", o->quiet, "No progress lines on stderr");
  cmd->add_flag("--json", o->json, "Print JSON");
  cmd->add_option("--svg", o->svg,
                  "Also draw each knob's witness (one board per knob, one below the other) into "
                  "this SVG file");
  cmd->add_flag("--reachable", o->reachable,
                "For every knob, a record of play from the table's start position after which "
                "its alternatives give different outcomes (or the bound searched)");
  cmd->add_option("--exhaustive", o->reach.exhaustive,
                  "--reachable: plies (turns) searched exhaustively, a proof where nothing is "
                  "found (default: 3 sequential, 2 conditional, 1 simultaneous)");
  cmd->add_option("--steps", o->reach.steps,
                  "--reachable: steps the guided walks may play in all (the work budget)")
      ->capture_default_str();
  cmd->add_option("--walk-plies", o->reach.max_plies,
                  "--reachable: length of one guided walk, in plies (turns)")
      ->capture_default_str();
  cmd->add_option("--method", o->reach.method,
                  "--reachable: walk (exhaustive stage and guided walks), bmc (bounded model "
                  "checking of lines from the start, sequential tables), or both")
      ->check(CLI::IsMember({"walk", "bmc", "both"}))
      ->capture_default_str();
  cmd->add_option("--bmc-plies", o->reach.bmc_plies,
                  "--reachable --method bmc|both: the longest line asked for")
      ->check(CLI::Range(1, 40))
      ->capture_default_str();
  cmd->add_option("--bmc-seconds", o->reach.bmc_seconds,
                  "--reachable --method bmc|both: time budget per knob, in seconds")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--bmc-query-ms", o->reach.bmc_ms_per_k,
                  "--reachable --method bmc|both: time limit of one solver query (one length, one "
                  "alternative), in milliseconds")
      ->capture_default_str();
  cmd->callback([o, &status] { status = run_ambiguities(*o); });
}

}  // namespace arbiter::cli
