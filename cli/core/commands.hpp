// The arbiter subcommands. Each register_* adds one or more subcommands to the app; the
// subcommand's callback stores its exit status in `status`.
#pragma once

#include <CLI/CLI.hpp>
#include <array>
#include <exception>
#include <span>
#include <string_view>

#include "cli/core/run.hpp"  // run(): parses and runs the command line

namespace arbiter::cli {

void register_table_commands(CLI::App& app, int& status);  // variants, check-table
void register_perft_command(CLI::App& app, int& status);
void register_verify_command(CLI::App& app, int& status);
void register_position_commands(CLI::App& app, int& status);  // moves
void register_replay_command(CLI::App& app, int& status);
void register_resolve_command(CLI::App& app, int& status);      // Diplomacy Chess turns
void register_find_command(CLI::App& app, int& status);         // find (Z3 scenarios)
void register_coverage_command(CLI::App& app, int& status);     // coverage
void register_corpus_command(CLI::App& app, int& status);       // corpus record, corpus check
void register_diff_command(CLI::App& app, int& status);         // semantic diff of two tables
void register_ambiguities_command(CLI::App& app, int& status);  // knob witnesses
void register_puzzle_command(CLI::App& app, int& status);       // composed problems
void register_report_command(CLI::App& app, int& status);       // HTML report
void register_serve_command(CLI::App& app, int& status);        // the monitor (HTTP)

/// One register_* and the names of the subcommands it adds (tests/cli/core/registrars_test.cpp
/// checks that they are the ones it adds). run() registers only the one whose name is the
/// command line's first word: CLI11 builds every option of every command it is given, about
/// 1 ms of each process's start (docs/performance.md, "Start-up").
struct CommandRegistrar {
  std::array<std::string_view, 2> names;  ///< an empty name: none
  void (*add)(CLI::App& app, int& status);
};

/// Every subcommand's registrar, in the order of `arbiter --help` (registrars.cpp: the solver
/// program's; solver_program.hpp).
std::span<const CommandRegistrar> command_registrars();

/// The registrar among `registrars` that adds the subcommand `word`; null when none does.
const CommandRegistrar* find_registrar(std::span<const CommandRegistrar> registrars,
                                       std::string_view word);

/// Parses and runs the command line with `registrars` (run_solver_program, run.hpp, says what
/// it returns); `solver_error`, when given, turns an error of the solver's into an exit status
/// (-1: not one of its errors).
int run(int argc, char** argv, std::span<const CommandRegistrar> registrars,
        int (*solver_error)(const std::exception&) = nullptr);

}  // namespace arbiter::cli
