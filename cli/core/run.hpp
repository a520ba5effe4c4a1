// The arbiter command's entry point, apart from commands.hpp so that core/main.cpp does not
// include CLI11 (several seconds of compile time in every file that does: cli/CMakeLists.txt).
#pragma once

namespace arbiter::cli {

/// Parses and runs the command line; returns the process exit status
/// (present/core/exit_status.hpp): the subcommand's verdict, or kBadInput for a usage or input
/// error, printed to stderr as "arbiter: error: ..." (a mistyped name with the nearest known one,
/// cli/core/mistyped_words.hpp).
int run(int argc, char** argv);

}  // namespace arbiter::cli
