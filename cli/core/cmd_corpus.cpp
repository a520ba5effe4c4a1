// `arbiter corpus record`: pins a table's current behaviour in a regression corpus: its coverage
// witnesses plus the steps from positions the user gives. `arbiter corpus check`: replays a
// corpus, optionally against another table, and lists every case whose outcome changed with the
// clauses that fire now and no longer. See docs/coverage.md and docs/diff.md.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <fstream>
#include <iostream>

#include "cli/core/commands.hpp"
#include "cli/core/option_checks.hpp"
#include "cli/core/sweep_options.hpp"
#include "present/core/json_writer.hpp"
#include "rules/core/fen.hpp"
#include "solver/analysis/corpus.hpp"

namespace arbiter::cli {
namespace {

struct RecordOptions {
  std::string variant = "orthodox";
  std::string out;
  std::vector<std::string> fens;
  std::string positions_file;
  int max_steps = 100;
  solver::CoverageOptions cov;
  unsigned timeout_ms = 0;
  bool no_scenarios = false;
  bool quiet = false;
  bool json = false;
};

/// FENs from a file, one per line; blank lines and lines starting with '#' are skipped.
std::vector<std::string> read_positions(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("corpus record: cannot read '{}'", path));
  std::vector<std::string> fens;
  std::string line;
  while (std::getline(in, line)) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const auto last = line.find_last_not_of(" \t\r");
    fens.push_back(line.substr(first, last - first + 1));
  }
  return fens;
}

int run_record(RecordOptions& o) {
  std::vector<std::string> fens = o.fens;
  if (!o.positions_file.empty()) {
    std::vector<std::string> more = read_positions(o.positions_file);
    fens.insert(fens.end(), more.begin(), more.end());
  }
  // The user's positions first: a bad FEN is reported before the long coverage run.
  std::vector<solver::CorpusCase> cases;
  try {
    cases = solver::position_cases(o.variant, fens, o.max_steps);
  } catch (const FenError& e) {
    throw std::runtime_error(fmt::format("corpus record: {}", e.what()));
  }
  const std::size_t from_positions = cases.size();
  o.cov.limits.timeout_ms = o.timeout_ms;
  o.cov.scenarios = !o.no_scenarios;
  if (!o.quiet)
    o.cov.progress = [](const std::string& line) {
      std::cerr << "corpus record: " << line << '\n';
    };
  const solver::CoverageReport r = solver::coverage(o.variant, o.cov);
  std::vector<solver::CorpusCase> witnesses = solver::coverage_cases(r);
  cases.insert(cases.begin(), witnesses.begin(), witnesses.end());
  std::ofstream out(o.out);
  if (!out) throw std::runtime_error(fmt::format("corpus record: cannot write '{}'", o.out));
  out << solver::corpus_toml(o.variant, cases, "arbiter corpus record");
  if (o.json) {
    JsonWriter w;
    w.begin_object().field("table", r.table).field("out", o.out);
    w.field("cases", static_cast<std::uint64_t>(cases.size()));
    w.field("from_coverage", static_cast<std::uint64_t>(witnesses.size()));
    w.field("from_positions", static_cast<std::uint64_t>(from_positions));
    w.field("positions", static_cast<std::uint64_t>(fens.size()));
    w.field("unexplained", r.unexplained());
    std::cout << w.end_object().str() << '\n';
  } else {
    std::cout << fmt::format(
        "recorded {} case(s) of table {} in {}: {} from coverage witnesses, {} from {} "
        "position(s)\n",
        cases.size(), r.table, o.out, witnesses.size(), from_positions, fens.size());
  }
  if (r.unexplained() > 0)
    std::cerr << fmt::format(
        "corpus record: note: {} coverage item(s) have no witness (see arbiter coverage)\n",
        r.unexplained());
  return 0;
}

struct CheckOptions {
  std::string file;
  std::string table;
  bool json = false;
};

int run_check(const CheckOptions& o) {
  const std::vector<solver::CorpusResult> results = solver::replay_corpus(o.file, o.table);
  int changed = 0;
  for (const solver::CorpusResult& r : results) changed += r.problem.empty() ? 0 : 1;
  if (o.json) {
    JsonWriter w;
    w.begin_object().field("cases", static_cast<int>(results.size())).field("changed", changed);
    w.key("changes").begin_array();
    for (const solver::CorpusResult& r : results) {
      if (r.problem.empty()) continue;
      w.begin_object()
          .field("item", r.item)
          .field("setting", r.setting)
          .field("fen", r.fen)
          .field("moves", r.moves)
          .field("problem", r.problem);
      w.key("clauses_gone").begin_array();
      for (const std::string& c : r.clauses_gone) w.value(c);
      w.end_array().key("clauses_new").begin_array();
      for (const std::string& c : r.clauses_new) w.value(c);
      w.end_array().end_object();
    }
    std::cout << w.end_array().end_object().str() << '\n';
  } else {
    for (const solver::CorpusResult& r : results) {
      if (r.problem.empty()) continue;
      std::cout << fmt::format(
          "changed  {} [{}]\n         fen {}\n         moves {}\n         {}\n", r.item, r.setting,
          r.fen, r.moves, r.problem);
      if (!r.clauses_gone.empty())
        std::cout << fmt::format("         clauses that no longer fire: {}\n",
                                 fmt::join(r.clauses_gone, ", "));
      if (!r.clauses_new.empty())
        std::cout << fmt::format("         clauses that fire now: {}\n",
                                 fmt::join(r.clauses_new, ", "));
    }
    std::cout << fmt::format("{} case(s), {} as recorded, {} changed\n", results.size(),
                             results.size() - changed, changed);
  }
  return changed == 0 ? 0 : 1;
}

}  // namespace

void register_corpus_command(CLI::App& app, int& status) {
  auto* corpus = app.add_subcommand("corpus", "Regression corpora of engine-played steps");
  corpus->require_subcommand(1);

  auto r = std::make_shared<RecordOptions>();
  auto* record = corpus->add_subcommand(
      "record",
      "Pin a table's behaviour: its coverage witnesses plus every step from your positions");
  add_sweep_options(record, r->variant, r->cov);
  record->add_option("--out,-o", r->out, "Corpus file to write (TOML)")->required();
  record->add_option("--fen", r->fens, "A position of your own (repeatable)")
      ->check(fen_text(false));
  record->add_option("--positions-file", r->positions_file,
                     "A file of positions, one FEN per line ('#' starts a comment)");
  record->add_option("--max-steps", r->max_steps, "Steps recorded per position, at most")
      ->capture_default_str()
      ->check(whole_number(1, 100000));
  record->add_option("--timeout", r->timeout_ms,
                     "Wall-clock limit per scenario search in ms (0 = none)");
  record->add_option("--rlimit", r->cov.limits.rlimit, "Z3 resource limit per check (0 = none)");
  record->add_flag("--no-scenarios", r->no_scenarios, "Skip the catalog scenarios (no Z3)");
  record->add_flag("--quiet,-q", r->quiet, "No progress lines on stderr");
  record->add_flag("--json", r->json,
                   "Print the summary as one JSON object (table, out, cases, from_coverage, "
                   "from_positions, positions, unexplained)");
  record->callback([r, &status] { status = run_record(*r); });

  auto c = std::make_shared<CheckOptions>();
  auto* check = corpus->add_subcommand(
      "check", "Replay a corpus through the engine and list every case whose outcome changed");
  check->add_option("file", c->file, "Corpus file (corpus record or coverage --save)")->required();
  check->add_option("--table", c->table,
                    "Replay against this table instead of the one the corpus names");
  check->add_flag("--json", c->json, "Print JSON");
  check->callback([c, &status] { status = run_check(*c); });
}

}  // namespace arbiter::cli
