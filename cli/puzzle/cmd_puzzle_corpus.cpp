// `arbiter puzzle generate | merge | check`: the corpus of sound problems (export:
// cmd_puzzle_export.cpp).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "cli/core/knob_options.hpp"
#include "cli/puzzle/cmd_puzzle.hpp"
#include "cli/puzzle/epd.hpp"
#include "cli/puzzle/ordered_jobs.hpp"
#include "cli/puzzle/problem_source.hpp"
#include "cli/registry/cli_modules.hpp"
#include "puzzles/corpus_db.hpp"
#include "puzzles/generator.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"

namespace arbiter::cli {
namespace {

struct GenerateOptions {
  std::string variant = "orthodox", stip = "#2", db, shard = "0/1", source = "placement";
  std::int64_t count = 10;
  std::uint64_t seed = 1, max_candidates = 0;
  bool quiet = false, quiet_key = false, any_key = false, allow_surplus = false,
       allow_promoted = false, allow_illegal = false, dual_free = false, json = false;
  int min_grade = 0;
  int jobs = 1;  ///< --jobs N: sub-shards generated at once on threads
};

/// --jobs N: the shard i/n run as N sub-shards i + n*j of n*N (j < N), each on a thread with
/// its own connection to the corpus (WAL mode) and its share of --count; the statuses summed
/// (seconds: the longest). The sub-shards are streams of their own, so a restarted run
/// continues them when given the same --jobs.
puzzles::GeneratorStatus generate_in_jobs(const std::string& db_path,
                                          const puzzles::GeneratorConfig& c, int jobs) {
  std::vector<puzzles::GeneratorStatus> parts(static_cast<std::size_t>(jobs));
  std::vector<std::thread> threads;
  std::vector<std::string> errors(static_cast<std::size_t>(jobs));
  for (int j = 0; j < jobs; ++j)
    threads.emplace_back([&, j] {
      const auto at = static_cast<std::size_t>(j);
      try {
        puzzles::GeneratorConfig part = c;
        part.shards = c.shards * jobs;
        part.shard = c.shard + c.shards * j;
        part.count = c.count / jobs + (j < c.count % jobs ? 1 : 0);
        const std::unique_ptr<puzzles::CorpusDb> db = open_corpus(db_path);
        parts[at] = puzzles::generate(*db, part);
      } catch (const std::exception& e) {
        errors[at] = e.what();
      }
    });
  for (auto& t : threads) t.join();
  for (const auto& e : errors)
    if (!e.empty()) throw PuzzleInputError(e);
  puzzles::GeneratorStatus sum;
  for (const auto& p : parts) {
    sum.found += p.found, sum.added += p.added, sum.candidates += p.candidates;
    sum.sound += p.sound, sum.seconds = std::max(sum.seconds, p.seconds);
  }
  return sum;
}

/// "i/n" with 0 <= i < n.
std::pair<int, int> parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  try {
    if (slash == std::string::npos) throw std::invalid_argument("no '/'");
    std::size_t used_i = 0, used_n = 0;
    const int i = std::stoi(text.substr(0, slash), &used_i);
    const int n = std::stoi(text.substr(slash + 1), &used_n);
    if (used_i != slash || used_n != text.size() - slash - 1 || n < 1 || i < 0 || i >= n)
      throw std::invalid_argument("out of range");
    return {i, n};
  } catch (const std::exception&) {
    throw PuzzleInputError("bad --shard '" + text + "': expected i/n with 0 <= i < n");
  }
}

void draw_bar(const puzzles::GeneratorStatus& s, std::int64_t target) {
  constexpr int kWidth = 30;
  const int filled = target > 0 ? static_cast<int>(kWidth * std::min(s.found, target) / target) : 0;
  const double per_min = s.seconds > 0 ? 60.0 * static_cast<double>(s.added) / s.seconds : 0.0;
  std::cerr << fmt::format("\r[{}{}] {}/{} problems, {} candidates, {:.1f} s, {:.1f}/min ",
                           std::string(filled, '#'), std::string(kWidth - filled, '.'), s.found,
                           target, s.candidates, s.seconds, per_min)
            << std::flush;
}

int run_generate(const GenerateOptions& o) {
  const VariantPtr v = load_variant(o.variant);
  require_stipulations(*v, "puzzle generate");
  puzzles::GeneratorConfig c;
  c.variant = v;
  c.stipulation = load_stipulation(o.stip);
  std::tie(c.shard, c.shards) = parse_shard(o.shard);
  c.seed = o.seed, c.count = o.count, c.max_candidates = o.max_candidates;
  if (o.any_key && o.quiet_key) throw PuzzleInputError("give --any-key or --quiet-key, not both");
  const std::vector<puzzles::KeyKind> every_key = c.keys;
  puzzles::keep_composer_problems(c);
  if (o.any_key) c.keys = every_key;
  if (o.quiet_key)
    c.keys = {puzzles::KeyKind::kFlightTaking, puzzles::KeyKind::kFlightGiving,
              puzzles::KeyKind::kQuiet};
  c.allow_surplus = o.allow_surplus, c.legal_only = !o.allow_illegal;
  c.allow_promoted = o.allow_promoted;
  c.dual_free = o.dual_free, c.min_grade = o.min_grade;
  c.source =
      o.source == "play" ? puzzles::CandidateSource::kPlay : puzzles::CandidateSource::kPlacement;
  if (o.source == "solver") {
    // Z3 proposes mating nets (solver/analysis/puzzle_candidates.hpp); the generator's search
    // decides.
    const bool help = c.stipulation.kind == puzzles::StipulationKind::kHelpMate;
    const bool self = c.stipulation.kind == puzzles::StipulationKind::kSelfMate;
    c.source = puzzles::CandidateSource::kProposer;
    c.source_name = "solver";
    c.propose = solver_proposer(v, help, self);
  }
  if (o.jobs > 1 && c.source == puzzles::CandidateSource::kProposer)
    throw PuzzleInputError(
        "--jobs runs the placement and play sources; run --source solver "
        "shards as processes (--shard i/n)");
  const std::unique_ptr<puzzles::CorpusDb> db = open_corpus(o.db);
  // The bar redraws itself with '\r': only on a terminal, never into a log file.
  const bool bar = !o.quiet && stderr_is_terminal();
  double drawn_at = -1;
  const auto progress = [&](const puzzles::GeneratorStatus& s) {
    if (!bar || s.seconds - drawn_at < 0.25) return;
    drawn_at = s.seconds;
    draw_bar(s, o.count);
  };
  const puzzles::GeneratorStatus s =
      o.jobs > 1 ? generate_in_jobs(o.db, c, o.jobs) : puzzles::generate(*db, c, progress);
  if (bar) {
    draw_bar(s, o.count);
    std::cerr << '\n';
  }
  const double per_min = s.seconds > 0 ? 60.0 * static_cast<double>(s.added) / s.seconds : 0.0;
  const bool complete = s.found >= o.count;
  if (o.json) {
    JsonWriter w;
    w.begin_object().field("variant", v->name()).field("stipulation", c.stipulation.str());
    w.field("shard", c.shard).field("shards", c.shards).field("seed", c.seed);
    w.field("source", o.source).field("db", o.db).field("count", o.count);
    w.field("found", s.found).field("added", s.added).field("candidates", s.candidates);
    w.field("sound", s.sound).field("seconds", s.seconds).field("per_minute", per_min);
    w.field("complete", complete);
    std::cout << w.end_object().str() << '\n';
  } else {
    std::cout << fmt::format(
        "{} {} shard {}/{} seed {} source {}: {} problems in the stream ({} new), {} candidates "
        "({} sound before the filters), {:.1f} s, {:.1f} kept problems/min\n",
        v->name(), c.stipulation.str(), c.shard, c.shards, c.seed, o.source, s.found, s.added,
        s.candidates, s.sound, s.seconds, per_min);
  }
  // --max-candidates spent before the stream held --count problems: the run did not do what
  // it was asked.
  return complete ? 0 : 1;
}

int run_merge(const std::string& out, const std::vector<std::string>& inputs) {
  for (const std::string& in : inputs)  // before OUT is created
    if (!std::ifstream(in)) throw PuzzleInputError("cannot read " + in);
  const std::unique_ptr<puzzles::CorpusDb> db = open_corpus(out);
  std::int64_t added = 0;
  for (const std::string& in : inputs) {
    try {
      added += db->merge_from(in);
    } catch (const std::runtime_error& e) {
      throw PuzzleInputError(fmt::format("cannot merge '{}': {}", in, e.what()));
    }
  }
  std::cout << fmt::format("{}: {} problems ({} added)\n", out, db->count_all(), added);
  return 0;
}

}  // namespace

std::unique_ptr<puzzles::CorpusDb> open_corpus(const std::string& path) {
  try {
    return std::make_unique<puzzles::CorpusDb>(path);
  } catch (const std::runtime_error& e) {
    throw PuzzleInputError(fmt::format("'{}' is not a corpus database: {}", path, e.what()));
  }
}

namespace {

/// One problem line: "FEN ; STIPULATION", or an EPD line (epd.hpp: `dm 2;`, `stip "h#2";`,
/// an older export's `c0 "#2";`), told apart by what follows the four FEN fields: an EPD
/// opcode starts with a letter, the rest of a FEN with a digit and "; STIPULATION" with ';'.
std::pair<std::string, std::string> split_problem_line(const std::string& line) {
  std::istringstream fields(line);
  std::string f;
  for (int i = 0; i < 5; ++i) f.clear(), fields >> f;
  // The clocks of a full FEN may stand before an EPD line's operations too.
  for (int clock = 0; clock < 2 && !f.empty() && std::isdigit(static_cast<unsigned char>(f[0]));
       ++clock)
    f.clear(), fields >> f;
  if (!f.empty() && std::isalpha(static_cast<unsigned char>(f[0]))) {
    try {
      const EpdProblem e = parse_epd_line(line);
      if (e.stip.empty())
        throw PuzzleInputError(
            "this EPD line names no stipulation: expected `dm N;` (#N) or `stip \"h#2\";`");
      return {e.fen, e.stip};
    } catch (const EpdError& e) {
      throw PuzzleInputError(e.what());
    }
  }
  const auto semi = line.find(';');
  if (semi == std::string::npos)
    throw PuzzleInputError("expected 'FEN ; stipulation' or an EPD line with `dm 2;`");
  return {trim_blanks(line.substr(0, semi)), trim_blanks(line.substr(semi + 1))};
}

/// One line of `puzzle check`, solved and printed (stdout `out`, stderr `err`).
struct CheckResult {
  std::string out, err;
  bool error = false, timed_out = false;
  puzzles::Soundness soundness = puzzles::Soundness::kNoSolution;
};

CheckResult check_line(const VariantPtr& v, const std::string& file, int number,
                       const std::string& line, bool json, double timeout) {
  CheckResult r;
  try {
    const auto [fen, stip_text] = split_problem_line(line);
    const puzzles::Stipulation stip = load_stipulation(stip_text);
    const Position pos = load_problem(v, fen);
    puzzles::SolveOptions so;
    so.max_seconds = timeout;
    const puzzles::Verdict verdict = puzzles::solve(pos, stip, so);
    const SolvedGrade g = grade_solved(pos, verdict);
    r.soundness = verdict.soundness;
    r.timed_out = verdict.timed_out;
    if (json) {
      JsonWriter w;
      w.begin_object().field("line", number).field("variant", v->name());
      w.field("fen", to_fen(pos));
      r.out = graded_json(w, verdict, g) + '\n';
    } else {
      std::string keys;
      for (const auto& k : verdict.keys) keys += (keys.empty() ? "" : ", ") + k.move;
      r.out = fmt::format("line {}: {} {}{} ({})\n", number, stip.str(), verdict_word(verdict),
                          keys.empty() ? "" : ": " + keys, fen);
      std::istringstream lines(grade_text(g.grade, g.graded));
      for (std::string l; std::getline(lines, l);) r.out += "  " + l + '\n';
    }
  } catch (const PuzzleInputError& e) {
    r.err = fmt::format("arbiter: error: {}:{}: {}\n", file, number, e.what());
    r.error = true;
  }
  return r;
}

int run_check(const std::string& file, const std::string& variant, bool json, double timeout,
              int jobs) {
  std::ifstream in(file);
  if (!in) throw PuzzleInputError("cannot read " + file);
  const VariantPtr v = load_variant(variant);
  std::vector<std::pair<int, std::string>> lines;  // (line number, text) of each problem
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (trim_blanks(line).empty() || trim_blanks(line).front() == '#') continue;
    lines.emplace_back(number, line);
  }
  VerdictTally tally;
  run_ordered<CheckResult>(
      lines.size(), jobs,
      [&](std::size_t i) {
        return check_line(v, file, lines[i].first, lines[i].second, json, timeout);
      },
      [&](std::size_t, CheckResult r) {
        std::cerr << r.err;
        std::cout << r.out << std::flush;
        if (r.error)
          tally.add_error();
        else
          tally.add(r.soundness, r.timed_out);
      });
  if (tally.empty()) throw PuzzleInputError(fmt::format("'{}' holds no problem", file));
  (json ? std::cerr : std::cout) << tally.summary() << '\n';
  return tally.status();
}

}  // namespace

void register_puzzle_corpus_commands(CLI::App* puzzle, int& status) {
  auto g = std::make_shared<GenerateOptions>();
  auto* gen = puzzle->add_subcommand(
      "generate",
      "Generate sound problems into an SQLite corpus (random placement; each problem committed "
      "in its own transaction with its grade; a restart continues the stream where it stopped). "
      "By default only what a composer would publish is kept: legal (retro counting rules), a "
      "quiet or flight-giving key, no surplus white man (docs/puzzles.md). Exit status 0 when "
      "the stream holds --count problems, 1 when --max-candidates ran out first, 2 for bad "
      "input");
  gen->add_option("--variant,-v", g->variant, "Sequential table")->capture_default_str();
  gen->add_option("--stip,-s", g->stip,
                  "Stipulation: #N, h#N, s#N, =N, ser-#N, ... (as puzzle solve)")
      ->capture_default_str();
  gen->add_option("--count,-n", g->count, "Stop when the stream holds this many problems")
      ->capture_default_str();
  gen->add_option("--seed", g->seed, "Seed of the candidate stream")->capture_default_str();
  gen->add_option("--db", g->db, "SQLite database (created if missing)")->required();
  gen->add_option("--jobs,-j", g->jobs,
                  "Generate on N threads: the shard split into N sub-shards, each with its share "
                  "of --count (a restart continues them with the same --jobs)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  gen->add_option("--shard", g->shard, "i/n: take candidates i, i+n, i+2n, ... of the seed")
      ->capture_default_str();
  gen->add_option("--max-candidates", g->max_candidates,
                  "Stop after trying this many candidates (0: no limit)");
  gen->add_flag("--quiet,-q", g->quiet, "No progress bar (drawn only when stderr is a terminal)");
  gen->add_flag("--json", g->json,
                "Print the summary as one JSON object (found, added, candidates, sound, seconds, "
                "complete, ...)");
  gen->add_option("--source", g->source,
                  "Candidates: placement (a few random pieces), play (random legal play from "
                  "the setup) or solver (Z3 proposes mating nets); a stream is one seed and one "
                  "source, so keep it when restarting")
      ->check(CLI::IsMember({"placement", "play", "solver"}))
      ->capture_default_str();
  add_flags(gen, *g,
            {{"--quiet-key", &GenerateOptions::quiet_key,
              "Keep problems whose key neither checks nor captures, flight-taking keys too (the "
              "default keeps quiet and flight-giving keys only)"},
             {"--any-key", &GenerateOptions::any_key,
              "Keep problems whatever their key (checks, captures)"},
             {"--allow-surplus", &GenerateOptions::allow_surplus,
              "Keep problems with a surplus white man (one whose removal leaves the problem sound "
              "with the same key)"},
             {"--allow-promoted", &GenerateOptions::allow_promoted,
              "Keep positions with a promoted man: a side beyond its original army (a second "
              "queen, a third rook or knight, two bishops on squares of one colour)"},
             {"--allow-illegal", &GenerateOptions::allow_illegal,
              "Keep positions that break a retro counting rule (docs/puzzles.md, Legality)"},
             {"--dual-free", &GenerateOptions::dual_free,
              "Keep only problems with no dual after any defence"}});
  gen->add_option("--min-grade", g->min_grade,
                  "Keep only problems whose grade score (0 to 18, docs/puzzles.md) is at least "
                  "this")
      ->check(CLI::Range(0, puzzles::kMaxGradeScore));
  gen->callback([g, &status] { status = guarded([&] { return run_generate(*g); }); });

  auto merge_out = std::make_shared<std::string>();
  auto merge_in = std::make_shared<std::vector<std::string>>();
  auto* merge =
      puzzle->add_subcommand("merge", "Join corpus databases into OUT without duplicates");
  merge->add_option("out", *merge_out, "Output database (created if missing)")->required();
  merge->add_option("inputs", *merge_in, "Input databases")->required();
  merge->callback([merge_out, merge_in, &status] {
    status = guarded([&] { return run_merge(*merge_out, *merge_in); });
  });

  auto c_file = std::make_shared<std::string>();
  auto c_variant = std::make_shared<std::string>("orthodox");
  auto c_json = std::make_shared<bool>(false);
  auto c_timeout = std::make_shared<double>(0);
  auto c_jobs = std::make_shared<int>(1);
  auto* check = puzzle->add_subcommand(
      "check",
      "Verdicts and grades for a file of problems: one per line, 'FEN ; stipulation' or an "
      "exported EPD line; blank lines and lines starting with '#' are skipped. Each verdict is "
      "followed by the retro legality (the rule a position breaks and why) and, for a sound "
      "problem, its grade (docs/puzzles.md); a summary line closes the output (on stderr with "
      "--json). Exit status 0 when every problem is sound, 1 when one is cooked or has no "
      "solution, 2 when a line cannot be read (the others are checked all the same)");
  check->add_option("file", *c_file, "Problem file")->required();
  check->add_option("--variant,-v", *c_variant, "Sequential table")->capture_default_str();
  check->add_flag("--json", *c_json, "One JSON object per problem");
  check
      ->add_option("--timeout", *c_timeout,
                   "Stop each problem's search after about SECONDS; its verdict is then "
                   "'timed out' (exit status 1) and the file goes on")
      ->check(CLI::PositiveNumber);
  check
      ->add_option("--jobs,-j", *c_jobs,
                   "Check up to N problems at once (threads), printed in file order")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  check->callback([c_file, c_variant, c_json, c_timeout, c_jobs, &status] {
    status = guarded([&] { return run_check(*c_file, *c_variant, *c_json, *c_timeout, *c_jobs); });
  });
}

}  // namespace arbiter::cli
