// `arbiter diff OLD NEW`: what a rule-table edit changes. Every behavioural key that changed,
// with steps whose outcome differs (the engine plays them under both tables), grouped by key;
// cosmetic edits listed apart; "no behavioural change" backed by a bounded Z3 proof. Exit 0: no
// behavioural change; 1: a change; 4: undecided (a key changed but neither a witness nor a
// proof was found). See docs/diff.md.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>

#include "cli/core/commands.hpp"
#include "cli/core/option_checks.hpp"
#include "present/core/exit_status.hpp"
#include "present/core/json_writer.hpp"
#include "rules/core/load_variant.hpp"
#include "solver/analysis/corpus.hpp"
#include "solver/analysis/step_cases.hpp"
#include "solver/analysis/table_diff.hpp"

namespace arbiter::cli {
namespace {

struct DiffCliOptions {
  std::string old_table, new_table;
  std::vector<std::string> fens;
  std::vector<std::string> corpora;
  solver::DiffOptions diff;
  unsigned timeout_ms = 0;
  bool no_coverage = false;
  bool quiet = false;
  bool json = false;
};

void json_witness(JsonWriter& w, const solver::DiffWitness& x) {
  w.begin_object()
      .field("fen", x.fen)
      .field("moves", x.moves)
      .field("old", x.old_outcome)
      .field("new", x.new_outcome)
      .field("found_by", x.tier);
  w.key("old_clauses").begin_array();
  for (const std::string& c : x.old_clauses) w.value(c);
  w.end_array().key("new_clauses").begin_array();
  for (const std::string& c : x.new_clauses) w.value(c);
  w.end_array().end_object();
}

void print_json(const solver::DiffReport& r) {
  JsonWriter w;
  w.begin_object()
      .field("old", r.old_table)
      .field("new", r.new_table)
      .field("changed", r.changed());
  w.key("changes").begin_array();
  for (const solver::DiffGroup& g : r.groups) {
    w.begin_object()
        .field("key", g.change.key)
        .field("old_value", g.change.old_value)
        .field("new_value", g.change.new_value)
        .field("status", solver::to_string(g.status))
        .field("detail", g.detail);
    w.key("witnesses").begin_array();
    for (const solver::DiffWitness& x : g.witnesses) json_witness(w, x);
    w.end_array().end_object();
  }
  w.end_array().key("cosmetic").begin_array();
  for (const solver::TableChange& c : r.cosmetic)
    w.begin_object()
        .field("key", c.key)
        .field("old_value", c.old_value)
        .field("new_value", c.new_value)
        .end_object();
  w.end_array();
  if (r.groups.empty())
    w.field("proof", solver::to_string(r.whole)).field("proof_detail", r.whole_detail);
  std::cout << w.end_object().str() << '\n';
}

void print_text(const solver::DiffReport& r) {
  std::cout << fmt::format("diff {} -> {}\n", r.old_table, r.new_table);
  for (const solver::DiffGroup& g : r.groups) {
    std::cout << fmt::format("\n{}: {}\n  old    {}\n  new    {}\n", g.change.key,
                             solver::to_string(g.status), g.change.old_value, g.change.new_value);
    for (const solver::DiffWitness& x : g.witnesses) {
      std::cout << fmt::format("  fen    {}\n  step   {}\n  old -> {}\n  new -> {}\n", x.fen,
                               x.moves, x.old_outcome, x.new_outcome);
      if (x.old_clauses != x.new_clauses)
        std::cout << fmt::format("  clauses old [{}], new [{}]\n", fmt::join(x.old_clauses, ", "),
                                 fmt::join(x.new_clauses, ", "));
      std::cout << fmt::format("  found by {}\n", x.tier);
    }
    std::cout << fmt::format("  ({})\n", g.detail);
  }
  if (!r.cosmetic.empty()) {
    std::cout << "\ncosmetic edits (no effect on play):\n";
    for (const solver::TableChange& c : r.cosmetic)
      std::cout << fmt::format("  {}: '{}' -> '{}'\n", c.key, c.old_value, c.new_value);
  }
  if (r.groups.empty())
    std::cout << fmt::format(
        "\n{}: {}\n",
        r.whole == solver::DiffStatus::kProved ? "no behavioural change" : "undecided",
        r.whole_detail);
  int witnessed = 0, proved = 0, open = 0;
  for (const solver::DiffGroup& g : r.groups)
    (g.status == solver::DiffStatus::kWitness  ? witnessed
     : g.status == solver::DiffStatus::kProved ? proved
                                               : open) += 1;
  if (!r.groups.empty())
    std::cout << fmt::format(
        "\n{} behavioural key(s) changed: {} with a witness, {} proved without effect, {} "
        "undecided\n",
        r.groups.size(), witnessed, proved, open);
}

/// A --fen that neither table reads is a mistake in the command, not a witness (a position
/// that only one table reads is one): refused before the long run, with both tables' reasons.
void check_positions(const DiffCliOptions& o) {
  if (o.fens.empty()) return;
  const VariantPtr tables[2] = {load_variant(o.old_table), load_variant(o.new_table)};
  for (std::size_t i = 0; i < o.fens.size(); ++i) {
    std::string why[2];
    bool read = false;
    for (int t = 0; t < 2 && !read; ++t) {
      try {
        solver::for_each_step(tables[t], o.fens[i], [](const solver::StepCase&) { return false; });
        read = true;
      } catch (const std::exception& e) {
        why[t] = e.what();
      }
    }
    if (read) continue;
    // Said once when the two reasons differ only in the table's name.
    std::string same = why[1];
    const std::string names[2] = {tables[0]->name(), tables[1]->name()};
    for (std::size_t at = same.find(names[1]); at != std::string::npos && names[0] != names[1];
         at = same.find(names[1], at + names[0].size()))
      same.replace(at, names[1].size(), names[0]);
    const std::string reasons =
        why[0] == same ? fmt::format("{} (both: {})", why[0], fmt::join(names, ", "))
                       : fmt::format("{}: {}; {}: {}", names[0], why[0], names[1], why[1]);
    throw std::invalid_argument(
        fmt::format("--fen {} ('{}'): neither table reads it: {}", i + 1, o.fens[i], reasons));
  }
}

int run_diff(DiffCliOptions& o) {
  check_positions(o);
  o.diff.limits.timeout_ms = o.timeout_ms;
  o.diff.coverage = !o.no_coverage;
  o.diff.positions = o.fens;
  for (const std::string& path : o.corpora)
    for (std::string& fen : solver::corpus_positions(path)) o.diff.positions.push_back(fen);
  if (!o.quiet)
    o.diff.progress = [](const std::string& line) { std::cerr << "diff: " << line << '\n'; };
  solver::DiffReport r;
  r = solver::diff_tables(o.old_table, o.new_table, o.diff);
  if (o.json)
    print_json(r);
  else
    print_text(r);
  if (!r.changed()) return kHolds;
  for (const solver::DiffGroup& g : r.groups)
    if (g.status == solver::DiffStatus::kWitness) return kFails;
  return kUndecided;
}

}  // namespace

void register_diff_command(CLI::App& app, int& status) {
  auto o = std::make_shared<DiffCliOptions>();
  auto* cmd = app.add_subcommand(
      "diff", "What a rule-table edit changes: witnesses per changed key, or a bounded proof");
  cmd->add_option("old", o->old_table, "The table before (bundled name or .toml path)")->required();
  cmd->add_option("new", o->new_table, "The table after (bundled name or .toml path)")->required();
  cmd->add_option("--fen", o->fens, "A position to look at first (repeatable)")
      ->check(fen_text(false));
  cmd->add_option("--corpus", o->corpora,
                  "A corpus file whose positions are looked at first (repeatable)");
  cmd->add_option("--witnesses", o->diff.witnesses, "Witnesses wanted per changed key")
      ->capture_default_str()
      ->check(whole_number(1, 100));
  cmd->add_option("--positions", o->diff.positions_count, "Random-sweep positions per table")
      ->capture_default_str()
      ->check(whole_number(1, 100000));
  cmd->add_option("--plies", o->diff.plies, "Random steps from a table position, at most")
      ->capture_default_str()
      ->check(whole_number(0, 1000));
  cmd->add_option("--seed", o->diff.seed, "Sweep and Z3 seed")->capture_default_str();
  cmd->add_option("--max-pieces", o->diff.max_pieces, "Piece bound of the Z3 search and proof")
      ->capture_default_str()
      ->check(whole_number(2, 32));
  cmd->add_option("--timeout", o->timeout_ms, "Wall-clock limit per Z3 search in ms (0 = none)");
  cmd->add_option("--rlimit", o->diff.limits.rlimit, "Z3 resource limit per check (0 = none)");
  cmd->add_flag("--no-coverage", o->no_coverage,
                "Do not use the tables' coverage witnesses as positions (faster, may miss rare "
                "changes)");
  cmd->add_flag("--quiet,-q", o->quiet, "No progress lines on stderr");
  cmd->add_flag("--json", o->json, "Print JSON");
  cmd->callback([o, &status] { status = run_diff(*o); });
}

}  // namespace arbiter::cli
