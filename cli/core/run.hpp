// The arbiter command's entry point, apart from commands.hpp so that core/main.cpp does not
// include CLI11 (several seconds of compile time in every file that does: cli/CMakeLists.txt).
#pragma once

namespace arbiter::cli {

/// The arbiter program (core/main.cpp): runs the command line when its first word names a
/// command the program holds (solver_program.hpp), else hands it to the solver program beside
/// it; returns the process exit status (kBadInput, with the error on stderr, when that program
/// cannot be run, as `arbiter serve` without its server program).
int run_arbiter(int argc, char** argv);

/// The solver program (core/solver_main.cpp), which holds every command: parses and runs the
/// command line; returns the process exit status (present/core/exit_status.hpp): the
/// subcommand's verdict, or kBadInput for a usage or input error, printed to stderr as
/// "arbiter: error: ..." (a mistyped name with the nearest known one,
/// cli/core/mistyped_words.hpp).
int run_solver_program(int argc, char** argv);

}  // namespace arbiter::cli
