// `arbiter puzzle solve FILE` / `--epd FILE`: many problems in one process, one result each.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <map>

#include "cli/puzzle/cmd_puzzle.hpp"
#include "cli/puzzle/ordered_jobs.hpp"
#include "cli/puzzle/popeye_output.hpp"
#include "cli/registry/cli_modules.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/table_loader.hpp"

namespace arbiter::cli {
namespace {

/// "problem 2  file.inp:14" and the metadata lines that are known.
std::string header(const ProblemSpec& p) {
  std::string out = fmt::format("problem {}  {}\n", p.index, p.source);
  const auto lines = [&](const char* label, const std::string& text) {
    std::size_t start = 0;
    while (!text.empty() && start <= text.size()) {
      const std::size_t end = std::min(text.find('\n', start), text.size());
      out += fmt::format("{}: {}\n", label, text.substr(start, end - start));
      start = end + 1;
    }
  };
  lines("author", p.author);
  lines("origin", p.origin);
  lines("title", p.title);
  lines("award", p.award);
  for (const auto& r : p.remarks) out += fmt::format("remark: {}\n", r);
  if (!p.twin.empty()) out += fmt::format("twin: {}\n", p.twin);
  if (!p.condition.empty()) out += fmt::format("condition: {}\n", p.condition);
  return out;
}

void metadata_json(JsonWriter& w, const ProblemSpec& p) {
  w.field("index", p.index).field("source", p.source);
  const auto optional = [&](const char* key, const std::string& text) {
    if (!text.empty()) w.field(key, text);
  };
  optional("author", p.author);
  optional("origin", p.origin);
  optional("title", p.title);
  optional("award", p.award);
  optional("twin", p.twin);
  optional("condition", p.condition);
  const auto list = [&](const char* key, const std::vector<std::string>& items) {
    if (items.empty()) return;
    w.key(key).begin_array();
    for (const auto& r : items) w.value(r);
    w.end_array();
  };
  list("remarks", p.remarks);
  list("notes", p.notes);
}

/// A table or condition name as compared: lower case, without '-', '_' and a final "chess"
/// ("ConversionChess", "conversion" and "Conversion" are one).
std::string condition_key(const std::string& word) {
  std::string k;
  for (char c : word)
    if (c != '-' && c != '_') k += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (k.size() > 5 && k.ends_with("chess")) k.resize(k.size() - 5);
  return k;
}

/// The tables of one batch: `base` (--variant) and those the problems' Conditions name.
class ConditionTables {
 public:
  explicit ConditionTables(VariantPtr base) : base_(std::move(base)) {}

  /// The table `p` is solved in; throws PuzzleInputError for a condition that names no
  /// bundled table, or a table whose games are not played move by move.
  const VariantPtr& of(const ProblemSpec& p) {
    if (p.condition.empty()) return base_;
    const std::string key = condition_key(p.condition);
    if (condition_key(base_->name()) == key) return base_;
    if (const auto it = cache_.find(key); it != cache_.end()) return it->second;
    std::string names;
    for (const std::string& name : bundled_table_names()) {
      names += (names.empty() ? "" : ", ") + name;
      if (condition_key(name) != key) continue;
      VariantPtr v = load_variant(name);
      if (!cli_module(*v).stipulations)
        throw PuzzleInputError(fmt::format(
            "{}: condition '{}': table '{}' has the {} protocol; puzzle solve solves problems "
            "of tables played move by move",
            p.condition_source, p.condition, name, to_string(v->table().protocol)));
      return cache_.emplace(key, std::move(v)).first->second;
    }
    throw PuzzleInputError(fmt::format(
        "{}: condition '{}' is not supported by arbiter: its conditions are the names of its "
        "tables ({}; docs/popeye-input.md, Conditions)",
        p.condition_source, p.condition, names));
  }

 private:
  VariantPtr base_;
  std::map<std::string, VariantPtr> cache_;
};

/// The problem's time limit: the shorter of --timeout and Popeye's MaxTime (0: none).
double solve_limit(double timeout, double max_time) {
  if (timeout <= 0) return max_time;
  return max_time <= 0 ? timeout : std::min(timeout, max_time);
}

/// One problem solved and printed, ready to be written in file order.
struct BatchResult {
  std::string out;     ///< its text (or JSON line) for stdout
  std::string err;     ///< its notes and error for stderr
  bool error = false;  ///< it could not be read or loaded
  bool timed_out = false;
  puzzles::Soundness soundness = puzzles::Soundness::kNoSolution;
};

/// Solves one problem; throws PuzzleInputError for a bad FEN, stipulation or position.
puzzles::Verdict solve_one(const VariantPtr& v, const ProblemSpec& p, const BatchOutput& o,
                           const std::string& label, std::string& fen_out) {
  const puzzles::Stipulation stip = load_stipulation(p.stip);
  const Position pos = load_problem(v, p.fen);
  fen_out = to_fen(pos);
  SolveProgress progress(label + " " + stip.str());
  puzzles::SolveOptions so;
  // The node counts only when one problem is solved at a time (they redraw one line).
  if (o.progress && o.jobs <= 1)
    so.progress = [&progress](std::uint64_t nodes) { progress(nodes); };
  so.max_seconds = solve_limit(o.timeout, p.max_seconds);
  so.details = !o.keys_only;
  so.helpmate_bounds = !o.brute_force;
  so.set_play = p.set_play || o.set_play;
  so.max_refutations = p.max_refutations.value_or(o.max_refutations);
  // Popeye lists tries only under Option Try: its printout is not given any otherwise.
  so.tries = o.json || !o.popeye || p.tries;
  // At least two lines are searched, so that the verdict still tells sound from cooked.
  so.max_solutions = p.max_solutions ? std::max(*p.max_solutions, 2) : o.max_solutions;
  puzzles::Verdict verdict = puzzles::solve(pos, stip, so);
  progress.finish();
  if (p.max_solutions && verdict.solutions.size() > static_cast<std::size_t>(*p.max_solutions))
    verdict.solutions.resize(static_cast<std::size_t>(*p.max_solutions));
  if (p.max_solutions && verdict.set_solutions.size() > static_cast<std::size_t>(*p.max_solutions))
    verdict.set_solutions.resize(static_cast<std::size_t>(*p.max_solutions));
  if (p.no_threat)
    for (auto& k : verdict.keys) k.threats.clear();
  return verdict;
}

}  // namespace

int verdict_status(const puzzles::Verdict& v) {
  return v.soundness == puzzles::Soundness::kSound && !v.timed_out ? 0 : 1;
}

void VerdictTally::add(puzzles::Soundness s, bool timed_out) {
  if (timed_out) {
    ++timed_out_;
    return;
  }
  switch (s) {
    case puzzles::Soundness::kSound:
      ++sound_;
      return;
    case puzzles::Soundness::kCooked:
      ++cooked_;
      return;
    case puzzles::Soundness::kNoSolution:
      ++no_solution_;
      return;
  }
}

std::string VerdictTally::summary() const {
  const int total = sound_ + cooked_ + no_solution_ + timed_out_ + errors_;
  // "timed out" only when some problem did, so that the usual line stays as it was.
  return fmt::format("{} problem{}: {} sound, {} cooked, {} no solution, {}{} not read", total,
                     total == 1 ? "" : "s", sound_, cooked_, no_solution_,
                     timed_out_ > 0 ? fmt::format("{} timed out, ", timed_out_) : "", errors_);
}

int VerdictTally::status() const {
  return errors_ > 0 ? 2 : cooked_ + no_solution_ + timed_out_ > 0 ? 1 : 0;
}

int solve_batch(const VariantPtr& base, const std::vector<ProblemSpec>& problems,
                const BatchOutput& o) {
  VerdictTally tally;
  ConditionTables tables(base);
  const std::size_t total = problems.size();
  // The tables are found first, on this thread (the cache is not shared between threads).
  std::vector<VariantPtr> variants(total, base);
  std::vector<std::string> errors(total);
  for (std::size_t i = 0; i < total; ++i) {
    errors[i] = problems[i].error;
    if (!errors[i].empty()) continue;
    try {
      variants[i] = tables.of(problems[i]);
    } catch (const PuzzleInputError& e) {
      errors[i] = e.what();
    }
  }
  const bool in_turn = o.jobs <= 1;
  const auto work = [&](std::size_t i) {
    const ProblemSpec& p = problems[i];
    const std::string label = fmt::format("problem {}/{}", p.index, total);
    BatchResult r;
    std::string notes;
    for (const auto& n : p.notes) notes += "arbiter: note: " + n + '\n';
    if (in_turn) {  // as each problem starts; with --jobs, as each is printed
      if (o.progress) std::cerr << label << ' ' << p.source << '\n' << std::flush;
      std::cerr << notes;
    } else {
      r.err = notes;
    }
    std::string error = errors[i], fen = p.fen;
    const VariantPtr& v = variants[i];
    puzzles::Verdict verdict;
    if (error.empty()) {
      try {
        verdict = solve_one(v, p, o, label, fen);
      } catch (const PuzzleInputError& e) {
        error = fmt::format("{}: {}", p.source, e.what());
      }
    }
    r.error = !error.empty();
    r.timed_out = verdict.timed_out;
    r.soundness = verdict.soundness;
    if (r.error) r.err += "arbiter: error: " + error + '\n';
    if (o.json) {
      JsonWriter w;
      w.begin_object();
      metadata_json(w, p);
      w.field("variant", v->name()).field("fen", fen);
      if (error.empty())
        write_verdict_fields(w, verdict);
      else
        w.field("stipulation", p.stip).field("error", error);
      r.out = w.end_object().str() + '\n';
    } else if (o.popeye) {  // Popeye's text only, so that it diffs against Popeye's
      if (error.empty()) {
        const Position pos = load_problem(v, fen);
        r.out = popeye_part(problems, i, &pos, &verdict);
      } else {  // its block keeps its head, its twin line and "solution finished."
        r.out = popeye_part(problems, i, nullptr, nullptr);
      }
    } else {
      r.out = (p.index > 1 ? "\n" : "") + header(p) +
              (!error.empty() ? "error: " + error + "\n"
               : o.tree       ? verdict_tree(load_problem(v, fen), verdict, p.no_threat)
                              : verdict_text(verdict));
    }
    return r;
  };
  run_ordered<BatchResult>(total, o.jobs, work, [&](std::size_t i, BatchResult r) {
    if (!in_turn && o.progress)
      std::cerr << fmt::format("problem {}/{} {}\n", problems[i].index, total, problems[i].source);
    std::cerr << r.err;
    if (r.error)
      tally.add_error();
    else
      tally.add(r.soundness, r.timed_out);
    std::cout << r.out << std::flush;
  });
  if (o.json || o.popeye)
    std::cerr << tally.summary() << '\n';
  else
    std::cout << '\n' << tally.summary() << '\n';
  return tally.status();
}

}  // namespace arbiter::cli
