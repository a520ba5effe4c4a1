// The arbiter command is two programs. `arbiter` holds the commands that need no Z3 solver (the
// engine's, the composed problems', serve), so that loading libz3, about 2.4 ms of every
// process's start on a 2-core virtual machine (docs/performance.md, "Start-up"), is paid only by
// the commands that use it. Every other command line (the top-level help, --version, a solver
// command, a mistyped word, and `replay --readings` or `puzzle generate --source solver` once
// read) runs, unchanged, in `arbiter-solver` beside it, which holds every command.
#pragma once

#include <span>

#include "cli/core/commands.hpp"

namespace arbiter::cli {

/// The solver program's file name; it sits beside the arbiter binary.
inline constexpr const char* kSolverProgram = "arbiter-solver";

/// Replaces this process by the solver program beside this binary, with this process's own
/// command line (/proc/self/cmdline): what it printed and did so far is all it does. Throws
/// std::runtime_error when it cannot.
[[noreturn]] void run_in_solver_program();

/// The commands the arbiter program holds, in the order of `arbiter --help`
/// (engine_registrars.cpp); command_registrars() has them and the solver's.
std::span<const CommandRegistrar> engine_command_registrars();

}  // namespace arbiter::cli
