// `arbiter puzzle`: composed problems. This file registers the command and runs `puzzle
// solve` (with --svg: cmd_puzzle_svg.cpp); the corpus subcommands (generate, merge, export,
// check) live in cmd_puzzle_corpus.cpp.
#include <fmt/format.h>

#include <iostream>

#include "cli/core/commands.hpp"
#include "cli/core/knob_options.hpp"
#include "cli/core/option_checks.hpp"
#include "cli/puzzle/cmd_puzzle.hpp"
#include "cli/puzzle/popeye_output.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"

namespace arbiter::cli {
namespace {

struct SolveOptions {
  std::string variant = "orthodox";
  std::string fen, stip;
  std::string file;  ///< positional: a Popeye input file or a file of FEN lines
  std::string epd;   ///< --epd FILE
  bool quiet = false;
  std::string format = "text";  ///< text | tree | popeye
  std::vector<std::string> knobs;
  bool json = false;
  bool keys_only = false;
  bool grade = false;        ///< --grade: legality and the composer's grade after the verdict
  bool brute_force = false;  ///< --brute-force: h#, h=, series without the bounds
  bool set_play = false;     ///< --set-play: also what follows if the other side moved first
  int max_refutations = 1;   ///< --defence N: tries refuted by at most N defences
  int max_solutions = 64;    ///< --max-solutions N: h#, h=, series lines listed at most
  std::string svg;           ///< --svg FILE: the position with every key drawn
  double timeout = 0;        ///< --timeout SECONDS: per problem (0: none)
  int jobs = 1;              ///< --jobs N: problems of a file solved at once
};

/// The problems of FILE or --epd FILE. Throws ProblemFileError / PuzzleInputError.
std::vector<ProblemSpec> read_problems_of(const SolveOptions& o) {
  if (!o.epd.empty()) return read_epd(read_problem_file(o.epd), o.epd, o.stip);
  const std::string text = read_problem_file(o.file);
  if (looks_like_popeye(text)) {
    if (!o.stip.empty())
      throw PuzzleInputError("--stip does not apply to a Popeye file: its Stipulation does");
    return read_popeye(text, o.file);
  }
  if (o.stip.empty())
    throw PuzzleInputError(fmt::format(
        "'{}' is not a Popeye file (no BeginProblem), so it is read as FEN lines: they need "
        "--stip",
        o.file));
  return read_fen_lines(text, o.file, o.stip);
}

/// As read_problems_of; a file without a problem is an input error too.
std::vector<ProblemSpec> read_problems(const SolveOptions& o) {
  std::vector<ProblemSpec> problems = read_problems_of(o);
  if (problems.empty())
    throw PuzzleInputError(fmt::format("'{}' holds no problem", o.epd.empty() ? o.file : o.epd));
  return problems;
}

/// --format popeye for --fen (solved without the tries, which Popeye prints only under
/// Option Try).
std::string popeye_text(const Position& pos, const puzzles::Verdict& verdict) {
  return popeye_solution(pos, verdict, popeye::kEnglish, false);
}

int run_solve(const SolveOptions& o) {
  const VariantPtr v = load_variant(o.variant, parse_knob_options(o.knobs));
  const int sources = !o.fen.empty() + !o.file.empty() + !o.epd.empty();
  if (sources != 1) {
    std::cerr << "arbiter: error: give one of --fen, a FILE or --epd FILE\n";
    return 2;
  }
  if (o.fen.empty()) {
    try {
      if (!o.svg.empty()) throw PuzzleInputError("--svg draws one problem: use it with --fen");
      if (o.grade) throw PuzzleInputError("--grade grades one problem: use it with --fen");
      return solve_batch(v, read_problems(o),
                         {o.json, o.keys_only, !o.quiet && stderr_is_terminal(), o.format == "tree",
                          o.format == "popeye", o.brute_force, o.set_play, o.max_refutations,
                          o.max_solutions, o.timeout, o.jobs});
    } catch (const std::runtime_error& e) {  // ProblemFileError, PuzzleInputError
      std::cerr << "arbiter: error: " << e.what() << '\n';
      return 2;
    }
  }
  if (o.stip.empty()) {
    std::cerr << "arbiter: error: --fen needs --stip\n";
    return 2;
  }
  try {
    const puzzles::Stipulation stip = load_stipulation(o.stip);
    const Position pos = load_problem(v, o.fen);
    SolveProgress progress("solving " + stip.str());
    puzzles::SolveOptions so;
    so.progress = [&progress](std::uint64_t nodes) { progress(nodes); };
    so.details = !o.keys_only;
    so.helpmate_bounds = !o.brute_force;
    so.set_play = o.set_play;
    so.max_refutations = o.max_refutations;
    // Only Popeye's printout goes without them; a grade counts them.
    so.tries = o.json || o.grade || o.format != "popeye";
    so.max_solutions = o.max_solutions;
    so.max_seconds = o.timeout;
    const puzzles::Verdict verdict = puzzles::solve(pos, stip, so);
    progress.finish();
    if (!o.svg.empty())
      write_svg(o.svg, {problem_board(pos, verdict, v->name() + " " + verdict_caption(verdict))});
    if (!o.grade) {
      std::cout << (o.json                 ? verdict_json(verdict, v->name(), to_fen(pos)) + "\n"
                    : o.format == "tree"   ? verdict_tree(pos, verdict)
                    : o.format == "popeye" ? popeye_text(pos, verdict)
                                           : verdict_text(verdict));
      return verdict_status(verdict);
    }
    const SolvedGrade g = grade_solved(pos, verdict);
    if (o.json) {
      JsonWriter w;
      w.begin_object().field("variant", v->name()).field("fen", to_fen(pos));
      std::cout << graded_json(w, verdict, g) << '\n';
    } else {
      std::cout << (o.format == "tree" ? verdict_tree(pos, verdict) : verdict_text(verdict))
                << grade_text(g.grade, g.graded);
    }
    return verdict_status(verdict);
  } catch (const PuzzleInputError& e) {
    std::cerr << "arbiter: error: " << e.what() << '\n';
    return 2;
  }
}

}  // namespace

void register_puzzle_command(CLI::App& app, int& status) {
  auto* puzzle = app.add_subcommand(
      "puzzle", "Composed problems: solve (#n, h#n, s#n), generate, merge, export, check, task");
  puzzle->require_subcommand(1);
  auto o = std::make_shared<SolveOptions>();
  auto* solve = puzzle->add_subcommand(
      "solve",
      "Solve a problem: keys (SAN), threats, tries with refutations, duals, and the verdict\n"
      "(sound = one key, cooked = more than one, no solution). The side to move in the FEN\n"
      "starts: the attacker in #n, =n, s#n, s=n and r#n, the side to be mated in h#n and h=n,\n"
      "the series side in ser-#n, ser-=n, ser-h#n, ser-h=n and ser-s#n. Exit status 0 when\n"
      "the problem is sound, 1 when it has no solution, is cooked or timed out, 2 for a bad\n"
      "FEN or stipulation.\n"
      "Many problems: FILE, a Popeye input file (BeginProblem ... EndProblem, English, German\n"
      "or French; docs/popeye-input.md) or a file of FEN lines (with --stip), or --epd FILE\n"
      "(dm 2; or stip \"h#2\"; per line, or --stip). One result per problem, headed by its\n"
      "number and source (file:line), then a summary line (on stderr with --json); --json:\n"
      "one object per line. Exit status 2 when a problem could not be read (the others are\n"
      "solved all the same), else 1 when one has no solution or is cooked, else 0.");
  solve->add_option("--variant,-v", o->variant, "Bundled table name or .toml path (sequential)")
      ->capture_default_str();
  solve->add_option("file", o->file, "Popeye input file, or a file of FEN lines (with --stip)");
  solve->add_option("--fen", o->fen, "The problem position")->check(fen_text(false));
  solve->add_option("--epd", o->epd,
                    "EPD file: one problem per line, the stipulation as `dm 2;` (#2) or `stip "
                    "\"h#2\";` (older exports' `c0 \"#2\";` too)");
  solve->add_option("--stip,-s", o->stip,
                    "Stipulation: #N, =N, h#N, h=N, s#N, s=N, r#N, ser-#N, ser-=N, ser-h#N, "
                    "ser-h=N, ser-s#N (N from 1 to 30), h#N.5, h=N.5 (the mating side starts, N "
                    "from 0 to 29; docs/puzzles.md); with --fen, FEN lines, and "
                    "EPD lines without a dm or stip operation");
  solve
      ->add_option("--format", o->format,
                   "text: keys, threats, tries, duals and the node count (default); tree: the "
                   "solution tree in the problemists' convention (1.Qa5! threat: 2.Qb6#, "
                   "1...Re7 2.Qxb4#, tries 1.Qb5? axb5!; h#n: 1.Kd4 Rd5 2.Kc5 Rc4#); popeye: "
                   "as Popeye prints it (1.Da7-f2 ! threat:), in the Popeye file's language, to "
                   "diff against Popeye's output (scripts/popeye-diff.sh; docs/popeye-input.md)")
      ->check(CLI::IsMember({"text", "tree", "popeye"}))
      ->capture_default_str();
  solve->add_flag("--quiet,-q", o->quiet, "No progress lines on stderr (files of problems)");
  add_knob_option(solve, o->knobs);
  add_flags(
      solve, *o,
      {{"--json", &SolveOptions::json, "Print one JSON object (files of problems: one per line)"},
       {"--keys-only", &SolveOptions::keys_only,
        "Stop after the second key; no threats, tries or duals (faster verdict)"},
       {"--grade", &SolveOptions::grade,
        "Also grade the problem (--fen): retro legality, key kind, flights, duals, tries, "
        "distinct and model mates, surplus white men, piece-count class, score "
        "(docs/puzzles.md, Grades)"},
       {"--brute-force", &SolveOptions::brute_force,
        "h#, h=, ser-#, ser-=, ser-h#, ser-h=: search every line, without the cuts of lines "
        "that cannot reach a mate (stalemate) in time (the check of those cuts; same "
        "solutions, slower)"},
       {"--set-play", &SolveOptions::set_play,
        "Also solve the set play (the other side moving first in the diagram; #n, s#n: its "
        "moves and the answers; h#n: h#(n-1).5 lines), printed first by --format tree and "
        "--json (Popeye's Option SetPlay)"}});
  solve
      ->add_option("--defence", o->max_refutations,
                   "#, s#: list as tries the first moves refuted by at most N defences, with "
                   "their refutations (Popeye's Option Defence N; a Popeye file's own Defence "
                   "wins)")
      ->check(CLI::Range(1, 99))
      ->capture_default_str();
  solve
      ->add_option("--max-solutions", o->max_solutions,
                   "h#, h=, series: list at most N solution lines (the verdict still tells one "
                   "line from several; a listing that stops here says so; Popeye's Option "
                   "MaxSolutions N, a Popeye file's own wins)")
      ->check(CLI::Range(2, 1000000))
      ->capture_default_str();
  solve->add_option("--svg", o->svg,
                    "Also draw the position into this SVG file, every key as an arrow (h#n: the "
                    "first moves of the solutions), the verdict as its caption");
  solve
      ->add_option("--timeout", o->timeout,
                   "Stop each problem's search after about SECONDS and print what it found, "
                   "marked 'timed out' (exit status 1); a file goes on with its next problem. "
                   "Popeye's Option MaxTime does the same problem by problem (the shorter wins)")
      ->check(CLI::PositiveNumber);
  solve
      ->add_option("--jobs,-j", o->jobs,
                   "Solve up to N problems of a file at once (threads); the results are printed "
                   "in file order all the same")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  solve->callback([o, &status] { status = run_solve(*o); });
  register_puzzle_corpus_commands(puzzle, status);
  register_puzzle_export_command(puzzle, status);
  register_puzzle_task_command(puzzle, status);
}

}  // namespace arbiter::cli
