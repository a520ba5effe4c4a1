// Pieces shared by the `arbiter puzzle` subcommands: loading a problem from its texts (with
// exit status 2 for a bad FEN or stipulation), printing a verdict, the progress reporter, and
// the problem boards drawn for --svg, export --format svg and the report (cmd_puzzle_svg.cpp).
#pragma once

#include <CLI/CLI.hpp>
#include <chrono>
#include <initializer_list>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/core/progress.hpp"
#include "cli/puzzle/problem_source.hpp"
#include "present/board/svg_board.hpp"
#include "present/core/json_writer.hpp"
#include "puzzles/corpus_db.hpp"
#include "puzzles/generator.hpp"
#include "puzzles/grading.hpp"
#include "puzzles/stipulation.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/position.hpp"

namespace arbiter::cli {

/// A bad FEN, stipulation or problem position: the command prints it and exits with 2.
class PuzzleInputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Parses the FEN (sequential variants only) and checks it can be a problem. Throws
/// PuzzleInputError.
Position load_problem(const VariantPtr& v, const std::string& fen);
/// Throws PuzzleInputError.
puzzles::Stipulation load_stipulation(const std::string& text);

/// Prints "nodes, elapsed" on stderr about once a second, once a solve has run a second.
class SolveProgress {
 public:
  explicit SolveProgress(std::string label) : label_(std::move(label)) {}
  void operator()(std::uint64_t nodes);
  void finish();  ///< ends the progress line if one was printed

 private:
  std::string label_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  double last_ = 0;
  bool printed_ = false;
};

/// The verdict as text (several lines) or as one JSON object.
std::string verdict_text(const puzzles::Verdict& v);

/// A move that reaches the goal as printed: stalemate gets Popeye's mark, " =" ("Kc7 =");
/// a mate keeps SAN's '#'.
std::string goal_move(const puzzles::Verdict& v, const std::string& san);
std::string verdict_json(const puzzles::Verdict& v, const std::string& variant,
                         const std::string& fen);

/// The verdict as a solution tree (solution_tree.cpp): the verdict line, tries `1.Qb5? axb5!`,
/// keys `1.Qa5! threat: 2.Qb6#` (or `zugzwang`) with every defence and its continuations
/// `  1...Re7 2.Qxb4#, 2.Qb6#`; h#n: one numbered line per solution `1.Kd4 Rd5 2.Kc5 Rc4#`.
/// No node count or time, so the text is deterministic. `no_threat`: Popeye's NoThreat, no
/// "zugzwang" claimed for a key whose threats were left out. #n with n >= 3: each defence's
/// continuations get their own line, followed by the defences to them and so on down to the
/// mates, indented a level per move (solved again from `pos`, the problem's position).
std::string verdict_tree(const Position& pos, const puzzles::Verdict& v, bool no_threat = false);

/// The fields of verdict_json after "variant" and "fen", into an object `w` has open.
void write_verdict_fields(JsonWriter& w, const puzzles::Verdict& v);

/// The grade as lines of text (cmd_puzzle_grade.cpp): legality, then, when `graded` (a sound
/// problem), key kind, flights, threats, duals, tries, mates, variations, surplus men,
/// promoted men, force and economy, men and score.
std::string grade_text(const puzzles::Grade& g, bool graded);
/// The grade as a "grade" object into an object `w` has open; with `merits` also variations,
/// promoted men, force and economy (a fresh grade: the corpus does not store them).
void write_grade_fields(JsonWriter& w, const puzzles::Grade& g, bool graded, bool merits = false);

/// A solved problem's grade (puzzle check, puzzle solve --grade): `graded` when the problem is
/// sound, the only one judged beyond legality and men.
struct SolvedGrade {
  puzzles::Grade grade;
  bool graded = false;
};
SolvedGrade grade_solved(const Position& pos, const puzzles::Verdict& v);
/// The verdict's fields and the grade (write_verdict_fields, write_grade_fields) into the
/// object `w` has open, then closes it: the text of one JSON object.
std::string graded_json(JsonWriter& w, const puzzles::Verdict& v, const SolvedGrade& g);

/// "#2 sound: key Re8", "#2 cooked: keys Qe2+, Qd1", "h#2 sound: 1. Kd5 Qc4 2. ...".
std::string verdict_caption(const puzzles::Verdict& v);

/// The problem position with every key drawn as an arrow in the colour of the side to move
/// (h#n: the keys are the distinct first moves of the solutions) and, in Conversion Chess, the
/// pieces a key converts marked. A key that does not read as SAN on `pos` is left undrawn.
SvgBoard problem_board(const Position& pos, const puzzles::Verdict& v, std::string caption);

/// `arbiter puzzle task` computed: the answers as text and the position with their moves drawn.
struct TaskAnswer {
  std::vector<std::string> answers;
  SvgBoard board;
};

/// Runs a task ("win-material", "both-mated", "conditional-mate") of a simultaneous or
/// conditional table on `fen`; side is White or Black (win-material). Throws PuzzleInputError.
TaskAnswer solve_task(const VariantPtr& v, const std::string& fen, const std::string& task,
                      Color side);

/// The tasks of each protocol that has some (its entry in cli/registry/cli_modules.hpp).
TaskAnswer conditional_task(const VariantPtr& v, const std::string& fen, const std::string& task,
                            Color side);
TaskAnswer sim_task(const VariantPtr& v, const std::string& fen, const std::string& task,
                    Color side);

/// "no solution", "sound" (one answer) or "cooked".
std::string task_verdict(const std::vector<std::string>& answers);
/// The exit status of a task: 0 when sound (one answer), 1 otherwise.
int task_status(const std::vector<std::string>& answers);

/// How `puzzle solve` prints a list of problems (a Popeye, EPD or FEN-lines file).
struct BatchOutput {
  bool json = false;         ///< one JSON object per line
  bool keys_only = false;    ///< as --keys-only
  bool progress = false;     ///< "problem 3/40 ..." on stderr
  bool tree = false;         ///< --format tree
  bool popeye = false;       ///< --format popeye (popeye_output.hpp); the summary on stderr
  bool brute_force = false;  ///< --brute-force: h# without the helpmate bounds
  bool set_play = false;     ///< --set-play (or Popeye's SetPlay, problem by problem)
  int max_refutations = 1;   ///< --defence N (or Popeye's Defence n, problem by problem)
  int max_solutions = 64;    ///< --max-solutions N (or Popeye's MaxSolutions n, problem by problem)
  double timeout = 0;        ///< --timeout SECONDS per problem (0: none; Popeye's MaxTime too)
  int jobs = 1;              ///< --jobs N: problems solved at once, printed in file order
};

/// The exit status of one verdict: 0 when the problem is sound (a solution and no cook), 1
/// when it has no solution or is cooked.
/// A timed-out search gives 1 too: the claim was not established.
int verdict_status(const puzzles::Verdict& v);

/// "sound", "cooked", "no solution", or "timed out" (Verdict::timed_out).
std::string verdict_word(const puzzles::Verdict& v);
/// The line that ends a listing of solutions stopped at --max-solutions ("" when it was not).
std::string capped_listing_note(const puzzles::Verdict& v);

/// The verdicts of a file of problems, counted for its summary line and exit status.
class VerdictTally {
 public:
  void add(puzzles::Soundness s, bool timed_out = false);
  void add_error() { ++errors_; }
  /// "4 problems: 2 sound, 1 cooked, 1 no solution, 0 not read" ("1 timed out, " before
  /// "not read" when one did).
  std::string summary() const;
  /// 2 when a problem could not be read, else 1 when one is not sound (or timed out), else 0.
  int status() const;
  bool empty() const { return sound_ + cooked_ + no_solution_ + timed_out_ + errors_ == 0; }

 private:
  int sound_ = 0, cooked_ = 0, no_solution_ = 0, timed_out_ = 0, errors_ = 0;
};

/// Solves each problem in turn and prints one result per problem, headed by its number,
/// source and metadata, in `v` or in the table its Popeye `Condition` names (compiled with its
/// defaults, unless it is `v`'s table), then the summary line (stdout; stderr with --json, so
/// that stdout stays one object per line). Returns VerdictTally::status(): 2 when some problem
/// could not be read or loaded (the others are solved all the same), else 1 when one is not
/// sound, else 0.
int solve_batch(const VariantPtr& v, const std::vector<ProblemSpec>& problems,
                const BatchOutput& o);

/// Runs `f` (a command returning its exit status), turning a bad input (PuzzleInputError,
/// ProblemFileError, std::invalid_argument: a table of the wrong protocol, a bad knob) into
/// exit status 2.
template <typename F>
int guarded(F&& f) {
  try {
    return f();
  } catch (const PuzzleInputError& e) {
    std::cerr << "arbiter: error: " << e.what() << '\n';
  } catch (const ProblemFileError& e) {
    std::cerr << "arbiter: error: " << e.what() << '\n';
  } catch (const std::invalid_argument& e) {
    std::cerr << "arbiter: error: " << e.what() << '\n';
  }
  return 2;
}

/// A yes/no option of a subcommand: its name, the member of the subcommand's options it sets,
/// its help.
template <typename Options>
struct FlagSpec {
  const char* name;
  bool Options::*member;
  const char* help;
};

/// Adds `flags` to `cmd` in their order (so --help lists them so), each bound to its member of
/// `o`, which must live as long as the command (the callback holds it).
template <typename Options>
void add_flags(CLI::App* cmd, Options& o, std::initializer_list<FlagSpec<Options>> flags) {
  for (const FlagSpec<Options>& f : flags) cmd->add_flag(f.name, o.*f.member, f.help);
}

/// Opens (creating if needed) a corpus database; one that cannot be opened or is not a
/// database is an input error (PuzzleInputError naming the file).
std::unique_ptr<puzzles::CorpusDb> open_corpus(const std::string& path);

void register_puzzle_corpus_commands(CLI::App* puzzle, int& status);  // generate, merge, check

/// `puzzle generate --source solver`'s candidates: Z3's mating nets
/// (solver/analysis/puzzle_candidates.hpp) for an h#n (`help`), an s#n (`self`) or a #n. In
/// the arbiter program, which holds no solver (cli/core/solver_program.hpp), it hands the
/// command line to the solver program instead (engine_handoffs.cpp).
puzzles::CandidateProposer solver_proposer(const VariantPtr& v, bool help, bool self);
void register_puzzle_export_command(CLI::App* puzzle, int& status);  // cmd_puzzle_export.cpp
void register_puzzle_task_command(CLI::App* puzzle, int& status);    // simultaneous tasks

}  // namespace arbiter::cli
