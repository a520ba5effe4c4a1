// The programs the arbiter command hands a command line to, beside its binary: the server
// program (`arbiter serve`, cmd_serve.cpp) and the solver program (solver_program.hpp).
#pragma once

#include <string>
#include <vector>

namespace arbiter::cli {

/// Replaces this process by the program named `name` (the `kind` program: "server", "solver")
/// in the folder of the running binary, with `arguments` after its path. Throws
/// std::runtime_error, its message starting with `what` (the command that asked, or empty),
/// when it cannot; it never returns otherwise.
[[noreturn]] void exec_program_beside(const char* name, const char* kind,
                                      const std::vector<std::string>& arguments,
                                      const std::string& what);

}  // namespace arbiter::cli
