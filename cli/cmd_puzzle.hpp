// Pieces shared by the `arbiter puzzle` subcommands: loading a problem from its texts (with
// exit status 2 for a bad FEN or stipulation), printing a verdict, the progress reporter.
#pragma once

#include <CLI/CLI.hpp>
#include <chrono>
#include <string>

#include "puzzles/stipulation.hpp"
#include "puzzles/verdict.hpp"
#include "rules/position.hpp"

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
std::string verdict_json(const puzzles::Verdict& v, const std::string& variant,
                         const std::string& fen);

void register_puzzle_corpus_commands(CLI::App* puzzle, int& status);  // generate, merge, ...
void register_puzzle_task_command(CLI::App* puzzle, int& status);     // simultaneous tasks

}  // namespace arbiter::cli
